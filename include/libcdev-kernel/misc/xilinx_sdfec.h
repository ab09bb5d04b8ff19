/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <misc/xilinx_sdfec.h>: the SD-FEC driver's ioctl ABI, as
 * the kernel's build finds it in its uapi folder: the system's own uapi
 * header, which is the same file.
 */
#ifndef LIBCDEV_KERNEL_MISC_XILINX_SDFEC_H
#define LIBCDEV_KERNEL_MISC_XILINX_SDFEC_H

#include <linux/types.h>

#include_next <misc/xilinx_sdfec.h>

#endif
