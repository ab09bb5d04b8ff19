/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/property.h>: a device's properties, the KEY=VALUE
 * words of its description (libcdev-platform(7)), from <libcdev/platform.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PROPERTY_H
#define LIBCDEV_KERNEL_LINUX_PROPERTY_H

#include <linux/types.h>
#include <libcdev/platform.h>

#endif
