/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/firmware.h>: firmware files for drivers, from
 * libcdev's <libcdev/firmware.h> (the search path is there).
 */
#ifndef LIBCDEV_KERNEL_LINUX_FIRMWARE_H
#define LIBCDEV_KERNEL_LINUX_FIRMWARE_H

#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/types.h>
#include <libcdev/firmware.h>

#define FW_ACTION_NOUEVENT 0
#define FW_ACTION_UEVENT   1

#endif
