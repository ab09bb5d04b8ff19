/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/kernfs/:
 * sysfs attributes and debugfs files as device nodes (sysfs.h):
 * one entry per file or directory, a node of the "sysfs" region for each
 * file, named with the path the kernel would give it.
 *
 * An open file holds a reference on its entry, so a removed entry outlives
 * the files still open on it; `dead` (set under the entry's write lock,
 * which waits for a running ->show()/->store()) turns them away with -ENODEV,
 * as kernfs does once an attribute is gone.
 *
 * sysfs_notify() counts an event on an entry and wakes its pollers: a file
 * polls with POLLPRI | POLLERR while the count differs from the one its last
 * read from the start saw, as kernfs's generic poll does.
 *
 * This file holds the entries and the files served on their nodes; the
 * attributes are made in sysfs.c and the debugfs files in debugfs.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"
#include "backend/backend.h"
#include "fs/internal.h"
#include <libcdev/poll.h>
#include <libcdev/sysfs.h>

#define KFS_MINORS 256

pthread_mutex_t kfs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dentry *kfs_entries;
static dev_t kfs_base;
static struct class *kfs_class;
static unsigned char kfs_used[KFS_MINORS];

void kfs_put(struct dentry *d)
{
	if (atomic_dec_return(&d->refs))
		return;
	pthread_rwlock_destroy(&d->active);
	/* A configfs attribute's file kept its item, as configfs's open files do. */
	if (d->kind == KFS_CFS_ATTR || d->kind == KFS_CFS_BIN)
		config_item_put(d->citem);
	free(d->link);
	free(d);
}

struct dentry *kfs_find_get(dev_t devt)
{
	struct dentry *d;

	pthread_mutex_lock(&kfs_lock);
	for (d = kfs_entries; d; d = d->next)
		if (d->devt == devt && kfs_has_node(d))
			break;
	if (d)
		atomic_inc_return(&d->refs);
	pthread_mutex_unlock(&kfs_lock);
	return d;
}

/* ---- reading and writing an attribute ---- */

static const struct sysfs_ops *kobj_ops(const struct dentry *d)
{
	return d->kobj->ktype ? d->kobj->ktype->sysfs_ops : NULL;
}

static bool kfs_can_show(const struct dentry *d)
{
	switch (d->kind) {
	case KFS_DEV_ATTR:
		return d->dattr->show != NULL;
	case KFS_CLASS_ATTR:
		return d->cattr->show != NULL;
	case KFS_KOBJ_ATTR:
		return kobj_ops(d) && kobj_ops(d)->show && (d->mode & 0444);
	case KFS_BIN_ATTR:
		return d->battr->read && (d->mode & 0444);
	case KFS_CFS_ATTR:
		return d->cfsattr->show && (d->mode & 0444);
	default:
		return true;
	}
}

static bool kfs_can_store(const struct dentry *d)
{
	switch (d->kind) {
	case KFS_DEV_ATTR:
		return d->dattr->store != NULL;
	case KFS_CLASS_ATTR:
		return d->cattr->store != NULL;
	case KFS_KOBJ_ATTR:
		return kobj_ops(d) && kobj_ops(d)->store && (d->mode & 0222);
	case KFS_BIN_ATTR:
		return d->battr->write && (d->mode & 0222);
	case KFS_CFS_ATTR:
		return d->cfsattr->store && (d->mode & 0222);
	default:
		return true;
	}
}

static ssize_t value_show(const struct dentry *d, char *page)
{
	switch (d->vtype) {
	case KFS_U8:
		return snprintf(page, LIBCDEV_ATTR_PAGE, "%u\n", *(unsigned char *)d->data);
	case KFS_U16:
		return snprintf(page, LIBCDEV_ATTR_PAGE, "%u\n", *(unsigned short *)d->data);
	case KFS_U32:
		return snprintf(page, LIBCDEV_ATTR_PAGE, "%u\n", *(unsigned int *)d->data);
	case KFS_U64:
		return snprintf(page, LIBCDEV_ATTR_PAGE, "%llu\n", *(unsigned long long *)d->data);
	case KFS_X32:
		return snprintf(page, LIBCDEV_ATTR_PAGE, "0x%08x\n", *(unsigned int *)d->data);
	case KFS_BOOL:
		return snprintf(page, LIBCDEV_ATTR_PAGE, "%c\n", *(bool *)d->data ? 'Y' : 'N');
	}
	return -EINVAL;
}

static ssize_t value_store(const struct dentry *d, const char *buf, size_t count)
{
	static const unsigned long long max[] = {
		[KFS_U8] = 0xff,   [KFS_U16] = 0xffff,	   [KFS_U32] = 0xffffffff,
		[KFS_U64] = ~0ULL, [KFS_X32] = 0xffffffff,
	};
	unsigned long long v;
	char *end;

	if (d->vtype == KFS_BOOL) {
		if (strchr("1yY", buf[0]))
			*(bool *)d->data = true;
		else if (strchr("0nN", buf[0]) && buf[0])
			*(bool *)d->data = false;
		else
			return -EINVAL;
		return (ssize_t)count;
	}
	errno = 0;
	v = strtoull(buf, &end, 0);
	if (end == buf || buf[0] == '-' || (*end && strcmp(end, "\n")) || errno ||
	    v > max[d->vtype])
		return -EINVAL;
	switch (d->vtype) {
	case KFS_U8:
		*(unsigned char *)d->data = (unsigned char)v;
		break;
	case KFS_U16:
		*(unsigned short *)d->data = (unsigned short)v;
		break;
	case KFS_U64:
		*(unsigned long long *)d->data = v;
		break;
	default:
		*(unsigned int *)d->data = (unsigned int)v;
		break;
	}
	return (ssize_t)count;
}

/* Through the kobject's sysfs_ops; -EIO if it has none (its type changed since open). */
static ssize_t kobj_call(const struct dentry *d, char *page, size_t count, bool store,
			 const void **fn)
{
	const struct sysfs_ops *ops = kobj_ops(d);
	struct attribute *attr = (struct attribute *)d->kattr;

	if (!ops || !(store ? (const void *)ops->store : (const void *)ops->show))
		return -EIO;
	*fn = store ? (const void *)ops->store : (const void *)ops->show;
	return store ? ops->store(d->kobj, attr, page, count) : ops->show(d->kobj, attr, page);
}

/* ->show() or ->store() of @d, unless it is gone; waited for by removal. */
static ssize_t kfs_call(struct dentry *d, char *page, size_t count, bool store)
{
	const void *fn = NULL;
	ssize_t ret;

	pthread_rwlock_rdlock(&d->active);
	if (d->dead) {
		pthread_rwlock_unlock(&d->active);
		/* configfs says the item is gone; kernfs, the device. */
		return d->kind == KFS_CFS_ATTR ? -ENOENT : -ENODEV;
	}
	switch (d->kind) {
	case KFS_DEV_ATTR:
		ret = store ? d->dattr->store(d->dev, (struct device_attribute *)d->dattr, page,
					      count) :
			      d->dattr->show(d->dev, (struct device_attribute *)d->dattr, page);
		fn = store ? (const void *)d->dattr->store : (const void *)d->dattr->show;
		break;
	case KFS_CLASS_ATTR:
		ret = store ? d->cattr->store(d->cls, d->cattr, page, count) :
			      d->cattr->show(d->cls, d->cattr, page);
		fn = store ? (const void *)d->cattr->store : (const void *)d->cattr->show;
		break;
	case KFS_KOBJ_ATTR:
		ret = kobj_call(d, page, count, store, &fn);
		break;
	case KFS_CFS_ATTR:
		ret = store ? d->cfsattr->store(d->citem, page, count) :
			      d->cfsattr->show(d->citem, page);
		fn = store ? (const void *)d->cfsattr->store : (const void *)d->cfsattr->show;
		break;
	default:
		ret = store ? value_store(d, page, count) : value_show(d, page);
		break;
	}
	pthread_rwlock_unlock(&d->active);
	if (fn)
		kcheck_on_return(store ? "sysfs store" : "sysfs show", fn);
	return ret;
}

int kfs_attr_open(struct inode *inode, struct file *file)
{
	struct dentry *d = kfs_find_get(inode->i_rdev);
	struct kfs_open *o;

	if (!d)
		return -ENODEV;
	/* kernfs: no ->store, no writer, whatever the mode says (root included). */
	if (((file->f_mode & FMODE_WRITE) && !kfs_can_store(d)) ||
	    ((file->f_mode & FMODE_READ) && !kfs_can_show(d))) {
		kfs_put(d);
		return -EACCES;
	}
	/* A configfs file pins the attribute's module, as configfs_open_file() does. */
	if (kfs_is_cfs(d) && !try_module_get(d->cfsattr->ca_owner)) {
		kfs_put(d);
		return -ENODEV;
	}
	o = calloc(1, sizeof(*o));
	if (!o) {
		if (kfs_is_cfs(d))
			module_put(d->cfsattr->ca_owner);
		kfs_put(d);
		return -ENOMEM;
	}
	o->d = d;
	file->private_data = o;
	return 0;
}

int kfs_attr_release(struct inode *inode, struct file *file)
{
	struct kfs_open *o = file->private_data;

	(void)inode;
	if (kfs_is_cfs(o->d))
		module_put(o->d->cfsattr->ca_owner);
	kfs_put(o->d);
	free(o);
	return 0;
}

static ssize_t kfs_attr_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct kfs_open *o = file->private_data;
	size_t n;

	/*
	 * Each read from the start asks ->show() again, as sysfs does; configfs
	 * asks once per open file, and again only after a write.
	 */
	if (!o->filled || (*ppos == 0 && o->d->kind != KFS_CFS_ATTR)) {
		ssize_t r;

		memset(o->page, 0, sizeof(o->page));
		o->event = atomic_read_int(&o->d->event);
		r = kfs_call(o->d, o->page, 0, false);
		if (r < 0)
			return r;
		o->len = (size_t)r < sizeof(o->page) ? (size_t)r : sizeof(o->page) - 1;
		o->filled = true;
	}
	if (*ppos < 0 || (size_t)*ppos >= o->len)
		return 0;
	n = o->len - (size_t)*ppos;
	if (n > count)
		n = count;
	if (copy_to_user(buf, o->page + *ppos, n))
		return -EFAULT;
	*ppos += (loff_t)n;
	return (ssize_t)n;
}

static ssize_t kfs_attr_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct kfs_open *o = file->private_data;
	ssize_t r;

	(void)ppos;
	if (count >= sizeof(o->page))
		count = sizeof(o->page) - 1;
	if (copy_from_user(o->page, buf, count))
		return -EFAULT;
	o->page[count] = '\0';
	o->filled = false;
	r = kfs_call(o->d, o->page, count, true);
	return r > (ssize_t)count ? (ssize_t)count : r;
}

loff_t kfs_attr_llseek(struct file *file, loff_t offset, int whence)
{
	struct kfs_open *o = file->private_data;
	loff_t pos;

	switch (whence) {
	case SEEK_SET:
		pos = offset;
		break;
	case SEEK_CUR:
		pos = file->f_pos + offset;
		break;
	case SEEK_END:
		/* A binary attribute ends at its size, a text one at its page's end. */
		pos = (loff_t)(o->d->kind == KFS_BIN_ATTR ? o->d->battr->size : o->len) + offset;
		break;
	default:
		return -EINVAL;
	}
	if (pos < 0)
		return -EINVAL;
	file->f_pos = pos;
	return pos;
}

static __poll_t kfs_attr_poll(struct file *file, struct poll_table_struct *pt)
{
	struct kfs_open *o = file->private_data;
	__poll_t mask = POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM;

	poll_wait(file, &o->d->poll_wq, pt);
	if (o->d->dead || o->event != atomic_read_int(&o->d->event))
		mask |= POLLERR | POLLPRI;
	return mask;
}

static const struct file_operations kfs_attr_fops = {
	.open = kfs_attr_open,
	.release = kfs_attr_release,
	.read = kfs_attr_read,
	.write = kfs_attr_write,
	.llseek = kfs_attr_llseek,
	.poll = kfs_attr_poll,
};

void kfs_notify_if(bool (*pick)(const struct dentry *d, const void *key), const void *key)
{
	struct dentry *d;

	pthread_mutex_lock(&kfs_lock);
	for (d = kfs_entries; d && !(kfs_has_node(d) && pick(d, key)); d = d->next)
		;
	if (d)
		atomic_inc_return(&d->refs);
	pthread_mutex_unlock(&kfs_lock);
	if (!d)
		return;
	atomic_inc_return(&d->event);
	wake_up_interruptible_all(&d->poll_wq);
	kfs_put(d);
}

/* A debugfs file of the driver's: from open on, the file is the driver's, as misc_open() does. */
static int kfs_proxy_open(struct inode *inode, struct file *file)
{
	const struct file_operations *old = file->f_op;
	struct dentry *d = kfs_find_get(inode->i_rdev);
	int err;

	if (!d)
		return -ENODEV;
	if (!try_module_get(d->fops->owner)) {
		kfs_put(d);
		return -ENODEV;
	}
	inode->i_private = d->data;
	file->f_op = d->fops;
	kfs_put(d);
	if (!file->f_op->open)
		return 0;
	err = file->f_op->open(inode, file);
	if (err) {
		module_put(file->f_op->owner);
		file->f_op = old;
	}
	return err;
}

static const struct file_operations kfs_proxy_fops = {
	.open = kfs_proxy_open,
};

/* ---- entries ---- */

/* Under kfs_lock: the region and the class, on first use; then a free minor. */
static int kfs_minor_get_locked(dev_t *devt)
{
	int err;

	if (!kfs_base) {
		err = alloc_chrdev_region(&kfs_base, 0, KFS_MINORS, "sysfs");
		if (err)
			return err;
		kfs_class = class_create("sysfs");
		if (IS_ERR(kfs_class)) {
			err = PTR_ERR(kfs_class);
			kfs_class = NULL;
			unregister_chrdev_region(kfs_base, KFS_MINORS);
			kfs_base = 0;
			return err;
		}
	}
	for (int m = 0; m < KFS_MINORS; m++)
		if (!kfs_used[m]) {
			kfs_used[m] = 1;
			*devt = kfs_base + (dev_t)m;
			return 0;
		}
	return -ENOSPC;
}

struct dentry *kfs_find_path_locked(const char *path)
{
	struct dentry *d;

	for (d = kfs_entries; d; d = d->next)
		if (!strcmp(d->path, path))
			return d;
	return NULL;
}

struct dentry *kfs_new(enum kfs_kind kind, const char *path)
{
	struct dentry *d;

	if (strlen(path) >= KFS_PATH_MAX || !node_name_valid(path))
		return ERR_PTR(-EINVAL);
	d = calloc(1, sizeof(*d));
	if (!d)
		return ERR_PTR(-ENOMEM);
	d->kind = kind;
	d->refs = 1;
	d->event = 1;
	init_waitqueue_head(&d->poll_wq);
	pthread_rwlock_init(&d->active, NULL);
	snprintf(d->path, sizeof(d->path), "%s", path);
	return d;
}

static void kfs_unlist(struct dentry *d)
{
	struct dentry **pp;

	pthread_mutex_lock(&kfs_lock);
	for (pp = &kfs_entries; *pp && *pp != d; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = d->next;
	pthread_mutex_unlock(&kfs_lock);
}

/* Make @d's node live with @mode: listed first, since an open may come at once. */
static int kfs_publish(struct dentry *d, unsigned short mode)
{
	struct device *node;
	int err;

	pthread_mutex_lock(&kfs_lock);
	err = kfs_find_path_locked(d->path) ? -EEXIST : 0;
	if (!err && kfs_has_node(d))
		err = kfs_minor_get_locked(&d->devt);
	if (!err) {
		d->next = kfs_entries;
		kfs_entries = d;
	}
	pthread_mutex_unlock(&kfs_lock);
	if (err || !kfs_has_node(d))
		return err;
	node = device_create(kfs_class, NULL, d->devt, NULL, "%s", d->path);
	if (IS_ERR(node)) {
		err = PTR_ERR(node);
		goto out_unlist;
	}
	err = -ENOMEM;
	d->cdev = cdev_alloc();
	if (!d->cdev)
		goto out_destroy;
	d->cdev->ops = d->kind == KFS_FOPS     ? &kfs_proxy_fops :
		       d->kind == KFS_BIN_ATTR ? &kfs_bin_fops :
		       d->kind == KFS_CFS_BIN  ? &cfs_bin_fops :
						 &kfs_attr_fops;
	err = cdev_add(d->cdev, d->devt, 1);
	if (err)
		goto out_cdev;
	node_chmod(d->cdev, d->devt, mode);
	return 0;

out_cdev:
	kobject_put(&d->cdev->kobj);
	d->cdev = NULL;
out_destroy:
	device_destroy(kfs_class, d->devt);
out_unlist:
	kfs_unlist(d);
	pthread_mutex_lock(&kfs_lock);
	kfs_used[MINOR(d->devt - kfs_base)] = 0;
	pthread_mutex_unlock(&kfs_lock);
	return err;
}

/* @d is unlisted: wait for its ->show()/->store(), take its node away, drop the list's reference. */
static void kfs_kill(struct dentry *d)
{
	pthread_rwlock_wrlock(&d->active);
	d->dead = true;
	pthread_rwlock_unlock(&d->active);
	/* Its pollers learn it is gone (POLLERR), as kernfs tells them. */
	wake_up_interruptible_all(&d->poll_wq);
	if (kfs_has_node(d)) {
		cdev_del(d->cdev);
		device_destroy(kfs_class, d->devt);
		pthread_mutex_lock(&kfs_lock);
		kfs_used[MINOR(d->devt - kfs_base)] = 0;
		pthread_mutex_unlock(&kfs_lock);
	}
	kfs_put(d);
}

/* Unlist and kill every entry @match() picks; newest first, so children before their parents. */
void kfs_remove_if(bool (*match)(const struct dentry *d, const void *key), const void *key)
{
	struct dentry *gone = NULL, **tail = &gone, **pp, *d;

	pthread_mutex_lock(&kfs_lock);
	for (pp = &kfs_entries; (d = *pp);) {
		if (match(d, key)) {
			*pp = d->next;
			d->next = NULL;
			*tail = d;
			tail = &d->next;
		} else {
			pp = &d->next;
		}
	}
	pthread_mutex_unlock(&kfs_lock);
	while ((d = gone)) {
		gone = d->next;
		kfs_kill(d);
	}
}

int kfs_add(struct dentry *d, unsigned short mode, struct dentry **out)
{
	int err = kfs_publish(d, mode);

	if (err) {
		kfs_put(d);
		return err;
	}
	if (out)
		*out = d;
	return 0;
}
