/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <asm/uaccess.h>, which older drivers include: see <linux/uaccess.h>. */
#ifndef LIBCDEV_KERNEL_ASM_UACCESS_H
#define LIBCDEV_KERNEL_ASM_UACCESS_H

#include <linux/uaccess.h>

#endif
