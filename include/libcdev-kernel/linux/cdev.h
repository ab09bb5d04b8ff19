/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/cdev.h>: struct cdev, cdev_init()/cdev_alloc(),
 * cdev_add() (each device number becomes a CUSE node at once) and cdev_del().
 */
#ifndef LIBCDEV_KERNEL_LINUX_CDEV_H
#define LIBCDEV_KERNEL_LINUX_CDEV_H

#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/list.h>
#include <linux/module.h>
#include <libcdev/cdev.h>
#include <libcdev/device.h>

/* The class of nodes named by cdev_device_add(), one per module as THIS_MODULE. */
__attribute__((weak, visibility("hidden"))) struct class __libcdev_cdev_class = { .name = "cdev" };

/*
 * cdev_device_add - cdev_add() of @dev->devt, with a node named dev_name(@dev)
 * (set with dev_set_name()), as the kernel's device_add() makes it.
 */
static inline int cdev_device_add(struct cdev *cdev, struct device *dev)
{
	return libcdev_cdev_device_add(cdev, dev, &__libcdev_cdev_class);
}

/* cdev_device_del - the node and the number go; files already open keep working */
static inline void cdev_device_del(struct cdev *cdev, struct device *dev)
{
	cdev_del(cdev);
	if (dev->devt && dev->name)
		device_destroy(dev->class ? dev->class : &__libcdev_cdev_class, dev->devt);
}

#endif
