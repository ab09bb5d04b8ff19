/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - misc devices, after include/linux/miscdevice.h and
 * drivers/char/misc.c: one device number each in the "misc" region, a node
 * named .nodename or .name, and the driver's own file operations from open
 * on, with file->private_data pointing at the miscdevice.
 *
 * The region is major 10 (MISC_MAJOR) when neither the kernel nor another
 * driver process holds it, else a dynamic major: the kernel's own misc
 * driver owns 10 on every Linux system, and a CUSE node cannot take a number
 * the kernel holds. The minors follow the kernel's rules either way: a fixed
 * minor must be free (-EBUSY), MISC_DYNAMIC_MINOR takes the highest free one
 * below 128.
 */
#ifndef LIBCDEV_MISCDEVICE_H
#define LIBCDEV_MISCDEVICE_H

#include <libcdev/cdev.h>
#include <libcdev/device.h>
#include <libcdev/fs.h>
#include <libcdev/list_head.h>
#include <libcdev/names.h>

#define MISC_MAJOR	    10
#define MISC_DYNAMIC_MINOR  255
/* Dynamic minors are taken from 127 down, as the kernel's DYNAMIC_MINORS. */
#define MISC_DYNAMIC_MINORS 128

struct attribute_group;

struct miscdevice {
	int minor; /* MISC_DYNAMIC_MINOR: set by misc_register() */
	const char *name;
	const struct file_operations *fops;
	struct list_head list;	    /* the misc core's; the library chains devices by .next */
	struct device *parent;	    /* unused */
	struct device *this_device; /* set by misc_register(): the node's device */
	const struct attribute_group **groups; /* served as sys/class/misc/NODE/ATTR (sysfs.h) */
	const char *nodename;		       /* the node's name below /dev, if not .name */
	unsigned short mode; /* the node's mode; 0: the backend's default (0600) */
	/* private */
	struct cdev *cdev;
	struct miscdevice *next;
};

/**
 * misc_register - make @misc a live device with a node
 *
 * Return: 0; -EBUSY (the fixed minor is taken, or no dynamic one is free);
 * -EINVAL (no name or fops, a minor above 255); -ENOMEM; or the backend's
 * error.
 */
int misc_register(struct miscdevice *misc);

/** misc_deregister - remove @misc's node; files already open keep working */
void misc_deregister(struct miscdevice *misc);

#endif
