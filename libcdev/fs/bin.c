/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the binary attributes of fs/sysfs/file.c (struct bin_attribute):
 * files of bytes at offsets, an EEPROM's or a chip's memory, served as
 * entries of kernfs.c. Each read(2) or write(2) calls the attribute's
 * ->read() or ->write() with the file's offset and at most a page, within
 * ->size when that is not 0 (a read there ends the file; a write there is
 * -EFBIG), as sysfs serves them. No ->read(): not open for reading; no
 * ->write(): not for writing; whatever the mode. ->mmap is not served.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "fs/internal.h"
#include <libcdev/sysfs.h>
#include <libcdev/uaccess.h>

/* How much of @count at @pos the attribute's size leaves, at most a page; -EFBIG past its end. */
static ssize_t kfs_bin_span(const struct bin_attribute *battr, loff_t pos, size_t count, bool write)
{
	if (pos < 0)
		return -EINVAL;
	if (battr->size && (size_t)pos >= battr->size)
		return write ? -EFBIG : 0;
	if (battr->size && count > battr->size - (size_t)pos)
		count = battr->size - (size_t)pos;
	return (ssize_t)(count < LIBCDEV_ATTR_PAGE ? count : LIBCDEV_ATTR_PAGE);
}

/* ->read() or ->write() of the attribute, unless it is gone; waited for by removal. */
static ssize_t kfs_bin_call(struct file *file, loff_t pos, size_t count, bool write)
{
	struct kfs_open *o = file->private_data;
	struct dentry *d = o->d;
	struct bin_attribute *battr = (struct bin_attribute *)d->battr;
	ssize_t ret;

	pthread_rwlock_rdlock(&d->active);
	if (d->dead)
		ret = -ENODEV;
	else if (write)
		ret = battr->write(file, d->kobj, battr, o->page, pos, count);
	else
		ret = battr->read(file, d->kobj, battr, o->page, pos, count);
	pthread_rwlock_unlock(&d->active);
	kcheck_on_return(write ? "sysfs bin write" : "sysfs bin read",
			 write ? (const void *)battr->write : (const void *)battr->read);
	return ret > (ssize_t)count ? (ssize_t)count : ret;
}

static ssize_t kfs_bin_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct kfs_open *o = file->private_data;
	ssize_t n = kfs_bin_span(o->d->battr, *ppos, count, false);

	if (n <= 0)
		return n;
	n = kfs_bin_call(file, *ppos, (size_t)n, false);
	if (n <= 0)
		return n;
	if (copy_to_user(buf, o->page, (size_t)n))
		return -EFAULT;
	*ppos += n;
	return n;
}

static ssize_t kfs_bin_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct kfs_open *o = file->private_data;
	ssize_t n = kfs_bin_span(o->d->battr, *ppos, count, true);

	if (n <= 0)
		return n;
	if (copy_from_user(o->page, buf, (size_t)n))
		return -EFAULT;
	n = kfs_bin_call(file, *ppos, (size_t)n, true);
	if (n > 0)
		*ppos += n;
	return n;
}

/* Opened, closed and sought as the other attribute files (kernfs.c). */
const struct file_operations kfs_bin_fops = {
	.open = kfs_attr_open,
	.release = kfs_attr_release,
	.read = kfs_bin_read,
	.write = kfs_bin_write,
	.llseek = kfs_attr_llseek,
};

int kfs_bin_add(const char *path, struct kobject *kobj, const struct bin_attribute *battr,
		unsigned short mode)
{
	struct dentry *d = kfs_new(KFS_BIN_ATTR, path);

	if (IS_ERR(d))
		return PTR_ERR(d);
	d->kobj = kobj;
	d->battr = battr;
	d->mode = mode;
	return kfs_add(d, mode, NULL);
}
