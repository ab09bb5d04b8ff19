/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev_backend_stop(): refused while cdevs are live, then idempotent.
 * (Its unmounting is tested with a real FUSE mount in
 * tests/tools/cdevctl-safety.bats.)
 */
#include <errno.h>

#include "test-util.h"

static void stop_refused_while_cdevs_live(void **state)
{
	static const struct file_operations fops;
	struct cdev *c = cdev_alloc();

	(void)state;
	assert_non_null(c);
	c->ops = &fops;
	assert_int_equal(cdev_add(c, MKDEV(240, 0), 1), 0);
	assert_int_equal(libcdev_backend_stop(), -EBUSY);
	cdev_del(c);
	assert_int_equal(libcdev_backend_stop(), 0);
	assert_int_equal(libcdev_backend_stop(), 0);
	assert_string_equal(libcdev_backend_name(), "direct");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stop_refused_while_cdevs_live),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
