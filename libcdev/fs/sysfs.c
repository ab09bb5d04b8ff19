/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/sysfs/ and drivers/base/core.c:
 * device and class attributes (sysfs.h): the files of
 * device_create_file(), attribute groups and class_create_file(); and the
 * directories of kobjects with their files (sysfs_create_file(),
 * sysfs_create_group(), a kobj_type's default_groups), made as
 * entries of kernfs.c at the paths sysfs gives them. A file of its own: the
 * sysfs side of kfs, apart from debugfs (debugfs.c) and from how an
 * entry is served (kernfs.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include "backend/backend.h"
#include "fs/internal.h"
#include <libcdev/sysfs.h>

/* "sys/devices/platform/NAME", "sys/bus/BUS/devices/NAME" or "sys/class/CLASS/NAME" ('/' of a node name as '!', as sysfs does). */
static int device_dir(const struct device *dev, char *buf, size_t size)
{
	size_t n;

	if (!dev || !dev->name)
		return -EINVAL;
	/* A device with a directory of its own (device_add(), a bus's): the files go there. */
	if (dev->kobj.state_in_sysfs)
		return kobject_path(&dev->kobj, buf, size);
	if (dev->bus_name && !strcmp(dev->bus_name, "platform"))
		n = (size_t)snprintf(buf, size, "sys/devices/platform/");
	else if (dev->bus_name)
		n = (size_t)snprintf(buf, size, "sys/bus/%s/devices/", dev->bus_name);
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
	const struct device_attribute *attr; /* NULL: every attribute of dev */
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
			unsigned short mode = grp->is_visible ? grp->is_visible(&dev->kobj, a, i) :
								a->mode;

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
			device_remove_file(dev,
					   (const struct device_attribute *)groups[g]->attrs[i]);
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
	const struct class_attribute *attr; /* NULL: every attribute of cls */
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

/* ---- kobjects: a directory each, and the files of their attributes ---- */

/* "DIR/NAME" or "DIR/GROUP/NAME" of @kobj; NULL @name: the directory (or the group's). */
static int kobj_entry_path(struct kobject *kobj, const char *group, const char *name, char *buf,
			   size_t size)
{
	char dir[KFS_PATH_MAX];
	int err = kobject_path(kobj, dir, sizeof(dir));
	int n;

	if (err)
		return err;
	n = snprintf(buf, size, "%s%s%s%s%s", dir, group ? "/" : "", group ? group : "",
		     name ? "/" : "", name ? name : "");
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static int kobj_entry_add(struct kobject *kobj, const char *group, const struct attribute *attr,
			  unsigned short mode)
{
	char path[KFS_PATH_MAX];
	struct dentry *d;
	int err = kobj_entry_path(kobj, group, attr ? attr->name : NULL, path, sizeof(path));

	if (err)
		return err;
	d = kfs_new(attr ? KFS_KOBJ_ATTR : KFS_DIR, path);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d->kobj = kobj;
	d->kattr = attr;
	d->mode = mode;
	return kfs_add(d, mode, NULL);
}

struct kobj_key {
	const struct kobject *kobj;
	const char *path; /* the entry; or, with @below, every entry in and below it */
	bool below;
};

static bool match_kobj(const struct dentry *d, const void *key)
{
	const struct kobj_key *k = key;
	size_t n = strlen(k->path);

	if (k->below)
		return d->kobj == k->kobj || (!strncmp(d->path, k->path, n) && d->path[n] == '/');
	return d->kobj == k->kobj && !strcmp(d->path, k->path);
}

static void kobj_entry_remove(struct kobject *kobj, const char *group, const char *name)
{
	char path[KFS_PATH_MAX];
	struct kobj_key k = { kobj, path, false };

	if (!kobj_entry_path(kobj, group, name, path, sizeof(path)))
		kfs_remove_if(match_kobj, &k);
}

int kfs_kobject_add_dir(struct kobject *kobj)
{
	char path[KFS_PATH_MAX];
	struct dentry *d;
	int err = kobj_entry_path(kobj, NULL, NULL, path, sizeof(path));

	if (err)
		return err;
	d = kfs_new(KFS_DIR, path);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d->kobj = kobj;
	err = kfs_add(d, 0, &kobj->sd);
	if (err)
		kobj->sd = NULL;
	return err;
}

void kfs_kobject_remove(struct kobject *kobj)
{
	char path[KFS_PATH_MAX];
	struct kobj_key k = { kobj, path, true };

	/* Without a path (a name too long), still every entry of the kobject's own. */
	if (kobject_path(kobj, path, sizeof(path)))
		path[0] = '\0';
	kobj->sd = NULL;
	kfs_remove_if(match_kobj, &k);
}

_public_ int sysfs_create_file(struct kobject *kobj, const struct attribute *attr)
{
	if (!kobj || !kobj->state_in_sysfs || !attr || !attr->name)
		return -EINVAL;
	return kobj_entry_add(kobj, NULL, attr, attr->mode);
}

_public_ void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr)
{
	if (kobj && attr && attr->name)
		kobj_entry_remove(kobj, NULL, attr->name);
}

_public_ int sysfs_create_files(struct kobject *kobj, const struct attribute *const *attrs)
{
	int err = 0;

	for (int i = 0; attrs && attrs[i] && !err; i++) {
		err = sysfs_create_file(kobj, attrs[i]);
		if (err)
			while (i--)
				sysfs_remove_file(kobj, attrs[i]);
	}
	return err;
}

_public_ void sysfs_remove_files(struct kobject *kobj, const struct attribute *const *attrs)
{
	for (int i = 0; attrs && attrs[i]; i++)
		sysfs_remove_file(kobj, attrs[i]);
}

static int bin_entry_add(struct kobject *kobj, const char *group, const struct bin_attribute *attr,
			 unsigned short mode)
{
	char path[KFS_PATH_MAX];
	int err = kobj_entry_path(kobj, group, attr->attr.name, path, sizeof(path));

	return err ? err : kfs_bin_add(path, kobj, attr, mode & 0777);
}

_public_ int sysfs_create_bin_file(struct kobject *kobj, const struct bin_attribute *attr)
{
	if (!kobj || !kobj->state_in_sysfs || !attr || !attr->attr.name)
		return -EINVAL;
	return bin_entry_add(kobj, NULL, attr, attr->attr.mode);
}

_public_ void sysfs_remove_bin_file(struct kobject *kobj, const struct bin_attribute *attr)
{
	if (kobj && attr && attr->attr.name)
		kobj_entry_remove(kobj, NULL, attr->attr.name);
}

_public_ int device_create_bin_file(struct device *dev, const struct bin_attribute *attr)
{
	return dev ? sysfs_create_bin_file(&dev->kobj, attr) : -EINVAL;
}

_public_ void device_remove_bin_file(struct device *dev, const struct bin_attribute *attr)
{
	if (dev)
		sysfs_remove_bin_file(&dev->kobj, attr);
}

/* Each visible attribute of @grp, at the mode ->is_visible() gives (0: left out); then its binary ones. */
static int group_add_files(struct kobject *kobj, const struct attribute_group *grp)
{
	int err = 0;

	for (int i = 0; grp->attrs && grp->attrs[i] && !err; i++) {
		struct attribute *a = grp->attrs[i];
		unsigned short mode = grp->is_visible ? grp->is_visible(kobj, a, i) : a->mode;

		if (mode)
			err = kobj_entry_add(kobj, grp->name, a, mode & 0777);
	}
	for (int i = 0; grp->bin_attrs && grp->bin_attrs[i] && !err; i++) {
		struct bin_attribute *b = grp->bin_attrs[i];
		unsigned short mode = grp->is_bin_visible ? grp->is_bin_visible(kobj, b, i) :
							    b->attr.mode;

		if (mode)
			err = bin_entry_add(kobj, grp->name, b, mode);
	}
	return err;
}

_public_ int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp)
{
	int err;

	if (!kobj || !kobj->state_in_sysfs || !grp || (!grp->attrs && !grp->bin_attrs))
		return -EINVAL;
	if (grp->name) {
		err = kobj_entry_add(kobj, grp->name, NULL, 0);
		if (err)
			return err;
	}
	err = group_add_files(kobj, grp);
	if (err)
		sysfs_remove_group(kobj, grp);
	return err;
}

_public_ void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp)
{
	if (!kobj || !grp)
		return;
	for (int i = 0; grp->attrs && grp->attrs[i]; i++)
		kobj_entry_remove(kobj, grp->name, grp->attrs[i]->name);
	for (int i = 0; grp->bin_attrs && grp->bin_attrs[i]; i++)
		kobj_entry_remove(kobj, grp->name, grp->bin_attrs[i]->attr.name);
	if (grp->name)
		kobj_entry_remove(kobj, grp->name, NULL);
}

_public_ int sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	int err = 0;

	for (int g = 0; groups && groups[g] && !err; g++) {
		err = sysfs_create_group(kobj, groups[g]);
		if (err)
			while (g--)
				sysfs_remove_group(kobj, groups[g]);
	}
	return err;
}

_public_ void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	for (int g = 0; groups && groups[g]; g++)
		sysfs_remove_group(kobj, groups[g]);
}

/* ---- sysfs_notify(): a change its pollers see ---- */

struct notify_key {
	const struct kobject *kobj;
	const char *dir, *attr;
};

/* @d is the file @key names: the kobject's, or its device's attribute, in [DIR/]ATTR. */
static bool match_notify(const struct dentry *d, const void *key)
{
	const struct notify_key *k = key;
	char dir[KFS_PATH_MAX], path[KFS_PATH_MAX];
	int n;

	if (d->kind == KFS_DEV_ATTR && &d->dev->kobj == k->kobj) {
		if (device_dir(d->dev, dir, sizeof(dir)))
			return false;
		n = snprintf(path, sizeof(path), "%s%s%s/%s", dir, k->dir ? "/" : "",
			     k->dir ? k->dir : "", k->attr);
		return n > 0 && (size_t)n < sizeof(path) && !strcmp(d->path, path);
	}
	if ((d->kind == KFS_KOBJ_ATTR || d->kind == KFS_BIN_ATTR) && d->kobj == k->kobj)
		return !kobj_entry_path(d->kobj, k->dir, k->attr, path, sizeof(path)) &&
		       !strcmp(d->path, path);
	return false;
}

_public_ void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr)
{
	struct notify_key k = { kobj, dir, attr };

	if (kobj && attr)
		kfs_notify_if(match_notify, &k);
}

_public_ int libcdev_device_lookup(const char *name, dev_t *devt)
{
	return device_number_of(name, devt);
}
