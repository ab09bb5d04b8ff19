/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what device.c and platform.c need of the attribute files (kfs.c).
 */
#ifndef LIBCDEV_KFS_PRIVATE_H
#define LIBCDEV_KFS_PRIVATE_H

#include <libcdev/device.h>

/* Take away every attribute served for @dev (device_destroy(), a platform device's end). */
void kfs_remove_device(struct device *dev);
/* Take away every attribute of @cls itself (class_destroy()). */
void kfs_remove_class(const struct class *cls);

#endif
