/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * configfs as a kernel-style driver uses it (<linux/configfs.h>), shaped
 * like the kernel's samples/configfs: a childless subsystem with read-only,
 * read-write and write-only attributes, a subsystem that makes items and
 * one that makes groups, with a default group. Attributes are read and
 * written through the direct backend's nodes below sys/kernel/config/;
 * libcdev_configfs_mkdir()/rmdir() make and drop items as mkdir(2) and
 * rmdir(2) do in the kernel's configfs, with its errors.
 */
#include <linux/configfs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include "test-util.h"
#include <libcdev/direct.h>

#define ROOT "sys/kernel/config/"

/* ---- 01-childless: attributes only ---- */

struct childless {
	struct configfs_subsystem subsys;
	int showme, storeme, poked;
};

static struct childless *to_childless(struct config_item *item)
{
	return container_of(to_configfs_subsystem(to_config_group(item)), struct childless, subsys);
}

static ssize_t childless_showme_show(struct config_item *item, char *page)
{
	return sprintf(page, "%d\n", to_childless(item)->showme++);
}

static ssize_t childless_storeme_show(struct config_item *item, char *page)
{
	return sprintf(page, "%d\n", to_childless(item)->storeme);
}

static ssize_t childless_storeme_store(struct config_item *item, const char *page, size_t count)
{
	int ret = kstrtoint(page, 10, &to_childless(item)->storeme);

	return ret ? ret : (ssize_t)count;
}

static ssize_t childless_poke_store(struct config_item *item, const char *page, size_t count)
{
	(void)page;
	to_childless(item)->poked++;
	return (ssize_t)count;
}

CONFIGFS_ATTR_RO(childless_, showme);
CONFIGFS_ATTR(childless_, storeme);
CONFIGFS_ATTR_WO(childless_, poke);

static struct configfs_attribute *childless_attrs[] = {
	&childless_attr_showme,
	&childless_attr_storeme,
	&childless_attr_poke,
	NULL,
};

static const struct config_item_type childless_type = {
	.ct_attrs = childless_attrs,
	.ct_owner = THIS_MODULE,
};

static struct childless childless_subsys = {
	.subsys.su_group.cg_item = {
		.ci_namebuf = "01-childless",
		.ci_type = &childless_type,
	},
};

/* ---- 02-simple-children: make_item, with release counted ---- */

struct simple_child {
	struct config_item item;
	int storeme;
	char blob[16];
	size_t blob_len;
};

static int children_released, groups_released, dropped;

static struct simple_child *to_simple_child(struct config_item *item)
{
	return container_of(item, struct simple_child, item);
}

static ssize_t simple_child_storeme_show(struct config_item *item, char *page)
{
	return sprintf(page, "%d\n", to_simple_child(item)->storeme);
}

static ssize_t simple_child_storeme_store(struct config_item *item, const char *page, size_t count)
{
	int ret = kstrtoint(page, 10, &to_simple_child(item)->storeme);

	return ret ? ret : (ssize_t)count;
}

static ssize_t simple_child_blob_read(struct config_item *item, void *buf, size_t size)
{
	struct simple_child *c = to_simple_child(item);

	if (buf)
		memcpy(buf, c->blob, size < c->blob_len ? size : c->blob_len);
	return (ssize_t)c->blob_len;
}

static ssize_t simple_child_blob_write(struct config_item *item, const void *buf, size_t size)
{
	struct simple_child *c = to_simple_child(item);

	memcpy(c->blob, buf, size);
	c->blob_len = size;
	return (ssize_t)size;
}

CONFIGFS_ATTR(simple_child_, storeme);
CONFIGFS_BIN_ATTR(simple_child_, blob, NULL, 16);

static struct configfs_attribute *simple_child_attrs[] = {
	&simple_child_attr_storeme,
	NULL,
};

static struct configfs_bin_attribute *simple_child_bin_attrs[] = {
	&simple_child_attr_blob,
	NULL,
};

static void simple_child_release(struct config_item *item)
{
	children_released++;
	kfree(to_simple_child(item));
}

static struct configfs_item_operations simple_child_item_ops = {
	.release = simple_child_release,
};

static const struct config_item_type simple_child_type = {
	.ct_item_ops = &simple_child_item_ops,
	.ct_attrs = simple_child_attrs,
	.ct_bin_attrs = simple_child_bin_attrs,
	.ct_owner = THIS_MODULE,
};

static struct config_item *simple_children_make_item(struct config_group *group, const char *name)
{
	struct simple_child *c;

	(void)group;
	if (!strcmp(name, "refused"))
		return ERR_PTR(-ENOSPC);
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return ERR_PTR(-ENOMEM);
	config_item_init_type_name(&c->item, name, &simple_child_type);
	return &c->item;
}

static void simple_children_release(struct config_item *item)
{
	groups_released++;
	kfree(container_of(to_config_group(item), struct config_group, cg_item));
}

static struct configfs_item_operations simple_children_item_ops = {
	.release = simple_children_release,
};

static struct configfs_group_operations simple_children_group_ops = {
	.make_item = simple_children_make_item,
};

static const struct config_item_type simple_children_type = {
	.ct_item_ops = &simple_children_item_ops,
	.ct_group_ops = &simple_children_group_ops,
	.ct_owner = THIS_MODULE,
};

static struct configfs_subsystem simple_children_subsys = {
	.su_group.cg_item = {
		.ci_namebuf = "02-simple-children",
		.ci_type = &simple_children_type,
	},
};

/* ---- 03-group-children: make_group, drop_item, a default group ---- */

/* A made group with a default group of its own, which it lets go at its release. */
struct with_default {
	struct config_group group, dflt;
};

static void with_default_release(struct config_item *item)
{
	struct with_default *w = container_of(to_config_group(item), struct with_default, group);

	groups_released++;
	configfs_remove_default_groups(&w->group);
	kfree(w);
}

static struct configfs_item_operations with_default_item_ops = {
	.release = with_default_release,
};

static const struct config_item_type with_default_type = {
	.ct_item_ops = &with_default_item_ops,
	.ct_owner = THIS_MODULE,
};

static const struct config_item_type dflt_type = {
	.ct_group_ops = &simple_children_group_ops,
	.ct_owner = THIS_MODULE,
};

static struct config_group *group_children_make_group(struct config_group *group, const char *name)
{
	struct config_group *g;
	struct with_default *w;

	(void)group;
	if (strcmp(name, "wd")) {
		g = kzalloc(sizeof(*g), GFP_KERNEL);
		if (!g)
			return ERR_PTR(-ENOMEM);
		config_group_init_type_name(g, name, &simple_children_type);
		return g;
	}
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return ERR_PTR(-ENOMEM);
	config_group_init_type_name(&w->group, name, &with_default_type);
	config_group_init_type_name(&w->dflt, "dflt", &dflt_type);
	configfs_add_default_group(&w->dflt, &w->group);
	return &w->group;
}

static void group_children_drop_item(struct config_group *group, struct config_item *item)
{
	(void)group;
	dropped++;
	config_item_put(item);
}

static struct configfs_group_operations group_children_group_ops = {
	.make_group = group_children_make_group,
	.drop_item = group_children_drop_item,
};

static const struct config_item_type group_children_type = {
	.ct_group_ops = &group_children_group_ops,
	.ct_owner = THIS_MODULE,
};

static const struct config_item_type defaults_type = {
	.ct_owner = THIS_MODULE,
};

static struct configfs_subsystem group_children_subsys = {
	.su_group.cg_item = {
		.ci_namebuf = "03-group-children",
		.ci_type = &group_children_type,
	},
};

static struct config_group defaults_group;

static struct configfs_subsystem *subsystems[] = {
	&childless_subsys.subsys,
	&simple_children_subsys,
	&group_children_subsys,
};

static void register_all(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(subsystems); i++) {
		config_group_init(&subsystems[i]->su_group);
		mutex_init(&subsystems[i]->su_mutex);
	}
	config_group_init_type_name(&defaults_group, "defaults", &defaults_type);
	configfs_add_default_group(&defaults_group, &group_children_subsys.su_group);
	for (size_t i = 0; i < ARRAY_SIZE(subsystems); i++)
		assert_int_equal(configfs_register_subsystem(subsystems[i]), 0);
	children_released = groups_released = dropped = 0;
}

static void unregister_all(void)
{
	for (size_t i = ARRAY_SIZE(subsystems); i-- > 0;)
		configfs_unregister_subsystem(subsystems[i]);
	configfs_remove_default_groups(&group_children_subsys.su_group);
}

static ssize_t node_write(const char *name, int flags, const char *s)
{
	struct file *f;
	ssize_t n;
	int err = test_node_open(name, flags, &f);

	if (err)
		return err;
	n = cdev_direct_write(f, s, strlen(s));
	cdev_direct_release(f);
	return n;
}

/* ---- the tests ---- */

static void test_attributes(void **state)
{
	char buf[64];
	struct file *f;

	(void)state;
	register_all();
	assert_string_equal(config_item_name(&childless_subsys.subsys.su_group.cg_item),
			    "01-childless");
	/* Each open shows once: a second read of one file is its end, not a new ->show(). */
	childless_subsys.showme = 5;
	assert_int_equal(test_node_read(ROOT "01-childless/showme", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "5\n");
	assert_int_equal(test_node_open(ROOT "01-childless/showme", O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 2);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 0);
	assert_int_equal(childless_subsys.showme, 7);
	cdev_direct_release(f);

	assert_int_equal(test_node_write(ROOT "01-childless/storeme", "42\n"), 3);
	assert_int_equal(childless_subsys.storeme, 42);
	assert_int_equal(test_node_read(ROOT "01-childless/storeme", buf, sizeof(buf)), 3);
	assert_string_equal(buf, "42\n");
	assert_int_equal(test_node_write(ROOT "01-childless/storeme", "x"), -EINVAL);

	/* No ->store(), no writer: configfs refuses the open with -EACCES (root too). */
	assert_int_equal(node_write(ROOT "01-childless/showme", O_WRONLY, "1"), -EACCES);
	assert_int_equal(test_node_read(ROOT "01-childless/poke", buf, sizeof(buf)), -EACCES);
	assert_int_equal(node_write(ROOT "01-childless/poke", O_WRONLY, "1"), 1);
	assert_int_equal(childless_subsys.poked, 1);

	/* A second subsystem of the same name. */
	assert_int_equal(configfs_register_subsystem(&childless_subsys.subsys), -EEXIST);
	unregister_all();
	assert_int_equal(test_node_read(ROOT "01-childless/storeme", buf, sizeof(buf)), -ENOENT);
}

static void test_make_and_drop_items(void **state)
{
	char buf[64];

	(void)state;
	register_all();
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/foo"), 0);
	assert_int_equal(test_node_write(ROOT "02-simple-children/foo/storeme", "7"), 1);
	assert_int_equal(test_node_read(ROOT "02-simple-children/foo/storeme", buf, sizeof(buf)),
			 2);
	assert_string_equal(buf, "7\n");

	struct config_item *foo = config_group_find_item(&simple_children_subsys.su_group, "foo");

	assert_non_null(foo);
	assert_int_equal(to_simple_child(foo)->storeme, 7);
	assert_ptr_equal(foo->ci_parent, &simple_children_subsys.su_group.cg_item);
	config_item_put(foo);

	/* The errors of mkdir(2) and rmdir(2). */
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/foo"), -EEXIST);
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/foo/storeme"), -EEXIST);
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/foo/sub"), -EPERM);
	assert_int_equal(libcdev_configfs_mkdir("01-childless/child"), -EPERM);
	assert_int_equal(libcdev_configfs_mkdir("new-subsystem"), -EPERM);
	assert_int_equal(libcdev_configfs_mkdir("nowhere/foo"), -ENOENT);
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/foo/storeme/x"), -ENOTDIR);
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/refused"), -ENOSPC);
	assert_int_equal(libcdev_configfs_rmdir("02-simple-children"), -EPERM);
	assert_int_equal(libcdev_configfs_rmdir("02-simple-children/bar"), -ENOENT);
	assert_int_equal(libcdev_configfs_rmdir("02-simple-children/foo/storeme"), -ENOTDIR);

	/* rmdir drops the maker's reference: nobody else holds it, so it is released. */
	assert_int_equal(children_released, 0);
	assert_int_equal(libcdev_configfs_rmdir("02-simple-children/foo/"), 0);
	assert_int_equal(children_released, 1);
	assert_int_equal(test_node_read(ROOT "02-simple-children/foo/storeme", buf, sizeof(buf)),
			 -ENOENT);
	assert_null(config_group_find_item(&simple_children_subsys.su_group, "foo"));
	/* The name is free again. */
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/foo"), 0);
	assert_int_equal(libcdev_configfs_rmdir("02-simple-children/foo"), 0);
	assert_int_equal(children_released, 2);
	unregister_all();
}

static void test_open_file_keeps_item(void **state)
{
	char buf[64];
	struct file *f;

	(void)state;
	register_all();
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/held"), 0);
	assert_int_equal(test_node_open(ROOT "02-simple-children/held/storeme", O_RDWR, &f), 0);
	assert_int_equal(libcdev_configfs_rmdir("02-simple-children/held"), 0);
	/* The open file holds the item: released at its close; meanwhile -ENOENT. */
	assert_int_equal(children_released, 0);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), -ENOENT);
	assert_int_equal(cdev_direct_write(f, "1", 1), -ENOENT);
	cdev_direct_release(f);
	assert_int_equal(children_released, 1);
	unregister_all();
}

static void test_binary_attribute(void **state)
{
	char buf[64];
	struct file *f;

	(void)state;
	register_all();
	assert_int_equal(libcdev_configfs_mkdir("02-simple-children/b"), 0);
	/* The bytes reach ->write() at close, in one piece. */
	assert_int_equal(test_node_open(ROOT "02-simple-children/b/blob", O_WRONLY, &f), 0);
	assert_int_equal(cdev_direct_write(f, "abc", 3), 3);
	assert_int_equal(cdev_direct_write(f, "def", 3), 3);
	assert_int_equal(cdev_direct_write(f, "0123456789ab", 12), -EFBIG);
	cdev_direct_release(f);
	assert_int_equal(test_node_read(ROOT "02-simple-children/b/blob", buf, sizeof(buf)), 6);
	assert_string_equal(buf, "abcdef");
	assert_int_equal(libcdev_configfs_rmdir("02-simple-children/b"), 0);
	unregister_all();
}

static void test_groups_and_default_groups(void **state)
{
	(void)state;
	register_all();
	/* A default group is made with its subsystem and is not the user's to remove. */
	assert_int_equal(libcdev_configfs_rmdir("03-group-children/defaults"), -EPERM);
	assert_int_equal(libcdev_configfs_mkdir("03-group-children/defaults/x"), -EPERM);

	assert_int_equal(libcdev_configfs_mkdir("03-group-children/g"), 0);
	assert_int_equal(libcdev_configfs_mkdir("03-group-children/g/item"), 0);
	assert_int_equal(libcdev_configfs_rmdir("03-group-children/g"), -ENOTEMPTY);
	assert_int_equal(libcdev_configfs_rmdir("03-group-children/g/item"), 0);
	assert_int_equal(children_released, 1);
	/* ->drop_item() puts the group; nothing else holds it. */
	assert_int_equal(libcdev_configfs_rmdir("03-group-children/g"), 0);
	assert_int_equal(dropped, 1);
	assert_int_equal(groups_released, 1);

	/* A made group's default group: made and removed with it; its user items count. */
	assert_int_equal(libcdev_configfs_mkdir("03-group-children/wd"), 0);
	assert_int_equal(libcdev_configfs_rmdir("03-group-children/wd/dflt"), -EPERM);
	assert_int_equal(libcdev_configfs_mkdir("03-group-children/wd/dflt/i"), 0);
	assert_int_equal(libcdev_configfs_rmdir("03-group-children/wd"), -ENOTEMPTY);
	assert_int_equal(test_node_write(ROOT "03-group-children/wd/dflt/i/storeme", "3"), 1);
	assert_int_equal(libcdev_configfs_rmdir("03-group-children/wd/dflt/i"), 0);
	assert_int_equal(children_released, 2);
	assert_int_equal(libcdev_configfs_rmdir("03-group-children/wd"), 0);
	assert_int_equal(dropped, 2);
	assert_int_equal(groups_released, 2);
	unregister_all();
}

static void test_item_references(void **state)
{
	struct config_item item;
	char name[64];

	(void)state;
	memset(&item, 0, sizeof(item));
	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	/* A name longer than ci_namebuf is kept elsewhere. */
	config_item_init_type_name(&item, name, &childless_type);
	assert_string_equal(config_item_name(&item), name);
	assert_ptr_not_equal(config_item_name(&item), item.ci_namebuf);
	assert_ptr_equal(config_item_get(&item), &item);
	config_item_put(&item);
	config_item_put(&item);
	assert_null(config_item_name(&item));
	assert_null(config_item_get_unless_zero(&item));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_attributes, test_env_capture),
		cmocka_unit_test_setup(test_make_and_drop_items, test_env_capture),
		cmocka_unit_test_setup(test_open_file_keeps_item, test_env_capture),
		cmocka_unit_test_setup(test_binary_attribute, test_env_capture),
		cmocka_unit_test_setup(test_groups_and_default_groups, test_env_capture),
		cmocka_unit_test(test_item_references),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
