/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/sysfs/ and drivers/base/core.c:
 * device and class attributes (sysfs.h): the files of
 * device_create_file(), attribute groups and class_create_file(), made as
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

_public_ int libcdev_device_lookup(const char *name, dev_t *devt)
{
	return device_number_of(name, devt);
}
