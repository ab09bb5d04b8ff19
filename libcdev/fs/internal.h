/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the entries kernfs.c keeps for the files of sysfs attributes
 * (sysfs.c) and of debugfs (debugfs.c), each served as a device node.
 *
 * Included by: the files of libcdev/fs/ only.
 */
#ifndef LIBCDEV_FS_INTERNAL_H
#define LIBCDEV_FS_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>

#include <libcdev/configfs.h>
#include <libcdev/device.h>
#include <libcdev/sysfs.h>
#include <libcdev/wait.h>

/* ---- the entries: kernfs.c ---- */

#define KFS_PATH_MAX 256

enum kfs_kind {
	KFS_DIR, /* a debugfs or kobject directory: a name prefix, no node */
	KFS_DEV_ATTR,
	KFS_CLASS_ATTR,
	KFS_FOPS,      /* a debugfs file with the driver's own operations */
	KFS_VALUE,     /* a debugfs integer or bool */
	KFS_KOBJ_ATTR, /* an attribute of a kobject, through its type's sysfs_ops */
	KFS_BIN_ATTR,  /* a binary attribute of a kobject (bin.c) */
	KFS_LINK,      /* a symbolic link of sysfs: a name and the path it points to, no node */
	KFS_CFS_DIR,   /* a configfs item's directory (configfs/dir.c): a name, no node */
	KFS_CFS_ATTR,  /* a text attribute of a configfs item */
	KFS_CFS_BIN,   /* a binary attribute of a configfs item (configfs/file.c) */
};

enum kfs_value {
	KFS_U8,
	KFS_U16,
	KFS_U32,
	KFS_U64,
	KFS_X32,
	KFS_BOOL,
};

struct dentry {
	struct dentry *next;	 /* kfs_entries */
	struct dentry *parent;	 /* debugfs only */
	char path[KFS_PATH_MAX]; /* below the backend's directory */
	enum kfs_kind kind;
	dev_t devt; /* 0 for a directory */
	struct cdev *cdev;
	/* What it serves. */
	struct device *dev;
	const struct device_attribute *dattr;
	const struct class *cls;
	const struct class_attribute *cattr;
	struct kobject *kobj; /* KFS_KOBJ_ATTR, and a kobject's KFS_DIR */
	const struct attribute *kattr;
	const struct bin_attribute *battr; /* KFS_BIN_ATTR, with @kobj */
	unsigned short mode; /* KFS_KOBJ_ATTR: its read and write bits decide, as in kernfs */
	const struct file_operations *fops;
	char *link; /* KFS_LINK: the target's path, allocated */
	void *data; /* KFS_FOPS: inode->i_private; KFS_VALUE: the value */
	/* KFS_CFS_*: the item (an attribute's holds a reference) and the attribute. */
	struct config_item *citem;
	const struct configfs_attribute *cfsattr;
	unsigned int cfs_flags; /* KFS_CFS_DIR: CFS_* of configfs/configfs.h */
	enum kfs_value vtype;
	/* sysfs_notify(): a count each open file compares with the one it last read. */
	int event; /* atomic; 1 at first, so a file not read yet polls as changed */
	wait_queue_head_t poll_wq;
	/* Its life. */
	pthread_rwlock_t active; /* read: ->show()/->store() runs; write: removal */
	bool dead;
	int refs; /* the list's, and one per open file; atomic */
};

/* Whether @d is served as a node: directories and links are names only. */
static inline bool kfs_has_node(const struct dentry *d)
{
	return d->kind != KFS_DIR && d->kind != KFS_LINK && d->kind != KFS_CFS_DIR;
}

/* Whether @d is a file of configfs (an attribute of a config item). */
static inline bool kfs_is_cfs(const struct dentry *d)
{
	return d->kind == KFS_CFS_ATTR || d->kind == KFS_CFS_BIN;
}

/* Guards the list of entries and the minors. */
extern pthread_mutex_t kfs_lock;

void kfs_put(struct dentry *d);
/* The file entry of node @devt, with a reference; or NULL. */
struct dentry *kfs_find_get(dev_t devt);
/* Under kfs_lock: the entry at @path, or NULL. */
struct dentry *kfs_find_path_locked(const char *path);
/* A new entry of @kind at @path, not listed yet: one reference, or an ERR_PTR(). */
struct dentry *kfs_new(enum kfs_kind kind, const char *path);
/* List @d and make its node live with @mode; on failure @d is put. */
int kfs_add(struct dentry *d, unsigned short mode, struct dentry **out);
/* The attribute entry @pick() finds; its pollers see a change (sysfs_notify()). */
void kfs_notify_if(bool (*pick)(const struct dentry *d, const void *key), const void *key);
/* Unlist and kill every entry @match() picks; newest first, so children before their parents. */
void kfs_remove_if(bool (*match)(const struct dentry *d, const void *key), const void *key);

/* One open file of an attribute or value: the page ->show() filled (a binary one's bytes). */
struct kfs_open {
	struct dentry *d;
	size_t len;
	bool filled;
	int event; /* d->event at the last ->show() */
	char page[LIBCDEV_ATTR_PAGE];
};

/* The file operations the attribute files share (kernfs.c). */
int kfs_attr_open(struct inode *inode, struct file *file);
int kfs_attr_release(struct inode *inode, struct file *file);
loff_t kfs_attr_llseek(struct file *file, loff_t offset, int whence);

/* ---- binary attributes: bin.c ---- */

extern const struct file_operations kfs_bin_fops;

/* Serve @battr of @kobj at @path ("DIR/[GROUP/]NAME") with @mode. */
int kfs_bin_add(const char *path, struct kobject *kobj, const struct bin_attribute *battr,
		unsigned short mode);

/* ---- configfs: configfs/file.c ---- */

extern const struct file_operations cfs_bin_fops;

#endif
