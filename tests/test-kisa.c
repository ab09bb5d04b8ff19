/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The interfaces of PC and ISA hardware drivers of drivers/char: the
 * DoubleTalk synthesizer's ioctls and settings block as programs were built
 * with them, and the calibrated delay loop its driver polls ports with
 * (loops_per_jiffy loops of __delay() last a jiffy).
 */
#include <linux/delay.h>
#include <linux/dtlk.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include <stddef.h>
#include <time.h>

#include "test-util.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dtlk_abi),
		cmocka_unit_test(test_delay_loop_calibrated),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
