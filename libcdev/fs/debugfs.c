/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/debugfs/:
 * debugfs (sysfs.h): directories, files with the driver's own
 * operations, and integers and bools served as text, made as entries of
 * kernfs.c below sys/kernel/debug. A file of its own: the debugfs side of kfs,
 * apart from the sysfs attributes (sysfs.c) and from how an entry is
 * served (kernfs.c).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include "fs/internal.h"
#include <libcdev/sysfs.h>

#define DEBUGFS_ROOT "sys/kernel/debug"

static struct dentry *debugfs_new(enum kfs_kind kind, const char *name, struct dentry *parent)
{
	char path[KFS_PATH_MAX + 64];

	if (!name || !*name || strchr(name, '/') || IS_ERR(parent))
		return ERR_PTR(-EINVAL);
	snprintf(path, sizeof(path), "%s/%s", parent ? parent->path : DEBUGFS_ROOT, name);
	return kfs_new(kind, path);
}

static struct dentry *debugfs_add(struct dentry *d, struct dentry *parent, unsigned short mode)
{
	struct dentry *out;
	int err;

	d->parent = parent;
	err = kfs_add(d, mode, &out);
	return err ? ERR_PTR(err) : out;
}

_public_ struct dentry *debugfs_create_dir(const char *name, struct dentry *parent)
{
	struct dentry *d = debugfs_new(KFS_DIR, name, parent);

	return IS_ERR(d) ? d : debugfs_add(d, parent, 0);
}

_public_ struct dentry *debugfs_create_file(const char *name, unsigned short mode,
					    struct dentry *parent, void *data,
					    const struct file_operations *fops)
{
	struct dentry *d = debugfs_new(KFS_FOPS, name, parent);

	if (IS_ERR(d))
		return d;
	if (!fops) {
		kfs_put(d);
		return ERR_PTR(-EINVAL);
	}
	d->fops = fops;
	d->data = data;
	return debugfs_add(d, parent, mode);
}

static void debugfs_value(const char *name, unsigned short mode, struct dentry *parent, void *value,
			  enum kfs_value type)
{
	struct dentry *d = debugfs_new(KFS_VALUE, name, parent);

	if (IS_ERR(d))
		return;
	d->data = value;
	d->vtype = type;
	debugfs_add(d, parent, mode);
}

_public_ void debugfs_create_u8(const char *name, unsigned short mode, struct dentry *parent,
				unsigned char *value)
{
	debugfs_value(name, mode, parent, value, KFS_U8);
}

_public_ void debugfs_create_u16(const char *name, unsigned short mode, struct dentry *parent,
				 unsigned short *value)
{
	debugfs_value(name, mode, parent, value, KFS_U16);
}

_public_ void debugfs_create_u32(const char *name, unsigned short mode, struct dentry *parent,
				 unsigned int *value)
{
	debugfs_value(name, mode, parent, value, KFS_U32);
}

_public_ void debugfs_create_u64(const char *name, unsigned short mode, struct dentry *parent,
				 unsigned long long *value)
{
	debugfs_value(name, mode, parent, value, KFS_U64);
}

_public_ void debugfs_create_x32(const char *name, unsigned short mode, struct dentry *parent,
				 unsigned int *value)
{
	debugfs_value(name, mode, parent, value, KFS_X32);
}

_public_ void debugfs_create_bool(const char *name, unsigned short mode, struct dentry *parent,
				  bool *value)
{
	debugfs_value(name, mode, parent, value, KFS_BOOL);
}

static bool match_below(const struct dentry *d, const void *key)
{
	for (; d; d = d->parent)
		if (d == key)
			return true;
	return false;
}

_public_ void debugfs_remove(struct dentry *dentry)
{
	if (!IS_ERR_OR_NULL(dentry))
		kfs_remove_if(match_below, dentry);
}

_public_ void debugfs_lookup_and_remove(const char *name, struct dentry *parent)
{
	char path[KFS_PATH_MAX + 64];
	struct dentry *d;

	snprintf(path, sizeof(path), "%s/%s", parent ? parent->path : DEBUGFS_ROOT, name);
	pthread_mutex_lock(&kfs_lock);
	d = kfs_find_path_locked(path);
	pthread_mutex_unlock(&kfs_lock);
	if (d)
		kfs_remove_if(match_below, d);
}
