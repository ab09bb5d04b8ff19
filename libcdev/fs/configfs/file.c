/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/configfs/file.c: the entries of a config item's directory
 * and of its attributes, kept with sysfs's in kernfs.c, each attribute a
 * node named CFS_ROOT/SUBSYS/.../ITEM/ATTR.
 *
 * Text attributes are read and written by kernfs.c's attribute files, the
 * way configfs does it: one ->show() per open file (again after a write),
 * one ->store() per write of at most a page less one byte. Binary ones are
 * served here as fs/configfs/file.c serves them: a read asks ->read() for
 * the size, then for the bytes; a write gathers the bytes (up to
 * cb_max_size, else -EFBIG) and the last close hands them to ->write(). A
 * file is read or written, not both (-ETXTBSY).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "fs/configfs/configfs.h"

static int cfs_attr_add(struct config_item *item, const char *dir, enum kfs_kind kind,
			const struct configfs_attribute *attr)
{
	char path[KFS_PATH_MAX];
	struct dentry *d;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, attr->ca_name) >= sizeof(path))
		return -ENAMETOOLONG;
	d = kfs_new(kind, path);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d->citem = config_item_get(item);
	d->cfsattr = attr;
	d->mode = attr->ca_mode & 0777;
	return kfs_add(d, d->mode, NULL);
}

static int cfs_attrs_add(struct config_item *item, const char *path)
{
	const struct config_item_type *type = item->ci_type;
	int err = 0;

	for (size_t i = 0; !err && type->ct_attrs && type->ct_attrs[i]; i++)
		err = cfs_attr_add(item, path, KFS_CFS_ATTR, type->ct_attrs[i]);
	for (size_t i = 0; !err && type->ct_bin_attrs && type->ct_bin_attrs[i]; i++)
		err = cfs_attr_add(item, path, KFS_CFS_BIN, &type->ct_bin_attrs[i]->cb_attr);
	return err;
}

int cfs_item_publish(struct config_item *item, const char *path, unsigned int flags)
{
	struct dentry *d = kfs_new(KFS_CFS_DIR, path);
	int err;

	if (IS_ERR(d))
		return PTR_ERR(d);
	d->citem = item;
	d->cfs_flags = flags;
	err = kfs_add(d, 0, NULL);
	if (err)
		return err;
	/* The item's own reference: its flags stay readable until dir.c forgets it. */
	atomic_inc_return(&d->refs);
	item->ci_dentry = d;
	err = cfs_attrs_add(item, path);
	if (err) {
		cfs_path_unpublish(path);
		item->ci_dentry = NULL;
		kfs_put(d);
	}
	return err;
}

static bool match_below(const struct dentry *d, const void *key)
{
	const char *path = key;
	size_t n = strlen(path);

	return (d->kind == KFS_CFS_DIR || kfs_is_cfs(d)) && !strncmp(d->path, path, n) &&
	       (d->path[n] == '\0' || d->path[n] == '/');
}

void cfs_path_unpublish(const char *path)
{
	kfs_remove_if(match_below, path);
}

/* ---- binary attributes ---- */

struct cfs_bin_open {
	struct dentry *d;
	unsigned char *buf;
	size_t size;
	bool filled, reading, writing;
};

static const struct configfs_bin_attribute *bin_attr(const struct dentry *d)
{
	return container_of(d->cfsattr, struct configfs_bin_attribute, cb_attr);
}

static int cfs_bin_open(struct inode *inode, struct file *file)
{
	struct dentry *d = kfs_find_get(inode->i_rdev);
	struct cfs_bin_open *o;
	int err = -EACCES;

	if (!d)
		return -ENODEV;
	if (((file->f_mode & FMODE_WRITE) && !((d->mode & 0222) && bin_attr(d)->write)) ||
	    ((file->f_mode & FMODE_READ) && !((d->mode & 0444) && bin_attr(d)->read)))
		goto out_put;
	err = -ENODEV;
	if (!try_module_get(d->cfsattr->ca_owner))
		goto out_put;
	err = -ENOMEM;
	o = calloc(1, sizeof(*o));
	if (!o)
		goto out_module;
	o->d = d;
	file->private_data = o;
	return 0;

out_module:
	module_put(d->cfsattr->ca_owner);
out_put:
	kfs_put(d);
	return err;
}

/* ->read() under the entry's lock, unless the item is gone (-ENOENT, as configfs). */
static ssize_t bin_call(struct dentry *d, void *buf, size_t size, bool write)
{
	const struct configfs_bin_attribute *battr = bin_attr(d);
	ssize_t ret = -ENOENT;

	pthread_rwlock_rdlock(&d->active);
	if (!d->dead)
		ret = write ? battr->write(d->citem, buf, size) : battr->read(d->citem, buf, size);
	pthread_rwlock_unlock(&d->active);
	return ret;
}

static int cfs_bin_fill(struct cfs_bin_open *o)
{
	size_t max = bin_attr(o->d)->cb_max_size;
	ssize_t len = bin_call(o->d, NULL, 0, false);

	if (len < 0)
		return (int)len;
	if (max && (size_t)len > max)
		return -EFBIG;
	o->buf = calloc(1, len ? (size_t)len : 1);
	if (!o->buf)
		return -ENOMEM;
	len = bin_call(o->d, o->buf, (size_t)len, false);
	if (len < 0)
		return (int)len;
	o->size = (size_t)len;
	o->filled = true;
	return 0;
}

static ssize_t cfs_bin_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct cfs_bin_open *o = file->private_data;
	size_t n;

	if (o->writing)
		return -ETXTBSY;
	o->reading = true;
	if (!o->filled) {
		int err = cfs_bin_fill(o);

		if (err)
			return err;
	}
	if (*ppos < 0 || (size_t)*ppos >= o->size)
		return 0;
	n = o->size - (size_t)*ppos < count ? o->size - (size_t)*ppos : count;
	if (copy_to_user(buf, o->buf + *ppos, n))
		return -EFAULT;
	*ppos += (loff_t)n;
	return (ssize_t)n;
}

static ssize_t cfs_bin_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct cfs_bin_open *o = file->private_data;
	size_t max = bin_attr(o->d)->cb_max_size, end;

	if (o->reading)
		return -ETXTBSY;
	o->writing = true;
	if (*ppos < 0 || __builtin_add_overflow((size_t)*ppos, count, &end) || end > max)
		return -EFBIG;
	if (end > o->size) {
		unsigned char *grown = realloc(o->buf, end);

		if (!grown)
			return -ENOMEM;
		memset(grown + o->size, 0, end - o->size);
		o->buf = grown;
		o->size = end;
	}
	if (copy_from_user(o->buf + *ppos, buf, count))
		return -EFAULT;
	*ppos += (loff_t)count;
	return (ssize_t)count;
}

static int cfs_bin_release(struct inode *inode, struct file *file)
{
	struct cfs_bin_open *o = file->private_data;

	(void)inode;
	/* What close() returns is not the driver's: as in configfs, its error is lost. */
	if (o->writing)
		bin_call(o->d, o->buf, o->size, true);
	module_put(o->d->cfsattr->ca_owner);
	kfs_put(o->d);
	free(o->buf);
	free(o);
	return 0;
}

const struct file_operations cfs_bin_fops = {
	.open = cfs_bin_open,
	.release = cfs_bin_release,
	.read = cfs_bin_read,
	.write = cfs_bin_write,
	/* No .llseek: configfs says a binary file is not seekable. */
};
