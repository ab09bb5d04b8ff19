/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kobjects and ksets as the kernel's samples/kobject use them: a kobject of
 * kobject_create_and_add() below kernel_kobj with a group of kobj_attribute
 * files, and objects of a kset with their own sysfs_ops and default groups.
 * The files are read and written through the nodes libcdev serves
 * (sys/kernel/...), the references on parents and ksets come and go as in
 * the kernel, the release runs exactly once on the last put (after the
 * files are gone, also with a file still open), and the errors are the
 * kernel's: -EEXIST for a name taken, -EINVAL for what is not added.
 */
#include <linux/kobject.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include <libcdev/direct.h>

static bool node_exists(const char *name)
{
	dev_t devt;

	return libcdev_device_lookup(name, &devt) == 0;
}

/* ---- kobject-example: kobj_attribute files in a group ---- */

static int foo;

static ssize_t foo_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", foo);
}

static ssize_t foo_store(struct kobject *kobj, struct kobj_attribute *attr, const char *buf,
			 size_t count)
{
	int ret = kstrtoint(buf, 10, &foo);

	return ret < 0 ? ret : (ssize_t)count;
}

static ssize_t version_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", kobject_name(kobj));
}

static struct kobj_attribute foo_attribute = __ATTR(foo, 0664, foo_show, foo_store);
static struct kobj_attribute version_attribute = __ATTR_RO(version);
static struct attribute *attrs[] = { &foo_attribute.attr, &version_attribute.attr, NULL };
static struct attribute_group attr_group = { .attrs = attrs };

static void test_kobject_example(void **state)
{
	struct kobject *kobj;
	struct file *f;
	char buf[64];

	(void)state;
	kobj = kobject_create_and_add("kobject_example", kernel_kobj);
	assert_non_null(kobj);
	assert_int_equal(libcdev_kobject_refcount(kernel_kobj), 2); /* the child's */
	assert_int_equal(sysfs_create_group(kobj, &attr_group), 0);
	assert_int_equal(test_node_read("sys/kernel/kobject_example/foo", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "0\n");
	assert_int_equal(test_node_write("sys/kernel/kobject_example/foo", "42\n"), 3);
	assert_int_equal(foo, 42);
	assert_int_equal(test_node_read("sys/kernel/kobject_example/foo", buf, sizeof(buf)), 3);
	assert_string_equal(buf, "42\n");
	/* A store's error reaches the writer. */
	assert_int_equal(test_node_write("sys/kernel/kobject_example/foo", "x"), -EINVAL);
	test_node_read("sys/kernel/kobject_example/version", buf, sizeof(buf));
	assert_string_equal(buf, "kobject_example\n");
	/* Mode 0444: not writable, though the sysfs_ops have a ->store (kernfs says -EACCES). */
	assert_int_equal(test_node_open("sys/kernel/kobject_example/version", O_WRONLY, &f),
			 -EACCES);
	sysfs_remove_group(kobj, &attr_group);
	assert_false(node_exists("sys/kernel/kobject_example/foo"));
	assert_int_equal(sysfs_create_file(kobj, &foo_attribute.attr), 0);
	assert_true(node_exists("sys/kernel/kobject_example/foo"));
	kobject_put(kobj);
	assert_false(node_exists("sys/kernel/kobject_example/foo"));
	assert_int_equal(libcdev_kobject_refcount(kernel_kobj), 1);
}

/* ---- kset-example: objects of a kset, their own sysfs_ops, default groups ---- */

struct foo_obj {
	struct kobject kobj;
	int foo;
	int baz;
	char file[64]; /* its "foo" file, once added */
};
#define to_foo_obj(x) container_of(x, struct foo_obj, kobj)

struct foo_attribute {
	struct attribute attr;
	ssize_t (*show)(struct foo_obj *foo, struct foo_attribute *attr, char *buf);
	ssize_t (*store)(struct foo_obj *foo, struct foo_attribute *attr, const char *buf,
			 size_t count);
};
#define to_foo_attr(x) container_of(x, struct foo_attribute, attr)

static ssize_t foo_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct foo_attribute *a = to_foo_attr(attr);

	return a->show ? a->show(to_foo_obj(kobj), a, buf) : -EIO;
}

static ssize_t foo_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			      size_t len)
{
	struct foo_attribute *a = to_foo_attr(attr);

	return a->store ? a->store(to_foo_obj(kobj), a, buf, len) : -EIO;
}

static const struct sysfs_ops foo_sysfs_ops = {
	.show = foo_attr_show,
	.store = foo_attr_store,
};

static int releases;
static char released_name[32];

static void foo_release(struct kobject *kobj)
{
	struct foo_obj *f = to_foo_obj(kobj);

	releases++;
	/* The name is gone, the files too: nothing can reach the object any more. */
	assert_null(kobject_name(kobj));
	if (f->file[0])
		assert_false(node_exists(f->file));
	snprintf(released_name, sizeof(released_name), "%d", f->foo);
	kfree(f);
}

static ssize_t value_show(struct foo_obj *f, struct foo_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", strcmp(attr->attr.name, "baz") ? f->foo : f->baz);
}

static ssize_t value_store(struct foo_obj *f, struct foo_attribute *attr, const char *buf,
			   size_t count)
{
	int ret = kstrtoint(buf, 10, strcmp(attr->attr.name, "baz") ? &f->foo : &f->baz);

	return ret < 0 ? ret : (ssize_t)count;
}

static struct foo_attribute foo_attr = __ATTR(foo, 0664, value_show, value_store);
static struct foo_attribute baz_attr = __ATTR(baz, 0644, value_show, NULL);
static struct attribute *foo_default_attrs[] = { &foo_attr.attr, &baz_attr.attr, NULL };
ATTRIBUTE_GROUPS(foo_default);

static const struct kobj_type foo_ktype = {
	.sysfs_ops = &foo_sysfs_ops,
	.release = foo_release,
	.default_groups = foo_default_groups,
};

static struct foo_obj *create_foo_obj(struct kset *kset, const char *name, int *err)
{
	struct foo_obj *f = kzalloc(sizeof(*f), GFP_KERNEL);
	char *path;

	assert_non_null(f);
	f->kobj.kset = kset;
	*err = kobject_init_and_add(&f->kobj, &foo_ktype, NULL, "%s", name);
	if (*err) {
		kobject_put(&f->kobj);
		return NULL;
	}
	path = kobject_get_path(&f->kobj, GFP_KERNEL);
	snprintf(f->file, sizeof(f->file), "sys%s/foo", path);
	kfree(path);
	kobject_uevent(&f->kobj, KOBJ_ADD);
	return f;
}

static void test_kset_example(void **state)
{
	struct kset *kset;
	struct foo_obj *f, *dup;
	char buf[64], *path;
	int err;

	(void)state;
	releases = 0;
	kset = kset_create_and_add("kset_example", NULL, kernel_kobj);
	assert_non_null(kset);
	f = create_foo_obj(kset, "foo", &err);
	assert_non_null(f);
	assert_ptr_equal(f->kobj.parent, &kset->kobj);
	/* The kset's own reference, the child's as parent, and its membership. */
	assert_int_equal(libcdev_kobject_refcount(&kset->kobj), 3);
	path = kobject_get_path(&f->kobj, GFP_KERNEL);
	assert_string_equal(path, "/kernel/kset_example/foo");
	kfree(path);
	assert_non_null(strstr(test_log_take(), "uevent add /kernel/kset_example/foo"));

	assert_int_equal(test_node_write("sys/kernel/kset_example/foo/foo", "7"), 1);
	assert_int_equal(f->foo, 7);
	f->baz = 9;
	test_node_read("sys/kernel/kset_example/foo/baz", buf, sizeof(buf));
	assert_string_equal(buf, "9\n");
	/* Writable (the mode and the sysfs_ops say so), but the attribute has no ->store. */
	assert_int_equal(test_node_write("sys/kernel/kset_example/foo/baz", "1"), -EIO);

	/* A second "foo" in the same kset: -EEXIST, and the references it took are given back. */
	dup = create_foo_obj(kset, "foo", &err);
	assert_null(dup);
	assert_int_equal(err, -EEXIST);
	assert_int_equal(releases, 1);
	assert_int_equal(libcdev_kobject_refcount(&kset->kobj), 3);
	releases = 0;

	/* The last of several puts releases, once. */
	kobject_get(&f->kobj);
	kobject_put(&f->kobj);
	assert_int_equal(releases, 0);
	assert_true(node_exists("sys/kernel/kset_example/foo/foo"));
	kobject_put(&f->kobj);
	assert_int_equal(releases, 1);
	assert_string_equal(released_name, "7");
	/* Its remove "uevent" went with the last put, as the kernel sends it. */
	assert_non_null(strstr(test_log_take(), "uevent remove /kernel/kset_example/foo"));
	assert_int_equal(libcdev_kobject_refcount(&kset->kobj), 1);
	kset_unregister(kset);
	assert_int_equal(libcdev_kobject_refcount(kernel_kobj), 1);
}

static void test_open_file_outlives_object(void **state)
{
	struct kset *kset = kset_create_and_add("held", NULL, NULL);
	struct foo_obj *f;
	struct file *file;
	char buf[16];
	int err;

	(void)state;
	releases = 0;
	assert_non_null(kset);
	f = create_foo_obj(kset, "obj", &err);
	assert_non_null(f);
	assert_int_equal(test_node_open("sys/held/obj/foo", O_RDWR, &file), 0);
	kobject_put(&f->kobj);
	assert_int_equal(releases, 1);
	/* The object is freed; its file, still open, answers -ENODEV and never reaches it. */
	assert_int_equal(cdev_direct_read(file, buf, sizeof(buf)), -ENODEV);
	assert_int_equal(cdev_direct_write(file, "1", 1), -ENODEV);
	cdev_direct_release(file);
	kset_unregister(kset);
}

static umode_t hide_second(struct kobject *kobj, struct attribute *attr, int n)
{
	return n == 1 ? 0 : 0440;
}

static struct attribute_group named_group = {
	.name = "stats",
	.is_visible = hide_second,
	.attrs = attrs,
};

static void test_groups_and_errors(void **state)
{
	struct kobject *parent, *child, plain;

	(void)state;
	parent = kobject_create_and_add("parent", NULL);
	assert_non_null(parent);
	child = kobject_create_and_add("child", parent);
	assert_non_null(child);
	assert_int_equal(libcdev_kobject_refcount(parent), 2);
	assert_int_equal(sysfs_create_group(child, &named_group), 0);
	assert_true(node_exists("sys/parent/child/stats/foo"));
	assert_false(node_exists("sys/parent/child/stats/version")); /* hidden */
	/* Again: the subdirectory exists; it and its files stay. */
	assert_int_equal(sysfs_create_group(child, &named_group), -EEXIST);
	assert_true(node_exists("sys/parent/child/stats/foo"));
	/* The same files at the top: the first fails, and the group's files there are undone. */
	assert_int_equal(sysfs_create_file(child, &foo_attribute.attr), 0);
	assert_int_equal(sysfs_create_group(child, &attr_group), -EEXIST);
	assert_false(node_exists("sys/parent/child/foo")); /* removed by name, as the kernel does */
	assert_false(node_exists("sys/parent/child/version"));
	/* A name taken in the same directory. */
	assert_null(kobject_create_and_add("child", parent));
	assert_non_null(strstr(test_log_take(), "-EEXIST"));
	assert_int_equal(libcdev_kobject_refcount(parent), 2);
	/* kobject_del() takes the directory away, the object stays. */
	kobject_del(child);
	assert_false(node_exists("sys/parent/child/stats/foo"));
	assert_int_equal(libcdev_kobject_refcount(parent), 1);
	assert_int_equal(sysfs_create_file(child, &foo_attribute.attr), -EINVAL);
	kobject_put(child);
	kobject_put(parent);

	/* Not initialised, or no name: -EINVAL. */
	memset(&plain, 0, sizeof(plain));
	assert_int_equal(kobject_add(&plain, NULL, "x"), -EINVAL);
	kobject_init(&plain, &foo_ktype);
	assert_int_equal(kobject_add(&plain, NULL, "%s", ""), -EINVAL);
	assert_int_equal(libcdev_kobject_refcount(&plain), 1);
	free(plain.name);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_kobject_example, test_env_capture),
		cmocka_unit_test_setup(test_kset_example, test_env_capture),
		cmocka_unit_test_setup(test_open_file_outlives_object, test_env_capture),
		cmocka_unit_test_setup(test_groups_and_errors, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
