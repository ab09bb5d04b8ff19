/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/tracefs/inode.c:
 * the files of tracefs, made as entries of kernfs.c below sys/kernel/tracing,
 * as debugfs.c makes those of debugfs below sys/kernel/debug. Only the
 * library's tracing (kernel/trace/) makes them.
 */
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include "fs/internal.h"
#include <libcdev/sysfs.h>

#define TRACEFS_ROOT "sys/kernel/tracing"

struct dentry *tracefs_create_file(const char *name, unsigned short mode, struct dentry *parent,
				   void *data, const struct file_operations *fops)
{
	char path[KFS_PATH_MAX + 64];
	struct dentry *d, *out;
	int err;

	if (!name || !*name || !fops || IS_ERR(parent))
		return ERR_PTR(-EINVAL);
	snprintf(path, sizeof(path), "%s/%s", parent ? parent->path : TRACEFS_ROOT, name);
	d = kfs_new(KFS_FOPS, path);
	if (IS_ERR(d))
		return d;
	d->fops = fops;
	d->data = data;
	d->parent = parent;
	err = kfs_add(d, mode, &out);
	return err ? ERR_PTR(err) : out;
}

static bool match_one(const struct dentry *d, const void *key)
{
	return d == key;
}

void tracefs_remove(struct dentry *dentry)
{
	if (!IS_ERR_OR_NULL(dentry))
		kfs_remove_if(match_one, dentry);
}
