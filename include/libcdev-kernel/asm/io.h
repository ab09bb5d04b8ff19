/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <asm/io.h>: the architecture's accessors, which <linux/io.h> has. */
#ifndef LIBCDEV_KERNEL_ASM_IO_H
#define LIBCDEV_KERNEL_ASM_IO_H

#include <linux/io.h>

#endif
