/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Misc devices and major 10 in the allocator, where the kernel does not
 * list it in /proc/devices: the misc region is MKDEV(10, 0) with all 256
 * minors, as the kernel's misc driver registers it, so no other driver gets
 * a number of major 10, fixed or dynamic, even once every misc device is
 * gone (the region stays, as in the kernel). Where the kernel holds 10
 * (nearly always), test-kmisc sees the dynamic major instead.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/major.h>
#include <linux/miscdevice.h>
#include <linux/module.h>

#include <fcntl.h>

#include "test-util.h"
#include <libcdev/direct.h>

static const struct file_operations plain_fops = { .owner = THIS_MODULE };

static int major_10_free(void **state)
{
	test_env_reset(state);
	test_write_proc_devices("  1 mem\n  4 tty\n  5 /dev/tty\n");
	return 0;
}

static void test_misc_takes_major_10(void **state)
{
	struct miscdevice dyn = { .minor = MISC_DYNAMIC_MINOR,
				  .name = "tdyn",
				  .fops = &plain_fops };
	struct miscdevice fixed = { .minor = 1, .name = "tfixed", .fops = &plain_fops };
	struct file *f;
	dev_t other;

	(void)state;
	assert_int_equal(MISC_MAJOR, 10);
	assert_int_equal(misc_register(&dyn), 0);
	assert_int_equal(misc_register(&fixed), 0);
	assert_true(dyn.this_device->devt == MKDEV(MISC_MAJOR, 127));
	assert_true(fixed.this_device->devt == MKDEV(MISC_MAJOR, 1));
	assert_int_equal(cdev_direct_open(MKDEV(MISC_MAJOR, 1), O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_release(f), 0);

	/* Major 10 is the misc driver's, every minor of it, used or not. */
	assert_int_equal(register_chrdev_region(MKDEV(MISC_MAJOR, 200), 1, "other"), -EBUSY);
	assert_int_equal(register_chrdev(MISC_MAJOR, "other", &plain_fops), -EBUSY);
	assert_int_equal(alloc_chrdev_region(&other, 0, 1, "other"), 0);
	assert_int_not_equal(MAJOR(other), MISC_MAJOR);
	unregister_chrdev_region(other, 1);

	misc_deregister(&dyn);
	misc_deregister(&fixed);
	/* The region outlives its devices, as the kernel's misc driver keeps it. */
	assert_int_equal(register_chrdev_region(MKDEV(MISC_MAJOR, 200), 1, "other"), -EBUSY);
	assert_int_equal(cdev_direct_open(MKDEV(MISC_MAJOR, 1), O_RDONLY, &f), -ENXIO);
	fixed.minor = 1;
	assert_int_equal(misc_register(&fixed), 0);
	assert_true(fixed.this_device->devt == MKDEV(MISC_MAJOR, 1));
	misc_deregister(&fixed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_misc_takes_major_10, major_10_free),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
