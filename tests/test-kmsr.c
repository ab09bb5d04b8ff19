/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Model-specific registers (<asm/msr.h>), simulated: the MSRs a described
 * device brings (msr=ADDR=VALUE,...) read back what was written, in halves
 * or whole, through every form of the accessors, and go with the device;
 * one nobody described faults as a missing MSR does: -EIO from the _safe
 * forms, the kernel's "unchecked MSR access error" once from the others,
 * which read 0. Bad descriptions and two devices claiming one MSR are
 * refused. The CS5535/CS5536's <linux/cs5535.h>: the MSRs, registers and
 * bits drivers/misc/cs5535-mfgpt.c uses, its Z-source routing through an
 * MSR, and its MFGPT block's 16-bit registers through the port I/O bank.
 */
#include <asm/msr.h>
#include <linux/cs5535.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/platform_device.h>

#include <string.h>

#include "test-util.h"

#define MSR_UNDESCRIBED 0x12345678

static void test_msr_absent(void **state)
{
	unsigned long long q = 1;
	u32 lo = 1, hi = 1;
	u64 q64 = 1;

	(void)state;
	assert_int_equal(rdmsr_safe(MSR_UNDESCRIBED, &lo, &hi), -EIO);
	assert_int_equal(lo, 0);
	assert_int_equal(hi, 0);
	assert_int_equal(rdmsrl_safe(MSR_UNDESCRIBED, &q), -EIO);
	assert_int_equal(q, 0);
	assert_int_equal(wrmsr_safe(MSR_UNDESCRIBED, 1, 2), -EIO);
	assert_int_equal(wrmsrl_safe(MSR_UNDESCRIBED, 3), -EIO);
	assert_int_equal(rdmsr_safe_on_cpu(0, MSR_UNDESCRIBED, &lo, &hi), -EIO);
	assert_int_equal(rdmsrl_safe_on_cpu(0, MSR_UNDESCRIBED, &q64), -EIO);
	assert_int_equal(wrmsrl_safe_on_cpu(0, MSR_UNDESCRIBED, 3), -EIO);
	assert_int_equal(msr_set_bit(MSR_UNDESCRIBED, 1), -EIO);
	assert_int_equal(msr_clear_bit(MSR_UNDESCRIBED, 1), -EIO);
	/* The _safe forms fault quietly. */
	assert_null(strstr(test_log_take(), "unchecked MSR access"));
}

static void test_msr_read_back(void **state)
{
	struct platform_device *pdev;
	unsigned long long q;
	u32 lo, hi;
	u64 q64;

	(void)state;
	assert_int_equal(libcdev_platform_describe("geode.0 msr=0x10=0x123456789abcdef0 "
						   "msr=0x51400022=0x70000000,0x51400029=7",
						   &pdev),
			 0);
	rdmsr(0x10, lo, hi);
	assert_int_equal(lo, 0x9abcdef0);
	assert_int_equal(hi, 0x12345678);
	rdmsrl(0x51400022, q);
	assert_int_equal(q, 0x70000000);
	assert_int_equal(rdmsr_safe(0x51400029, &lo, &hi), 0);
	assert_int_equal(lo, 7);
	assert_int_equal(hi, 0);
	/* What is written is read back, all 64 bits. */
	wrmsr(0x10, 0xdeadbeef, 0xcafe);
	assert_int_equal(rdmsrl_safe(0x10, &q), 0);
	assert_int_equal(q, 0x0000cafedeadbeefULL);
	wrmsrl(0x51400029, 0xffffffff00000001ULL);
	rdmsr(0x51400029, lo, hi);
	assert_int_equal(lo, 1);
	assert_int_equal(hi, 0xffffffff);
	assert_int_equal(wrmsr_safe(0x51400022, 0x11, 0x22), 0);
	assert_int_equal(wrmsrl_safe(0x10, 5), 0);
	assert_int_equal(rdmsr_on_cpu(1, 0x51400022, &lo, &hi), 0);
	assert_int_equal(lo, 0x11);
	assert_int_equal(hi, 0x22);
	assert_int_equal(wrmsrl_on_cpu(0, 0x10, 6), 0);
	assert_int_equal(rdmsrl_on_cpu(0, 0x10, &q64), 0);
	assert_int_equal(q64, 6);
	/* A bit: 1 when it changed, 0 when it was so already. */
	assert_int_equal(msr_set_bit(0x10, 63), 1);
	assert_int_equal(msr_set_bit(0x10, 63), 0);
	assert_int_equal(msr_clear_bit(0x10, 1), 1);
	assert_int_equal(msr_clear_bit(0x10, 1), 0);
	rdmsrl(0x10, q);
	assert_int_equal(q, 0x8000000000000004ULL);
	assert_int_equal(msr_set_bit(0x10, 64), -EINVAL);
	assert_null(strstr(test_log_take(), "unchecked MSR access"));
	/* They go with the device. */
	platform_device_unregister(pdev);
	assert_int_equal(rdmsr_safe(0x10, &lo, &hi), -EIO);
	assert_int_equal(wrmsr_safe(0x51400029, 0, 0), -EIO);
}

/* The only test that reads and writes an MSR unchecked: the warnings come once per process. */
static void test_msr_unchecked(void **state)
{
	unsigned long long q = 1;
	const char *log;
	u32 lo = 1, hi = 1;

	(void)state;
	test_log_take();
	rdmsr(MSR_UNDESCRIBED, lo, hi);
	assert_int_equal(lo, 0);
	assert_int_equal(hi, 0);
	log = test_log_take();
	assert_non_null(
		strstr(log, "unchecked MSR access error: RDMSR from 0x12345678 at rIP: 0x"));
	rdmsrl(MSR_UNDESCRIBED + 1, q);
	assert_int_equal(q, 0);
	assert_null(strstr(test_log_take(), "unchecked MSR access"));
	wrmsr(MSR_UNDESCRIBED, 2, 1);
	assert_non_null(strstr(test_log_take(), "unchecked MSR access error: WRMSR to 0x12345678 "
						"(tried to write 0x0000000100000002) at rIP: 0x"));
	wrmsrl(MSR_UNDESCRIBED, 3);
	assert_null(strstr(test_log_take(), "unchecked MSR access"));
	/* The write changed nothing: the MSR is still missing. */
	assert_int_equal(rdmsr_safe(MSR_UNDESCRIBED, &lo, &hi), -EIO);
}

static void test_msr_refused(void **state)
{
	static const char *const bad[] = {
		"geode msr=0x10",
		"geode msr=0x10=",
		"geode msr=-1=0",
		"geode msr=0x100000000=0",
		"geode msr=0x10=0x1,",
		"geode msr=0x10=1,,0x11=2",
		"geode msr==1",
		"geode msr=0x10=1x",
		"geode msr=0x10=0x10000000000000000",
		"geode msr=0x10=1;0x11=2",
	};
	struct platform_device *a;
	u32 lo, hi;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		test_log_take();
		assert_int_equal(libcdev_platform_describe(bad[i], NULL), -EINVAL);
		assert_non_null(strstr(test_log_peek(), "msr= is ADDR=VALUE"));
	}
	/* One MSR, one device: a second claim is refused, and takes none of its others. */
	assert_int_equal(libcdev_platform_describe("geode.1 msr=0x10=1", &a), 0);
	test_log_take();
	assert_int_equal(libcdev_platform_describe("geode.2 msr=0x11=2,0x10=3", NULL), -EBUSY);
	assert_non_null(strstr(test_log_peek(), "MSR 0x10 is geode's already"));
	assert_int_equal(rdmsr_safe(0x11, &lo, &hi), -EIO);
	assert_int_equal(libcdev_platform_describe("geode.3 msr=0x12=1 msr=0x12=2", NULL), -EBUSY);
	assert_int_equal(rdmsr_safe(0x12, &lo, &hi), -EIO);
	assert_int_equal(rdmsr_safe(0x10, &lo, &hi), 0);
	assert_int_equal(lo, 1);
	platform_device_unregister(a);
}

/* What drivers/misc/cs5535-mfgpt.c takes from the header, with the values of the data book. */
static void test_cs5535_constants(void **state)
{
	(void)state;
	assert_int_equal(MSR_MFGPT_IRQ, 0x51400028);
	assert_int_equal(MSR_MFGPT_NR, 0x51400029);
	assert_int_equal(MSR_MFGPT_SETUP, 0x5140002B);
	assert_int_equal(MSR_PIC_ZSEL_LOW, 0x51400022);
	assert_int_equal(MSR_PIC_IRQM_LPC, 0x51400025);
	assert_int_equal(MSR_LBAR_MFGPT, 0x5140000D);
	assert_int_equal(MFGPT_MAX_TIMERS, 8);
	assert_int_equal(MFGPT_DOMAIN_ANY, 3);
	assert_int_equal(MFGPT_CMP1, 0);
	assert_int_equal(MFGPT_CMP2, 1);
	assert_int_equal(MFGPT_EVENT_IRQ, 0);
	assert_int_equal(MFGPT_EVENT_NMI, 1);
	assert_int_equal(MFGPT_EVENT_RESET, 3);
	assert_int_equal(MFGPT_REG_CMP1, 0);
	assert_int_equal(MFGPT_REG_COUNTER, 4);
	assert_int_equal(MFGPT_REG_SETUP, 6);
	assert_int_equal(MFGPT_SETUP_SETUP, 0x1000);
	assert_int_equal(MFGPT_SETUP_CNTEN, 0x8000);
	assert_int_equal(LBAR_MFGPT_SIZE, 0x40);
	assert_int_equal(CONFIG_CS5535_MFGPT_DEFAULT_IRQ, 7);
	assert_int_equal(CS5536_GPIOM7_PME_FLAG, 0x80000000u);
}

/* The Z sources' routing is a nibble each of an MSR; the VSA's ports float here. */
static void test_cs5535_msrs_and_ports(void **state)
{
	struct platform_device *pdev;
	u32 lo, hi;

	(void)state;
	assert_int_equal(libcdev_platform_describe("cs5535-mfgpt io=0x6200+0x40 "
						   "msr=0x51400023=0xfffff0ff,0x51400022=0",
						   &pdev),
			 0);
	assert_int_equal(cs5535_pic_unreqz_select_high(2, 0x5), 0);
	rdmsr(MSR_PIC_ZSEL_HIGH, lo, hi);
	assert_int_equal(lo, 0xfffff5ff);
	assert_int_equal(hi, 0);
	/* Timer 2's setup register, 8 ports a timer, 16 bits wide, and the block's 32-bit view. */
	outw(MFGPT_SETUP_SETUP | MFGPT_SETUP_CNTEN, 0x6200 + 2 * 8 + MFGPT_REG_SETUP);
	assert_int_equal(inw(0x6200 + 2 * 8 + MFGPT_REG_SETUP), 0x9000);
	assert_int_equal(inw(0x6200 + 1 * 8 + MFGPT_REG_SETUP), 0);
	assert_int_equal(inl(0x6200 + 2 * 8 + MFGPT_REG_COUNTER), 0x90000000u);
	outl(0x12345678, 0x6200 + 3 * 8);
	assert_int_equal(inw(0x6200 + 3 * 8 + MFGPT_REG_CMP2), 0x1234);
	/* No firmware answers at 0xAC1C: no VSA2. */
	assert_int_equal(cs5535_has_vsa2(), 0);
	platform_device_unregister(pdev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_msr_absent, test_env_capture),
		cmocka_unit_test_setup(test_msr_read_back, test_env_capture),
		cmocka_unit_test_setup(test_msr_unchecked, test_env_capture),
		cmocka_unit_test_setup(test_msr_refused, test_env_capture),
		cmocka_unit_test(test_cs5535_constants),
		cmocka_unit_test_setup(test_cs5535_msrs_and_ports, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
