/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/of.h>: no device tree; a platform device's
 * "compatible" property (libcdev-platform(7)) is matched against a driver's
 * of_match_table, and device_get_match_data() gives the entry's .data.
 */
#ifndef LIBCDEV_KERNEL_LINUX_OF_H
#define LIBCDEV_KERNEL_LINUX_OF_H

#include <linux/mod_devicetable.h>
#include <linux/property.h>

#define of_match_ptr(_ptr) (_ptr)

#endif
