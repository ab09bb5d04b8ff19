/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - sysfs attributes and debugfs files as device nodes (sysfs.h):
 * one entry per file or directory, a node of the "sysfs" region for each
 * file, named with the path the kernel would give it.
 *
 * An open file holds a reference on its entry, so a removed entry outlives
 * the files still open on it; `dead` (set under the entry's write lock,
 * which waits for a running ->show()/->store()) turns them away with -ENODEV,
 * as kernfs does once an attribute is gone.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libcdev-private.h"
#include "kdefer-private.h"
#include "kfs-private.h"
#include <libcdev/sysfs.h>

#define KFS_MINORS	256
#define KFS_PATH_MAX	256

enum kfs_kind {
	KFS_DIR,		/* a debugfs directory: a name prefix, no node */
	KFS_DEV_ATTR,
	KFS_CLASS_ATTR,
	KFS_FOPS,		/* a debugfs file with the driver's own operations */
	KFS_VALUE,		/* a debugfs integer or bool */
};

enum kfs_value {
	KFS_U8, KFS_U16, KFS_U32, KFS_U64, KFS_X32, KFS_BOOL,
};

struct dentry {
	struct dentry *next;		/* kfs_entries */
	struct dentry *parent;		/* debugfs only */
	char path[KFS_PATH_MAX];	/* below the backend's directory */
	enum kfs_kind kind;
	dev_t devt;			/* 0 for a directory */
	struct cdev *cdev;
	/* What it serves. */
	struct device *dev;
	const struct device_attribute *dattr;
	const struct class *cls;
	const struct class_attribute *cattr;
	const struct file_operations *fops;
	void *data;			/* KFS_FOPS: inode->i_private; KFS_VALUE: the value */
	enum kfs_value vtype;
	/* Its life. */
	pthread_rwlock_t active;	/* read: ->show()/->store() runs; write: removal */
	bool dead;
	int refs;			/* the list's, and one per open file; atomic */
};

/* One open file of an attribute or value: the page ->show() filled. */
struct kfs_open {
	struct dentry *d;
	size_t len;
	bool filled;
	char page[LIBCDEV_ATTR_PAGE];
};

static pthread_mutex_t kfs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dentry *kfs_entries;
static dev_t kfs_base;
static struct class *kfs_class;
static unsigned char kfs_used[KFS_MINORS];

static void kfs_put(struct dentry *d)
{
	if (atomic_dec_return(&d->refs))
		return;
	pthread_rwlock_destroy(&d->active);
	free(d);
}

static struct dentry *kfs_find_get(dev_t devt)
{
	struct dentry *d;

	pthread_mutex_lock(&kfs_lock);
	for (d = kfs_entries; d; d = d->next)
		if (d->devt == devt && d->kind != KFS_DIR)
			break;
	if (d)
		atomic_inc_return(&d->refs);
	pthread_mutex_unlock(&kfs_lock);
	return d;
}

/* ---- reading and writing an attribute ---- */

static bool kfs_can_show(const struct dentry *d)
{
	switch (d->kind) {
	case KFS_DEV_ATTR:
		return d->dattr->show != NULL;
	case KFS_CLASS_ATTR:
		return d->cattr->show != NULL;
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
		[KFS_U8] = 0xff, [KFS_U16] = 0xffff, [KFS_U32] = 0xffffffff,
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
	if (end == buf || buf[0] == '-' || (*end && strcmp(end, "\n")) || errno || v > max[d->vtype])
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

/* ->show() or ->store() of @d, unless it is gone; waited for by removal. */
static ssize_t kfs_call(struct dentry *d, char *page, size_t count, bool store)
{
	const void *fn = NULL;
	ssize_t ret;

	pthread_rwlock_rdlock(&d->active);
	if (d->dead) {
		pthread_rwlock_unlock(&d->active);
		return -ENODEV;
	}
	switch (d->kind) {
	case KFS_DEV_ATTR:
		ret = store ? d->dattr->store(d->dev, (struct device_attribute *)d->dattr, page, count)
			    : d->dattr->show(d->dev, (struct device_attribute *)d->dattr, page);
		fn = store ? (const void *)d->dattr->store : (const void *)d->dattr->show;
		break;
	case KFS_CLASS_ATTR:
		ret = store ? d->cattr->store(d->cls, d->cattr, page, count)
			    : d->cattr->show(d->cls, d->cattr, page);
		fn = store ? (const void *)d->cattr->store : (const void *)d->cattr->show;
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

static int kfs_attr_open(struct inode *inode, struct file *file)
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
	o = calloc(1, sizeof(*o));
	if (!o) {
		kfs_put(d);
		return -ENOMEM;
	}
	o->d = d;
	file->private_data = o;
	return 0;
}

static int kfs_attr_release(struct inode *inode, struct file *file)
{
	struct kfs_open *o = file->private_data;

	(void)inode;
	kfs_put(o->d);
	free(o);
	return 0;
}

static ssize_t kfs_attr_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct kfs_open *o = file->private_data;
	size_t n;

	/* Each read from the start asks ->show() again, as sysfs does. */
	if (*ppos == 0 || !o->filled) {
		ssize_t r;

		memset(o->page, 0, sizeof(o->page));
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

static ssize_t kfs_attr_write(struct file *file, const char __user *buf, size_t count,
			      loff_t *ppos)
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

static loff_t kfs_attr_llseek(struct file *file, loff_t offset, int whence)
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
		pos = (loff_t)o->len + offset;
		break;
	default:
		return -EINVAL;
	}
	if (pos < 0)
		return -EINVAL;
	file->f_pos = pos;
	return pos;
}

static const struct file_operations kfs_attr_fops = {
	.open = kfs_attr_open,
	.release = kfs_attr_release,
	.read = kfs_attr_read,
	.write = kfs_attr_write,
	.llseek = kfs_attr_llseek,
};

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

static struct dentry *kfs_find_path_locked(const char *path)
{
	struct dentry *d;

	for (d = kfs_entries; d; d = d->next)
		if (!strcmp(d->path, path))
			return d;
	return NULL;
}

static struct dentry *kfs_new(enum kfs_kind kind, const char *path)
{
	struct dentry *d;

	if (strlen(path) >= KFS_PATH_MAX || !node_name_valid(path))
		return ERR_PTR(-EINVAL);
	d = calloc(1, sizeof(*d));
	if (!d)
		return ERR_PTR(-ENOMEM);
	d->kind = kind;
	d->refs = 1;
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
	if (!err && d->kind != KFS_DIR)
		err = kfs_minor_get_locked(&d->devt);
	if (!err) {
		d->next = kfs_entries;
		kfs_entries = d;
	}
	pthread_mutex_unlock(&kfs_lock);
	if (err || d->kind == KFS_DIR)
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
	d->cdev->ops = d->kind == KFS_FOPS ? &kfs_proxy_fops : &kfs_attr_fops;
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
	if (d->kind != KFS_DIR) {
		cdev_del(d->cdev);
		device_destroy(kfs_class, d->devt);
		pthread_mutex_lock(&kfs_lock);
		kfs_used[MINOR(d->devt - kfs_base)] = 0;
		pthread_mutex_unlock(&kfs_lock);
	}
	kfs_put(d);
}

/* Unlist and kill every entry @match() picks; newest first, so children before their parents. */
static void kfs_remove_if(bool (*match)(const struct dentry *d, const void *key), const void *key)
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

static int kfs_add(struct dentry *d, unsigned short mode, struct dentry **out)
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

/* ---- device and class attributes ---- */

/* "sys/devices/platform/NAME" or "sys/class/CLASS/NAME" ('/' of a node name as '!', as sysfs does). */
static int device_dir(const struct device *dev, char *buf, size_t size)
{
	size_t n;

	if (!dev || !dev->name)
		return -EINVAL;
	if (dev->bus_name)
		n = (size_t)snprintf(buf, size, "sys/devices/%s/", dev->bus_name);
	else if (dev->class)
		n = (size_t)snprintf(buf, size, "sys/class/%s/", dev->class->name);
	else
		n = (size_t)snprintf(buf, size, "sys/devices/virtual/");
	if (n + strlen(dev->name) >= size)
		return -ENAMETOOLONG;
	for (const char *p = dev->name; *p; p++)
		buf[n++] = *p == '/' ? '!' : *p;
	buf[n] = '\0';
	return 0;
}

static int dev_attr_add(struct device *dev, const char *group, const struct device_attribute *attr,
			unsigned short mode)
{
	char dir[KFS_PATH_MAX], path[KFS_PATH_MAX + 64];
	struct dentry *d;
	int err = device_dir(dev, dir, sizeof(dir));

	if (err)
		return err;
	if (group)
		snprintf(path, sizeof(path), "%s/%s/%s", dir, group, attr->attr.name);
	else
		snprintf(path, sizeof(path), "%s/%s", dir, attr->attr.name);
	d = kfs_new(KFS_DEV_ATTR, path);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d->dev = dev;
	d->dattr = attr;
	return kfs_add(d, mode, NULL);
}

_public_ int device_create_file(struct device *dev, const struct device_attribute *attr)
{
	if (!dev || !attr || !attr->attr.name)
		return -EINVAL;
	return dev_attr_add(dev, NULL, attr, attr->attr.mode);
}

struct dev_attr_key {
	const struct device *dev;
	const struct device_attribute *attr;	/* NULL: every attribute of dev */
};

static bool match_dev_attr(const struct dentry *d, const void *key)
{
	const struct dev_attr_key *k = key;

	return d->kind == KFS_DEV_ATTR && d->dev == k->dev && (!k->attr || d->dattr == k->attr);
}

_public_ void device_remove_file(struct device *dev, const struct device_attribute *attr)
{
	struct dev_attr_key k = { dev, attr };

	if (dev && attr)
		kfs_remove_if(match_dev_attr, &k);
}

void kfs_remove_device(struct device *dev)
{
	struct dev_attr_key k = { dev, NULL };

	kfs_remove_if(match_dev_attr, &k);
}

_public_ int device_add_group(struct device *dev, const struct attribute_group *grp)
{
	const struct attribute_group *groups[] = { grp, NULL };

	return device_add_groups(dev, groups);
}

_public_ void device_remove_group(struct device *dev, const struct attribute_group *grp)
{
	const struct attribute_group *groups[] = { grp, NULL };

	device_remove_groups(dev, groups);
}

_public_ int device_add_groups(struct device *dev, const struct attribute_group **groups)
{
	int err = 0;

	for (int g = 0; groups && groups[g] && !err; g++) {
		const struct attribute_group *grp = groups[g];

		for (int i = 0; grp->attrs && grp->attrs[i] && !err; i++) {
			struct attribute *a = grp->attrs[i];
			unsigned short mode = grp->is_visible ? grp->is_visible(&dev->kobj, a, i)
							      : a->mode;

			if (mode)
				err = dev_attr_add(dev, grp->name,
						   (const struct device_attribute *)a, mode);
		}
	}
	if (err)
		device_remove_groups(dev, groups);
	return err;
}

_public_ void device_remove_groups(struct device *dev, const struct attribute_group **groups)
{
	for (int g = 0; groups && groups[g]; g++)
		for (int i = 0; groups[g]->attrs && groups[g]->attrs[i]; i++)
			device_remove_file(dev, (const struct device_attribute *)groups[g]->attrs[i]);
}

_public_ int class_create_file(const struct class *cls, const struct class_attribute *attr)
{
	char path[KFS_PATH_MAX + 64];
	struct dentry *d;

	if (!cls || !cls->name || !attr || !attr->attr.name)
		return -EINVAL;
	snprintf(path, sizeof(path), "sys/class/%s/%s", cls->name, attr->attr.name);
	d = kfs_new(KFS_CLASS_ATTR, path);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d->cls = cls;
	d->cattr = attr;
	return kfs_add(d, attr->attr.mode, NULL);
}

struct class_attr_key {
	const struct class *cls;
	const struct class_attribute *attr;	/* NULL: every attribute of cls */
};

static bool match_class_attr(const struct dentry *d, const void *key)
{
	const struct class_attr_key *k = key;

	return d->kind == KFS_CLASS_ATTR && d->cls == k->cls && (!k->attr || d->cattr == k->attr);
}

_public_ void class_remove_file(const struct class *cls, const struct class_attribute *attr)
{
	struct class_attr_key k = { cls, attr };

	if (cls && attr)
		kfs_remove_if(match_class_attr, &k);
}

void kfs_remove_class(const struct class *cls)
{
	struct class_attr_key k = { cls, NULL };

	kfs_remove_if(match_class_attr, &k);
}

_public_ int libcdev_device_lookup(const char *name, dev_t *devt)
{
	return device_number_of(name, devt);
}

/* ---- debugfs ---- */

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

static void debugfs_value(const char *name, unsigned short mode, struct dentry *parent,
			  void *value, enum kfs_value type)
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
