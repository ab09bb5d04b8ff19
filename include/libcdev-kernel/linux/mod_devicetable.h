/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/mod_devicetable.h>: the match tables of platform
 * drivers (struct platform_device_id, struct of_device_id), from
 * <libcdev/platform.h>, and of I2C drivers (struct i2c_device_id), from
 * <libcdev/i2c.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MOD_DEVICETABLE_H
#define LIBCDEV_KERNEL_LINUX_MOD_DEVICETABLE_H

#include <linux/types.h>
#include <libcdev/i2c.h>
#include <libcdev/platform.h>

typedef unsigned long kernel_ulong_t;

#endif
