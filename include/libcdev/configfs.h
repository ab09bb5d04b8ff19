/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - configfs (include/linux/configfs.h, fs/configfs/): a tree of
 * config items a user makes and drops, served by the driver's own process.
 *
 * A registered subsystem is the directory sys/kernel/config/NAME; each
 * attribute of an item is a device node named after its configfs path (as
 * sysfs attributes are, <libcdev/sysfs.h>), so the attribute "storeme" of
 * the item "foo" of the subsystem "02-simple-children" is read and written
 * as /dev/sys/kernel/config/02-simple-children/foo/storeme, through the
 * attribute's ->show() and ->store(). Items have no node of their own: where
 * the kernel's user runs mkdir(2) and rmdir(2) in a group, a test or a tool
 * calls libcdev_configfs_mkdir() and libcdev_configfs_rmdir(), which make
 * and drop the item through the group's ->make_item()/->make_group() and
 * ->drop_item() with the kernel's checks and errors.
 *
 * Items count their references as the kernel's do (config_item_get/put);
 * the last put calls the type's ->release(). A made item pins the modules
 * of its type and of its subsystem until it is dropped, so a module with
 * items left cannot be unloaded (-EBUSY), as in the kernel.
 *
 * Not in <libcdev/libcdev.h>; <linux/configfs.h> adds the kernel's inline
 * helpers and the CONFIGFS_ATTR() macros.
 */
#ifndef LIBCDEV_CONFIGFS_H
#define LIBCDEV_CONFIGFS_H

#include <stddef.h>
#include <sys/types.h>

#include <libcdev/ksync.h>
#include <libcdev/list_head.h>
#include <libcdev/names.h>

#define CONFIGFS_ITEM_NAME_LEN 20

struct module;
struct dentry;
struct config_group;
struct configfs_item_operations;
struct configfs_group_operations;
struct configfs_attribute;
struct configfs_bin_attribute;
struct configfs_subsystem;

/**
 * struct config_item - one directory of configfs
 *
 * The kernel counts references in a struct kref ci_kref; here the count is
 * @ci_refcount (atomic), changed only through config_item_get()/put().
 */
struct config_item {
	char *ci_name;
	char ci_namebuf[CONFIGFS_ITEM_NAME_LEN];
	int ci_refcount;
	struct list_head ci_entry;
	struct config_item *ci_parent;
	struct config_group *ci_group;
	const struct config_item_type *ci_type;
	/* Its directory's entry while it is in the tree, else NULL. */
	struct dentry *ci_dentry;
};

/** struct config_item_type - what the items of one kind share */
struct config_item_type {
	struct module *ct_owner;
	struct configfs_item_operations *ct_item_ops;
	struct configfs_group_operations *ct_group_ops;
	struct configfs_attribute **ct_attrs;
	struct configfs_bin_attribute **ct_bin_attrs;
};

/** struct config_group - an item that may hold other items */
struct config_group {
	struct config_item cg_item;
	struct list_head cg_children;
	struct configfs_subsystem *cg_subsys;
	struct list_head default_groups;
	struct list_head group_entry;
};

/** struct configfs_attribute - a text attribute: one page through show() and store() */
struct configfs_attribute {
	const char *ca_name;
	struct module *ca_owner;
	unsigned short ca_mode;
	ssize_t (*show)(struct config_item *, char *);
	ssize_t (*store)(struct config_item *, const char *, size_t);
};

/**
 * struct configfs_bin_attribute - a binary attribute of at most @cb_max_size
 * bytes: read() with a NULL buffer gives the size, and a write's bytes are
 * gathered until the file is closed, then passed to write() at once.
 */
struct configfs_bin_attribute {
	struct configfs_attribute cb_attr;
	void *cb_private;
	size_t cb_max_size;
	ssize_t (*read)(struct config_item *, void *, size_t);
	ssize_t (*write)(struct config_item *, const void *, size_t);
};

struct configfs_item_operations {
	/** @release: the last config_item_put() calls it; frees the container */
	void (*release)(struct config_item *);
	int (*allow_link)(struct config_item *src, struct config_item *target);
	void (*drop_link)(struct config_item *src, struct config_item *target);
};

struct configfs_group_operations {
	struct config_item *(*make_item)(struct config_group *group, const char *name);
	struct config_group *(*make_group)(struct config_group *group, const char *name);
	int (*commit_item)(struct config_item *item);
	void (*disconnect_notify)(struct config_group *group, struct config_item *item);
	/** @drop_item: rmdir calls it and it drops the item's reference; else rmdir puts */
	void (*drop_item)(struct config_group *group, struct config_item *item);
};

/** struct configfs_subsystem - a top directory of configfs */
struct configfs_subsystem {
	struct config_group su_group;
	/* Held by configfs over ->make_item()/->make_group() and ->drop_item(). */
	struct mutex su_mutex;
};

/* ---- items and groups (fs/configfs/item.c) ---- */

int config_item_set_name(struct config_item *item, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void config_item_init_type_name(struct config_item *item, const char *name,
				const struct config_item_type *type);
void config_group_init(struct config_group *group);
void config_group_init_type_name(struct config_group *group, const char *name,
				 const struct config_item_type *type);
/** config_item_get - take a reference; NULL gives NULL */
struct config_item *config_item_get(struct config_item *item);
/** config_item_get_unless_zero - a reference unless the item is being released, else NULL */
struct config_item *config_item_get_unless_zero(struct config_item *item);
/** config_item_put - drop a reference; the last calls ->release(), then puts the parent */
void config_item_put(struct config_item *item);
/** config_group_find_item - the child @name of @group with a reference, or NULL */
struct config_item *config_group_find_item(struct config_group *group, const char *name);

/* ---- the tree (fs/configfs/dir.c) ---- */

int configfs_register_subsystem(struct configfs_subsystem *subsys);
void configfs_unregister_subsystem(struct configfs_subsystem *subsys);
/** configfs_register_group - add @group below @parent_group as a default group */
int configfs_register_group(struct config_group *parent_group, struct config_group *group);
void configfs_unregister_group(struct config_group *group);
/** configfs_remove_default_groups - unlist @group's default groups and put each */
void configfs_remove_default_groups(struct config_group *group);
struct config_group *configfs_register_default_group(struct config_group *parent_group,
						     const char *name,
						     const struct config_item_type *item_type);
void configfs_unregister_default_group(struct config_group *group);

/**
 * libcdev_configfs_mkdir - what mkdir(2) of /sys/kernel/config/@path does:
 * the group that holds it makes the item (->make_group() or ->make_item()).
 * 0; -ENOENT (no such group), -ENOTDIR (an attribute is in the way),
 * -EEXIST (the name is taken), -EPERM (not a group, or one that makes
 * nothing), -EINVAL (an empty name, or a module going away), or the
 * group's own error (-ENOMEM if it made nothing).
 */
int libcdev_configfs_mkdir(const char *path);
/**
 * libcdev_configfs_rmdir - what rmdir(2) of /sys/kernel/config/@path does:
 * the item is taken out of the tree and dropped (->drop_item() or a put).
 * 0; -ENOENT, -ENOTDIR, -EPERM (a subsystem or a default group),
 * -ENOTEMPTY (it holds items a user made).
 */
int libcdev_configfs_rmdir(const char *path);

#endif
