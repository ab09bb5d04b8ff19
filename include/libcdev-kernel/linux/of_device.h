/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/of_device.h>: see <linux/of.h>. */
#ifndef LIBCDEV_KERNEL_LINUX_OF_DEVICE_H
#define LIBCDEV_KERNEL_LINUX_OF_DEVICE_H

#include <linux/of.h>
#include <linux/platform_device.h>

static inline const void *of_device_get_match_data(const struct device *dev)
{
	return device_get_match_data(dev);
}

#endif
