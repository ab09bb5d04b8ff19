/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <asm/atomic.h>: the architecture's atomics, which <linux/atomic.h> has. */
#ifndef LIBCDEV_KERNEL_ASM_ATOMIC_H
#define LIBCDEV_KERNEL_ASM_ATOMIC_H

#include <linux/atomic.h>

#endif
