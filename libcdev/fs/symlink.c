/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/sysfs/symlink.c:
 * the links of sysfs (sysfs_create_link()): an entry of the tree of
 * kernfs.c holding the path of the kobject it points to. A link has no node
 * (the backends serve device nodes, not symbolic links): it is a name in its
 * directory, which refuses a second entry of that name, goes with the
 * directory, and is read back with libcdev_sysfs_readlink(). As in kernfs, a
 * link outlives its target: it then names a directory that is gone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "fs/internal.h"
#include <libcdev/kobject.h>
#include <libcdev/sysfs.h>

/* "DIR/NAME" of a link in @kobj's directory; the root "sys" for a NULL @kobj. */
static int link_path(struct kobject *kobj, const char *name, char *buf, size_t size)
{
	char dir[KFS_PATH_MAX];
	int n, err = 0;

	if (kobj)
		err = kobject_path(kobj, dir, sizeof(dir));
	else
		snprintf(dir, sizeof(dir), "sys");
	if (err)
		return err;
	n = snprintf(buf, size, "%s/%s", dir, name);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

_public_ int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name)
{
	char path[KFS_PATH_MAX], dest[KFS_PATH_MAX];
	struct dentry *d;
	int err;

	if (!name || !*name || strchr(name, '/') || (kobj && !kobj->state_in_sysfs))
		return -EINVAL;
	if (!target || !target->state_in_sysfs)
		return -ENOENT;
	err = link_path(kobj, name, path, sizeof(path));
	if (!err)
		err = kobject_path(target, dest, sizeof(dest));
	if (err)
		return err;
	d = kfs_new(KFS_LINK, path);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d->kobj = kobj;
	d->link = strdup(dest);
	if (!d->link) {
		kfs_put(d);
		return -ENOMEM;
	}
	err = kfs_add(d, 0, NULL);
	if (err == -EEXIST)
		pr_err_lib("sysfs: cannot create duplicate filename '%s'", path);
	return err;
}

static bool match_link(const struct dentry *d, const void *key)
{
	return d->kind == KFS_LINK && !strcmp(d->path, key);
}

_public_ void sysfs_remove_link(struct kobject *kobj, const char *name)
{
	char path[KFS_PATH_MAX];

	if (name && !link_path(kobj, name, path, sizeof(path)))
		kfs_remove_if(match_link, path);
}

_public_ int libcdev_sysfs_readlink(const char *path, char *buf, size_t size)
{
	struct dentry *d;
	int err = -ENOENT;

	if (!path || !buf)
		return -EINVAL;
	pthread_mutex_lock(&kfs_lock);
	d = kfs_find_path_locked(path);
	if (d && d->kind != KFS_LINK)
		err = -EINVAL;
	else if (d)
		err = snprintf(buf, size, "%s", d->link) < (int)size ? 0 : -ENAMETOOLONG;
	pthread_mutex_unlock(&kfs_lock);
	return err;
}
