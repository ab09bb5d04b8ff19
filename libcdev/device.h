/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - device classes and names, after include/linux/device.h.
 *
 * In the kernel, device_create() makes the /dev node. Here every live device
 * number already has a node (the backend makes one per number at cdev_add()),
 * and device_create() gives that node its name: called before cdev_add(), the
 * node is created with it; called after, a node with no open files is made
 * anew under the new name. device_destroy() forgets the name; the node itself
 * goes with cdev_del().
 */
#ifndef LIBCDEV_DEVICE_H
#define LIBCDEV_DEVICE_H

#include <sys/types.h>

#include <libcdev/err.h>
#include <libcdev/kdev_t.h>

struct module;

struct class {
	const char *name;
};

struct device {
	struct class *class;
	dev_t devt;
	char *name;		/* the node's name below /dev; may contain '/' */
	void *driver_data;
};

/**
 * class_create - a class of devices (the kernel's /sys/class/NAME)
 * Return: the class, or ERR_PTR(-ENOMEM) / ERR_PTR(-EINVAL).
 */
struct class *class_create(const char *name);
void class_destroy(struct class *cls);

/**
 * device_create - name the node of device number @devt, printf()-style
 * @cls: the class it belongs to
 * @parent: unused, for the kernel's signature
 * @drvdata: returned by dev_get_drvdata()
 *
 * Return: the device, or ERR_PTR(-EEXIST) if @devt already has a device,
 * ERR_PTR(-EINVAL) for a bad name or class, ERR_PTR(-ENOMEM).
 */
struct device *device_create(struct class *cls, struct device *parent, dev_t devt,
			     void *drvdata, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void device_destroy(struct class *cls, dev_t devt);

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline const char *dev_name(const struct device *dev)
{
	return dev->name;
}

#endif
