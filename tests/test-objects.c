/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Objects: kobject counts and names, module references, and the cdev life
 * cycle (DESIGN: "cdev_alloc (freed by its release) vs cdev_init (embedded;
 * release does not free)", "A cdev never added is destroyed with kobject_put",
 * "cdev_get/cdev_put take and drop both the cdev's and its owner module's
 * references"). Run under ASan/LSan in CI, so a missing or early free fails.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "test-util.h"

static int released;

static void count_release(struct kobject *kobj)
{
	(void)kobj;
	released++;
}

static const struct kobj_type counting_ktype = { .release = count_release };

static void kobject_counts_and_releases_once(void **state)
{
	struct kobject k;

	(void)state;
	released = 0;
	kobject_init(&k, &counting_ktype);
	assert_int_equal(libcdev_kobject_refcount(&k), 1);
	assert_ptr_equal(kobject_get(&k), &k);
	assert_int_equal(libcdev_kobject_refcount(&k), 2);
	kobject_put(&k);
	assert_int_equal(released, 0);
	kobject_put(&k);
	assert_int_equal(released, 1);
	/* Once released, no new reference can be had. */
	assert_null(kobject_get_unless_zero(&k));
	kobject_put(NULL);
	assert_null(kobject_get(NULL));
}

static void kobject_set_name_formats(void **state)
{
	struct kobject k;

	(void)state;
	released = 0;
	kobject_init(&k, &counting_ktype);
	assert_null(kobject_name(&k));
	assert_int_equal(kobject_set_name(&k, "my_cdev%d", 7), 0);
	assert_string_equal(kobject_name(&k), "my_cdev7");
	assert_int_equal(kobject_set_name(&k, "%s-%02x", "again", 10), 0);
	assert_string_equal(kobject_name(&k), "again-0a");
	/* A kobject name is one path component: the kernel turns '/' into '!'. */
	assert_int_equal(kobject_set_name(&k, "%s", "dir/node"), 0);
	assert_string_equal(kobject_name(&k), "dir!node");
	assert_int_equal(kobject_set_name(NULL, "x"), -EINVAL);
	kobject_put(&k); /* frees the name; LSan checks */
	assert_int_equal(released, 1);
}

static void module_get_put_and_stop(void **state)
{
	struct module mod = { .name = "m", .refcnt = MODULE_REF_BASE };

	(void)state;
	assert_true(try_module_get(NULL));
	assert_true(try_module_get(&mod));
	assert_int_equal(module_refcount(&mod), 1);
	/* In use: stopping is refused, as rmmod of a busy module. */
	assert_int_equal(libcdev_module_stop(&mod, false), -EBUSY);
	module_put(&mod);
	assert_int_equal(module_refcount(&mod), 0);
	assert_int_equal(libcdev_module_stop(&mod, false), 0);
	assert_false(try_module_get(&mod));
	assert_int_equal(libcdev_module_stop(&mod, false), -EALREADY);
	libcdev_module_set_live(&mod);
	assert_true(try_module_get(&mod));
	/* Forced: users keep their reference, nobody new gets one. */
	assert_int_equal(libcdev_module_stop(&mod, true), 0);
	assert_false(try_module_get(&mod));
	module_put(&mod);
	assert_int_equal(libcdev_module_stop(NULL, false), -EINVAL);
	assert_string_equal(module_name(&mod), "m");
	assert_string_equal(module_name(NULL), "(unnamed)");
}

static void this_module_is_live(void **state)
{
	(void)state;
	assert_non_null(THIS_MODULE);
	assert_int_equal(module_refcount(THIS_MODULE), 0);
	assert_true(try_module_get(THIS_MODULE));
	module_put(THIS_MODULE);
}

static void cdev_alloc_initialises(void **state)
{
	struct cdev *c = cdev_alloc();

	(void)state;
	assert_non_null(c);
	assert_int_equal(libcdev_kobject_refcount(&c->kobj), 1);
	assert_null(c->ops);
	assert_null(c->owner);
	/* Never added: kobject_put() is how it is destroyed (LSan sees a leak otherwise). */
	kobject_put(&c->kobj);
}

static void cdev_alloc_freed_by_cdev_del(void **state)
{
	static const struct file_operations fops;
	struct cdev *c = cdev_alloc();

	(void)state;
	assert_non_null(c);
	c->ops = &fops;
	assert_int_equal(kobject_set_name(&c->kobj, "alloced%d", 1), 0);
	assert_int_equal(cdev_add(c, MKDEV(240, 0), 2), 0);
	assert_int_equal(c->dev, MKDEV(240, 0));
	assert_int_equal(c->count, 2);
	cdev_del(c); /* the last reference: freed here, or LSan fails the test */
}

static void cdev_init_embedded_not_freed(void **state)
{
	static const struct file_operations fops;
	struct {
		int before;
		struct cdev cdev;
		int after;
	} dev = { .before = 1, .after = 2 };

	(void)state;
	cdev_init(&dev.cdev, &fops);
	assert_ptr_equal(dev.cdev.ops, &fops);
	assert_int_equal(libcdev_kobject_refcount(&dev.cdev.kobj), 1);
	assert_int_equal(cdev_add(&dev.cdev, MKDEV(240, 5), 1), 0);
	/* Its release must not free(): this memory is on the stack (ASan would catch it). */
	cdev_del(&dev.cdev);
	assert_int_equal(dev.before, 1);
	assert_int_equal(dev.after, 2);

	/* The never-added embedded cdev: kobject_put, nothing freed either. */
	cdev_init(&dev.cdev, &fops);
	kobject_put(&dev.cdev.kobj);
	assert_int_equal(libcdev_kobject_refcount(&dev.cdev.kobj), 0);
}

static void cdev_get_put_take_both_references(void **state)
{
	struct module mod = { .name = "owner", .refcnt = MODULE_REF_BASE };
	static const struct file_operations fops;
	struct cdev *c = cdev_alloc();

	(void)state;
	assert_non_null(c);
	c->ops = &fops;
	c->owner = &mod;
	assert_ptr_equal(cdev_get(c), &c->kobj);
	assert_int_equal(libcdev_kobject_refcount(&c->kobj), 2);
	assert_int_equal(module_refcount(&mod), 1);
	cdev_put(c);
	assert_int_equal(libcdev_kobject_refcount(&c->kobj), 1);
	assert_int_equal(module_refcount(&mod), 0);

	/* An owner that is going gives no reference at all, on either count. */
	assert_int_equal(libcdev_module_stop(&mod, false), 0);
	assert_null(cdev_get(c));
	assert_int_equal(libcdev_kobject_refcount(&c->kobj), 1);
	assert_null(cdev_get(NULL));
	cdev_put(NULL);
	kobject_put(&c->kobj);
}

static void cdev_add_rejects_bad_ranges(void **state)
{
	struct cdev *c = cdev_alloc();

	(void)state;
	assert_non_null(c);
	assert_int_equal(cdev_add(NULL, MKDEV(240, 0), 1), -EINVAL);
	assert_int_equal(cdev_add(c, MKDEV(240, 0), 0), -EINVAL);
	assert_int_equal(cdev_add(c, MKDEV(512, 0), 1), -EINVAL);
	assert_int_equal(cdev_add(c, MKDEV(511, MINORMASK), 2), -EINVAL);
	/* A range may span majors, as the kernel's kobj_map allows. */
	assert_int_equal(cdev_add(c, MKDEV(300, MINORMASK), 2), 0);
	cdev_del(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kobject_counts_and_releases_once),
		cmocka_unit_test(kobject_set_name_formats),
		cmocka_unit_test(module_get_put_and_stop),
		cmocka_unit_test(this_module_is_live),
		cmocka_unit_test(cdev_alloc_initialises),
		cmocka_unit_test(cdev_alloc_freed_by_cdev_del),
		cmocka_unit_test(cdev_init_embedded_not_freed),
		cmocka_unit_test(cdev_get_put_take_both_references),
		cmocka_unit_test(cdev_add_rejects_bad_ranges),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
