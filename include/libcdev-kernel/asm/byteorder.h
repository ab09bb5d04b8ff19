/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/byteorder.h>: x86 is little-endian. The system's
 * uapi header (which the C library uses too) gives __cpu_to_le32() and
 * friends; <linux/byteorder/generic.h> their kernel names.
 */
#ifndef LIBCDEV_KERNEL_ASM_BYTEORDER_H
#define LIBCDEV_KERNEL_ASM_BYTEORDER_H

#include_next <asm/byteorder.h>

#include <linux/byteorder/generic.h>

#endif
