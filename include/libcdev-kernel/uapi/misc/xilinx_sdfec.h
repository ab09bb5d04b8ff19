/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <uapi/misc/xilinx_sdfec.h>: the name the SD-FEC driver
 * includes its ABI by (the kernel's include/uapi/misc/xilinx_sdfec.h); the
 * same header as <misc/xilinx_sdfec.h>.
 */
#ifndef LIBCDEV_KERNEL_UAPI_MISC_XILINX_SDFEC_H
#define LIBCDEV_KERNEL_UAPI_MISC_XILINX_SDFEC_H

#include <misc/xilinx_sdfec.h>

#endif
