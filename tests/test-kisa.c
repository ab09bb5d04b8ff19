/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The interfaces of PC and ISA hardware drivers of drivers/char: the
 * DoubleTalk synthesizer's ioctls and settings block as programs were built
 * with them, and the calibrated delay loop its driver polls ports with
 * (loops_per_jiffy loops of __delay() last a jiffy); the CMOS through ports
 * 0x70/0x71, floating with no device and the simulated MC146818 with
 * model=mc146818 (RAM that outlives the device, the host's clock in BCD or
 * binary, 24- or 12-hour form, read-only status); the NVRAM wrappers over
 * an architecture's byte ops; the generic seek of a file of fixed size; a
 * copy of the caller's bytes with memdup_user(); the SCx200, never found
 * (no PCI bus), whose GPIO accessors still drive the ports a base names.
 */
#include <linux/delay.h>
#include <linux/dtlk.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/mc146818rtc.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/nvram.h>
#include <linux/platform_device.h>
#include <linux/scx200.h>
#include <linux/scx200_gpio.h>
#include <linux/uaccess.h>

#include <fcntl.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include "test-util.h"
#include <libcdev/direct.h>

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}

/* The block user space receives from DTLK_INTERROGATE: 2 + 24 + 15 bytes, padded to 42. */
static void test_dtlk_abi(void **state)
{
	(void)state;
	assert_int_equal(DTLK_INTERROGATE, 0xa390);
	assert_int_equal(DTLK_STATUS, 0xa391);
	assert_int_equal(DTLK_IO_EXTENT, 2);
	assert_int_equal(sizeof(struct dtlk_settings), 42);
	assert_int_equal(offsetof(struct dtlk_settings, rom_version), 2);
	assert_int_equal(offsetof(struct dtlk_settings, mode), 26);
	assert_int_equal(offsetof(struct dtlk_settings, eob), 39);
	assert_int_equal(offsetof(struct dtlk_settings, has_indexing), 40);
	assert_int_equal(TTS_WRITABLE | TTS_READABLE, 0x90);
}

/* __delay(loops_per_jiffy) spins a jiffy; the driver's retry bound is a tenth of that. */
static void test_delay_loop_calibrated(void **state)
{
	unsigned long long t0, spent;

	(void)state;
	assert_int_equal(loops_per_jiffy, 1000000000UL / HZ);
	assert_int_equal(DTLK_MAX_RETRIES, loops_per_jiffy / 10);
	t0 = now_ns();
	__delay(loops_per_jiffy);
	spent = now_ns() - t0;
	assert_true(spent >= 1000000000ULL / HZ);
	t0 = now_ns();
	__delay(loops_per_jiffy / 1000);
	assert_true(now_ns() - t0 >= 1000000ULL / HZ);
}

static unsigned char cmos_get(unsigned char addr)
{
	unsigned long flags;
	unsigned char v;

	spin_lock_irqsave(&rtc_lock, flags);
	v = CMOS_READ(addr);
	spin_unlock_irqrestore(&rtc_lock, flags);
	return v;
}

static void cmos_set(unsigned char val, unsigned char addr)
{
	spin_lock_irq(&rtc_lock);
	CMOS_WRITE(val, addr);
	spin_unlock_irq(&rtc_lock);
}

static unsigned int bcd(unsigned char v)
{
	assert_true((v & 0x0f) <= 9 && (v >> 4) <= 9);
	return (v >> 4) * 10 + (v & 0x0f);
}

/* No device at 0x70: the ISA bus floats, as on a machine without a CMOS. */
static void test_cmos_absent(void **state)
{
	(void)state;
	assert_int_equal(cmos_get(NVRAM_FIRST_BYTE), 0xff);
	cmos_set(0x12, NVRAM_FIRST_BYTE);
	assert_int_equal(cmos_get(NVRAM_FIRST_BYTE), 0xff);
}

static void test_cmos_ram(void **state)
{
	struct platform_device *pdev;

	(void)state;
	assert_int_equal(libcdev_platform_describe("rtc_cmos io=0x70+2 model=mc146818", &pdev), 0);
	cmos_set(0x5a, 14);
	cmos_set(0xa5, 127);
	assert_int_equal(cmos_get(14), 0x5a);
	assert_int_equal(cmos_get(127), 0xa5);
	/* Bit 7 of the index masks the NMI; the index port is write-only. */
	assert_int_equal(cmos_get(0x80 | 14), 0x5a);
	assert_int_equal(inb(RTC_PORT(0)), 0xff);
	/* The alarms are RAM; the status registers are not written. */
	cmos_set(0x30, RTC_SECONDS_ALARM);
	assert_int_equal(cmos_get(RTC_SECONDS_ALARM), 0x30);
	cmos_set(0, RTC_VALID);
	assert_int_equal(cmos_get(RTC_VALID), RTC_VRT);
	assert_int_equal(cmos_get(RTC_INTR_FLAGS), 0);
	assert_int_equal(cmos_get(RTC_FREQ_SELECT) & RTC_UIP, 0);
	/* The battery: the RAM outlives the device. */
	platform_device_unregister(pdev);
	assert_int_equal(cmos_get(14), 0xff);
	assert_int_equal(libcdev_platform_describe("rtc_cmos io=0x70+2 model=mc146818", &pdev), 0);
	assert_int_equal(cmos_get(14), 0x5a);
	assert_int_equal(cmos_get(127), 0xa5);
	platform_device_unregister(pdev);
}

static void test_cmos_clock(void **state)
{
	struct platform_device *pdev;
	unsigned char control, hours;
	time_t now = time(NULL);
	struct tm tm;

	(void)state;
	gmtime_r(&now, &tm);
	assert_int_equal(libcdev_platform_describe("rtc_cmos io=0x70+2 model=mc146818", &pdev), 0);
	control = cmos_get(RTC_CONTROL);
	assert_true(control & RTC_24H);
	assert_int_equal(bcd(cmos_get(RTC_YEAR)), tm.tm_year % 100);
	assert_int_equal(bcd(cmos_get(RTC_MONTH)), tm.tm_mon + 1);
	assert_true(bcd(cmos_get(RTC_SECONDS)) < 60);
	assert_true(bcd(cmos_get(RTC_HOURS)) < 24);
	/* The clock is the host's: a write does not set it. */
	cmos_set(0x99, RTC_YEAR);
	assert_int_equal(bcd(cmos_get(RTC_YEAR)), tm.tm_year % 100);
	/* Binary, 12-hour form: 1-12 with bit 7 for the afternoon. */
	cmos_set(RTC_DM_BINARY, RTC_CONTROL);
	assert_int_equal(cmos_get(RTC_YEAR), tm.tm_year % 100);
	hours = cmos_get(RTC_HOURS);
	assert_true((hours & 0x7f) >= 1 && (hours & 0x7f) <= 12);
	cmos_set(control, RTC_CONTROL);
	platform_device_unregister(pdev);
	/* Without a data port it cannot be the chip. */
	test_log_take();
	assert_int_equal(libcdev_platform_describe("rtc_cmos io=0x70+1 model=mc146818", NULL),
			 -EINVAL);
	assert_non_null(strstr(test_log_peek(), "model=mc146818 needs io="));
}

/* An architecture with byte access only: the wrappers go byte by byte. */
static ssize_t cmos_nvram_size(void)
{
	return 128 - NVRAM_FIRST_BYTE;
}

static unsigned char cmos_nvram_read_byte(int i)
{
	return cmos_get((unsigned char)(NVRAM_FIRST_BYTE + i));
}

static void cmos_nvram_write_byte(unsigned char c, int i)
{
	cmos_set(c, (unsigned char)(NVRAM_FIRST_BYTE + i));
}

const struct nvram_ops arch_nvram_ops = {
	.get_size = cmos_nvram_size,
	.read_byte = cmos_nvram_read_byte,
	.write_byte = cmos_nvram_write_byte,
};

static void test_nvram_bytes(void **state)
{
	struct platform_device *pdev;
	char buf[200] = "abc";
	loff_t pos = 112;

	(void)state;
	assert_int_equal(libcdev_platform_describe("rtc_cmos io=0x70+2 model=mc146818", &pdev), 0);
	assert_int_equal(nvram_get_size(), 114);
	/* Up to the end, no further; the position moves past what was written. */
	assert_int_equal(nvram_write(buf, 3, &pos), 2);
	assert_int_equal(pos, 114);
	assert_int_equal(cmos_get(127), 'b');
	assert_int_equal(nvram_write(buf, 3, &pos), 0);
	pos = 0;
	assert_int_equal(nvram_read(buf, sizeof(buf), &pos), 114);
	assert_int_equal(buf[113], 'b');
	assert_int_equal(pos, 114);
	nvram_write_byte(0x42, 0);
	assert_int_equal(nvram_read_byte(0), 0x42);
	platform_device_unregister(pdev);
}

static void test_llseek_size(void **state)
{
	struct file f = { 0 };

	(void)state;
	assert_int_equal(generic_file_llseek_size(&f, 10, SEEK_SET, 100, 50), 10);
	assert_int_equal(generic_file_llseek_size(&f, 5, SEEK_CUR, 100, 50), 15);
	assert_int_equal(generic_file_llseek_size(&f, 0, SEEK_CUR, 100, 50), 15);
	assert_int_equal(generic_file_llseek_size(&f, -10, SEEK_END, 100, 50), 40);
	assert_int_equal(f.f_pos, 40);
	/* Up to the largest size, not below 0. */
	assert_int_equal(generic_file_llseek_size(&f, 60, SEEK_END, 100, 50), -EINVAL);
	assert_int_equal(generic_file_llseek_size(&f, -1, SEEK_SET, 100, 50), -EINVAL);
	assert_int_equal(generic_file_llseek_size(&f, 100, SEEK_SET, 100, 50), 100);
	/* No holes: data where asked, the hole at the end, nothing past it. */
	assert_int_equal(generic_file_llseek_size(&f, 7, SEEK_DATA, 100, 50), 7);
	assert_int_equal(generic_file_llseek_size(&f, 7, SEEK_HOLE, 100, 50), 50);
	assert_int_equal(generic_file_llseek_size(&f, 50, SEEK_DATA, 100, 50), -ENXIO);
	assert_int_equal(f.f_pos, 50);
}

static ssize_t dup_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	char *copy = memdup_user(buf, count);
	ssize_t ret;

	(void)file, (void)ppos;
	if (IS_ERR(copy))
		return PTR_ERR(copy);
	ret = count == 5 && !memcmp(copy, "hello", 5) ? (ssize_t)count : -EINVAL;
	kfree(copy);
	return ret;
}

static const struct file_operations dup_fops = { .owner = THIS_MODULE, .write = dup_write };
static struct miscdevice dup_misc = { .minor = MISC_DYNAMIC_MINOR,
				      .name = "tdup",
				      .fops = &dup_fops };

static void test_memdup_user(void **state)
{
	struct file *f;

	(void)state;
	assert_int_equal(misc_register(&dup_misc), 0);
	assert_int_equal(cdev_direct_open(dup_misc.this_device->devt, O_WRONLY, &f), 0);
	assert_int_equal(cdev_direct_write(f, "hello", 5), 5);
	assert_int_equal(cdev_direct_write(f, (const char *)8, 5), -EFAULT);
	cdev_direct_release(f);
	misc_deregister(&dup_misc);
}

static void test_scx200(void **state)
{
	struct platform_device *pdev;

	(void)state;
	/* Not found at boot, as on any machine without the chip. */
	assert_false(scx200_gpio_present());
	assert_false(scx200_cb_present());
	/* The accessors on a port region the base is pointed at. */
	assert_int_equal(libcdev_platform_describe("scxgpio io=0x6100+0x2c", &pdev), 0);
	scx200_gpio_base = 0x6100;
	assert_true(scx200_gpio_present());
	scx200_gpio_set(33, 1);	  /* bank 1, pin 1 */
	scx200_gpio_set_high(35); /* bank 1, pin 3 */
	assert_int_equal(inl(0x6110), 0x0a);
	assert_int_equal(inl(0x6100), 0);
	scx200_gpio_change(33);
	assert_int_equal(inl(0x6110), 0x08);
	assert_int_equal(scx200_gpio_current(35), 1);
	assert_int_equal(scx200_gpio_current(33), 0);
	outl(1u << 4, 0x6104); /* the input register of bank 0 */
	assert_int_equal(scx200_gpio_get(4), 1);
	assert_int_equal(scx200_gpio_get(5), 0);
	/* A pin's configuration: index to +0x20, the value at +0x24. */
	outl(0xf0, 0x6124);
	assert_int_equal(scx200_gpio_configure(7, 0x0f, 0x01), 0xf0);
	assert_int_equal(inl(0x6120), 7);
	assert_int_equal(inl(0x6124), 0x01);
	scx200_gpio_set_low(35);
	scx200_gpio_base = 0;
	platform_device_unregister(pdev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dtlk_abi),
		cmocka_unit_test(test_delay_loop_calibrated),
		cmocka_unit_test_setup(test_cmos_absent, test_env_capture),
		cmocka_unit_test_setup(test_cmos_ram, test_env_capture),
		cmocka_unit_test_setup(test_cmos_clock, test_env_capture),
		cmocka_unit_test_setup(test_nvram_bytes, test_env_capture),
		cmocka_unit_test(test_llseek_size),
		cmocka_unit_test_setup(test_memdup_user, test_env_capture),
		cmocka_unit_test_setup(test_scx200, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
