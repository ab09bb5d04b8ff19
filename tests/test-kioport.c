/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Port I/O as an x86 driver does it: inb()/outb() and their wider, paused
 * and string forms reach the bank of a port region described as
 * io=START+SIZE (plain memory, or a model a test gives); a port no device
 * has reads all ones. request_region() and the others claim ranges as the
 * kernel's resource tree does: an overlap fails, a muxed request waits for a
 * muxed holder, devm_ claims go at unbind, a bad release is reported.
 */
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"

static void test_ports_round_trip(void **state)
{
	struct platform_device *pdev;
	u8 in[4], out[4] = { 1, 2, 3, 4 };

	(void)state;
	assert_int_equal(libcdev_platform_describe("isa.0 io=0x300+8", &pdev), 0);
	assert_int_equal(platform_get_resource(pdev, IORESOURCE_IO, 0)->start, 0x300);
	outb(0x5a, 0x300);
	assert_int_equal(inb(0x300), 0x5a);
	outw_p(0xbeef, 0x302);
	assert_int_equal(inw_p(0x302), 0xbeef);
	assert_int_equal(inb(0x302), 0xef); /* little-endian, as the bus is */
	outl(0x12345678, 0x304);
	assert_int_equal(inl(0x304), 0x12345678);
	/* The string forms repeat on one port. */
	outsb(0x301, out, 4);
	assert_int_equal(inb(0x301), 4);
	insb(0x301, in, 4);
	assert_memory_equal(in, "\4\4\4\4", 4);
	/* A device's ports go with it. */
	platform_device_unregister(pdev);
	test_log_take();
	assert_int_equal(inb(0x300), 0xff);
	assert_non_null(strstr(test_log_peek(), "no device has ports 0x300-0x300"));
}

struct model {
	unsigned long last_off;
	unsigned int last_size;
	uint64_t written;
};

static uint64_t model_read(void *ctx, unsigned long off, unsigned int size)
{
	struct model *m = ctx;

	m->last_off = off;
	m->last_size = size;
	return 0x40 + off;
}

static void model_write(void *ctx, unsigned long off, unsigned int size, uint64_t value)
{
	struct model *m = ctx;

	m->last_off = off;
	m->last_size = size;
	m->written = value;
}

static const struct libcdev_regbank_ops model_ops = { .read = model_read, .write = model_write };

static void test_ports_modelled(void **state)
{
	struct platform_device *pdev;
	struct model m = { 0 };

	(void)state;
	assert_int_equal(libcdev_platform_describe("uart io=0x3f8+8", &pdev), 0);
	assert_int_equal(libcdev_portbank_set_ops(0x3fc, &model_ops, &m), 0);
	assert_int_equal(inb(0x3fd), 0x45);
	assert_int_equal(m.last_off, 5);
	assert_int_equal(m.last_size, 1);
	outw(0x0102, 0x3fa);
	assert_int_equal(m.last_off, 2);
	assert_int_equal(m.last_size, 2);
	assert_int_equal(m.written, 0x0102);
	assert_int_equal(libcdev_portbank_set_ops(0x2f8, &model_ops, &m), -ENOENT);
	platform_device_unregister(pdev);
}

/* Ports no device has float, as on an empty bus; said once per process. */
static void test_ports_unbacked(void **state)
{
	(void)state;
	test_log_take();
	assert_int_equal(inb(0x80), 0xff);
	assert_int_equal(inw(0x80), 0xffff);
	assert_int_equal(inl(0x80), 0xffffffffu);
	outb(1, 0x80);
	assert_int_equal(inb(0x80), 0xff);
	/* An access across a region's end is not in the region. */
	assert_int_equal(libcdev_platform_describe("edge io=0x200+2", NULL), 0);
	assert_int_equal(inl(0x200), 0xffffffffu);
	libcdev_platform_forget_described();
}

static void test_describe_ports_refused(void **state)
{
	static const char *const bad[] = {
		"x io=0x300", "x io=0x300+0", "x io=0xfff0+0x20", "x io=0x10000+1", "x io=-1+2",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		test_log_take();
		assert_int_equal(libcdev_platform_describe(bad[i], NULL), -EINVAL);
		assert_non_null(strstr(test_log_peek(), "platform device"));
	}
	assert_int_equal(libcdev_platform_describe("y io=0xfff0+0x10", NULL), 0);
	libcdev_platform_forget_described();
}

static void test_request_region(void **state)
{
	struct resource *a, *b, *m;

	(void)state;
	a = request_region(0x378, 3, "parport0");
	assert_non_null(a);
	assert_int_equal(a->start, 0x378);
	assert_int_equal(a->end, 0x37a);
	assert_string_equal(a->name, "parport0");
	assert_int_equal(resource_type(a), IORESOURCE_IO);
	assert_true(a->flags & IORESOURCE_BUSY);
	/* Any overlap is busy; a neighbour is not. */
	assert_null(request_region(0x37a, 1, "other"));
	assert_null(request_region(0x370, 0x10, "other"));
	b = request_region(0x37b, 1, "next");
	assert_non_null(b);
	/* Ports end at 0xffff; an empty range is nothing to claim. */
	assert_null(request_region(0xffff, 2, "wide"));
	assert_null(request_region(0x100, 0, "none"));
	/* Addresses are another space. */
	m = request_mem_region(0x378, 3, "mem");
	assert_non_null(m);
	assert_int_equal(resource_type(m), IORESOURCE_MEM);
	release_mem_region(0x378, 3);

	release_region(0x378, 3);
	assert_non_null(request_region(0x37a, 1, "other"));
	release_region(0x37a, 1);
	release_region(0x37b, 1);
	/* Only an exact claim is released; anything else is the kernel's warning. */
	test_log_take();
	release_region(0x500, 4);
	assert_non_null(strstr(test_log_peek(), "Trying to free nonexistent resource "
						"<0x0000000000000500-0x0000000000000503>"));
}

static void *release_later(void *arg)
{
	(void)arg;
	usleep(100 * 1000);
	release_region(0x2e, 2);
	return NULL;
}

/* Super I/O configuration ports are shared: a muxed request waits its turn. */
static void test_muxed_region_waits(void **state)
{
	pthread_t t;

	(void)state;
	assert_non_null(request_muxed_region(0x2e, 2, "first"));
	/* A plain request does not wait: busy. */
	assert_null(request_region(0x2e, 1, "plain"));
	assert_int_equal(pthread_create(&t, NULL, release_later, NULL), 0);
	assert_non_null(request_muxed_region(0x2e, 2, "second"));
	pthread_join(t, NULL);
	release_region(0x2e, 2);
	assert_non_null(request_region(0x2e, 2, "free"));
	release_region(0x2e, 2);
}

/* A parameter naming hardware is an ordinary parameter here (lockdown aside). */
static unsigned int io_base = 0x220;
module_param_hw(io_base, uint, ioport, 0444);
MODULE_PARM_DESC(io_base, "The card's first port");
static int irqs[2], nr_irqs;
module_param_hw_array(irqs, int, irq, &nr_irqs, 0444);

static void test_param_hw(void **state)
{
	(void)state;
	assert_int_equal(libcdev_module_param(THIS_MODULE, "io_base=0x300"), 0);
	assert_int_equal(io_base, 0x300);
	assert_int_equal(libcdev_module_param(THIS_MODULE, "irqs=5,7"), 0);
	assert_int_equal(nr_irqs, 2);
	assert_int_equal(irqs[1], 7);
}

static int claim_probe(struct platform_device *pdev)
{
	struct resource *r = platform_get_resource(pdev, IORESOURCE_IO, 0);

	if (!devm_request_region(&pdev->dev, r->start, resource_size(r), "tclaim"))
		return -EBUSY;
	return 0;
}

static struct platform_driver claim_driver = {
	.probe = claim_probe,
	.driver = { .name = "tclaim" },
};

static void test_devm_region_goes_at_unbind(void **state)
{
	struct platform_device *pdev;

	(void)state;
	assert_int_equal(platform_driver_register(&claim_driver), 0);
	assert_int_equal(libcdev_platform_describe("tclaim io=0x240+16", &pdev), 0);
	assert_non_null(pdev->dev.driver);
	assert_null(request_region(0x248, 1, "other"));
	platform_driver_unregister(&claim_driver);
	assert_non_null(request_region(0x248, 1, "other"));
	release_region(0x248, 1);
	platform_device_unregister(pdev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_ports_round_trip, test_env_capture),
		cmocka_unit_test_setup(test_ports_modelled, test_env_capture),
		cmocka_unit_test_setup(test_ports_unbacked, test_env_capture),
		cmocka_unit_test_setup(test_describe_ports_refused, test_env_capture),
		cmocka_unit_test_setup(test_request_region, test_env_capture),
		cmocka_unit_test_setup(test_muxed_region_waits, test_env_capture),
		cmocka_unit_test_setup(test_devm_region_goes_at_unbind, test_env_capture),
		cmocka_unit_test(test_param_hw),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
