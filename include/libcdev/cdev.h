/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - char device objects, after include/linux/cdev.h.
 */
#ifndef LIBCDEV_CDEV_H
#define LIBCDEV_CDEV_H

#include <libcdev/fs.h>
#include <libcdev/kobject.h>
#include <libcdev/module.h>
#include <libcdev/names.h>

/**
 * struct cdev - a char device: a range of device numbers and its operations
 *
 * Set owner and ops (cdev_init() sets ops) and, optionally, the name with
 * kobject_set_name(&cdev->kobj, ...) before cdev_add(). dev and count are
 * set by cdev_add(). backend is the exporting backend's, never the driver's.
 */
struct cdev {
	struct kobject kobj;
	struct module *owner;
	const struct file_operations *ops;
	dev_t dev;
	unsigned int count;
	void *backend;
};

struct cdev *cdev_alloc(void);
void cdev_init(struct cdev *cdev, const struct file_operations *fops);
int cdev_add(struct cdev *cdev, dev_t dev, unsigned count);
void cdev_del(struct cdev *cdev);
struct kobject *cdev_get(struct cdev *cdev);
void cdev_put(struct cdev *cdev);

struct class;
struct device;

/**
 * libcdev_cdev_device_add - what cdev_device_add() does: cdev_add() of
 * @dev->devt, with a node named dev_name(@dev) if it has one, in @dev's
 * class or else in @cls; 0 or a negative errno, nothing left on failure
 */
int libcdev_cdev_device_add(struct cdev *cdev, struct device *dev, struct class *cls);

#endif
