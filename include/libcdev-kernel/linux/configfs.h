/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/configfs.h>, from libcdev's <libcdev/configfs.h>:
 * config items, groups and subsystems, and their attributes, served as
 * device nodes below /dev/sys/kernel/config/ (an item "foo" of the
 * subsystem "demo" has its attribute "value" at
 * /dev/sys/kernel/config/demo/foo/value). Where a user of the kernel's
 * configfs runs mkdir(2)/rmdir(2), libcdev_configfs_mkdir() and
 * libcdev_configfs_rmdir() make and drop items through the group's
 * operations. An item's reference count is not a struct kref here:
 * use config_item_get()/config_item_put().
 */
#ifndef LIBCDEV_KERNEL_LINUX_CONFIGFS_H
#define LIBCDEV_KERNEL_LINUX_CONFIGFS_H

#include <linux/container_of.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/stat.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <libcdev/configfs.h>

static inline char *config_item_name(struct config_item *item)
{
	return item->ci_name;
}

static inline struct config_group *to_config_group(struct config_item *item)
{
	return item ? container_of(item, struct config_group, cg_item) : NULL;
}

static inline struct config_group *config_group_get(struct config_group *group)
{
	return group ? to_config_group(config_item_get(&group->cg_item)) : NULL;
}

static inline void config_group_put(struct config_group *group)
{
	config_item_put(&group->cg_item);
}

/* @new_group is made with @group's item and goes when it goes (no rmdir of its own). */
static inline void configfs_add_default_group(struct config_group *new_group,
					      struct config_group *group)
{
	list_add_tail(&new_group->group_entry, &group->default_groups);
}

static inline struct configfs_subsystem *to_configfs_subsystem(struct config_group *group)
{
	return group ? container_of(group, struct configfs_subsystem, su_group) : NULL;
}

#define CONFIGFS_ATTR(_pfx, _name)                              \
	static struct configfs_attribute _pfx##attr_##_name = { \
		.ca_name = __stringify(_name),                  \
		.ca_mode = S_IRUGO | S_IWUSR,                   \
		.ca_owner = THIS_MODULE,                        \
		.show = _pfx##_name##_show,                     \
		.store = _pfx##_name##_store,                   \
	}

#define CONFIGFS_ATTR_RO(_pfx, _name)                           \
	static struct configfs_attribute _pfx##attr_##_name = { \
		.ca_name = __stringify(_name),                  \
		.ca_mode = S_IRUGO,                             \
		.ca_owner = THIS_MODULE,                        \
		.show = _pfx##_name##_show,                     \
	}

#define CONFIGFS_ATTR_WO(_pfx, _name)                           \
	static struct configfs_attribute _pfx##attr_##_name = { \
		.ca_name = __stringify(_name),                  \
		.ca_mode = S_IWUSR,                             \
		.ca_owner = THIS_MODULE,                        \
		.store = _pfx##_name##_store,                   \
	}

#define CONFIGFS_BIN_ATTR(_pfx, _name, _priv, _maxsz) \
	static struct configfs_bin_attribute _pfx##attr_##_name = { \
		.cb_attr = {                                        \
			.ca_name = __stringify(_name),              \
			.ca_mode = S_IRUGO | S_IWUSR,               \
			.ca_owner = THIS_MODULE,                    \
		},                                                  \
		.cb_private = _priv,                                \
		.cb_max_size = _maxsz,                              \
		.read = _pfx##_name##_read,                         \
		.write = _pfx##_name##_write,                       \
	}

#define CONFIGFS_BIN_ATTR_RO(_pfx, _name, _priv, _maxsz) \
	static struct configfs_bin_attribute _pfx##attr_##_name = { \
		.cb_attr = {                                        \
			.ca_name = __stringify(_name),              \
			.ca_mode = S_IRUGO,                         \
			.ca_owner = THIS_MODULE,                    \
		},                                                  \
		.cb_private = _priv,                                \
		.cb_max_size = _maxsz,                              \
		.read = _pfx##_name##_read,                         \
	}

#define CONFIGFS_BIN_ATTR_WO(_pfx, _name, _priv, _maxsz) \
	static struct configfs_bin_attribute _pfx##attr_##_name = { \
		.cb_attr = {                                        \
			.ca_name = __stringify(_name),              \
			.ca_mode = S_IWUSR,                         \
			.ca_owner = THIS_MODULE,                    \
		},                                                  \
		.cb_private = _priv,                                \
		.cb_max_size = _maxsz,                              \
		.write = _pfx##_name##_write,                       \
	}

#endif
