/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Device numbers: the kernel's 12:20 encoding and the conversion to and from
 * the C library's dev_t (DESIGN: "MINORBITS 20, MINORMASK 0xFFFFF ...").
 */
#include <sys/sysmacros.h>

#include "test-util.h"

static void kdev_constants(void **state)
{
	(void)state;
	assert_int_equal(MINORBITS, 20);
	assert_int_equal(MINORMASK, 0xFFFFF);
	assert_int_equal(CHRDEV_MAJOR_MAX, 512);
}

static void kdev_mkdev_major_minor(void **state)
{
	(void)state;
	assert_int_equal(MKDEV(1, 3), (1 << 20) | 3);
	assert_int_equal(MKDEV(511, MINORMASK), 0x1FFFFFFF);
	assert_int_equal(MAJOR(MKDEV(254, 77)), 254);
	assert_int_equal(MINOR(MKDEV(254, 77)), 77);
	assert_int_equal(MAJOR(MKDEV(300, 0x12345)), 300);
	assert_int_equal(MINOR(MKDEV(300, 0x12345)), 0x12345);
	/* A minor count that runs past MINORMASK lands in the next major. */
	assert_int_equal(MAJOR(MKDEV(7, MINORMASK) + 1), 8);
	assert_int_equal(MINOR(MKDEV(7, MINORMASK) + 1), 0);
}

static void kdev_system_conversion(void **state)
{
	dev_t k = MKDEV(240, 0x12345);
	dev_t s = new_encode_dev(k);

	(void)state;
	assert_int_equal(major(s), 240);
	assert_int_equal(minor(s), 0x12345);
	assert_int_equal(new_decode_dev(makedev(10, 203)), MKDEV(10, 203));
	assert_int_equal(new_decode_dev(s), k);
	/* The two encodings differ above minor 255: conversion is not a no-op. */
	assert_int_not_equal(s, k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kdev_constants),
		cmocka_unit_test(kdev_mkdev_major_minor),
		cmocka_unit_test(kdev_system_conversion),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
