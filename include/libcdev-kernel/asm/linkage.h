/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/linkage.h>: the return instruction of hand-written
 * assembly. The kernel's may be a jump to its return thunk (retbleed
 * mitigation); a user-space function returns with ret.
 */
#ifndef LIBCDEV_KERNEL_ASM_LINKAGE_H
#define LIBCDEV_KERNEL_ASM_LINKAGE_H

#include <linux/stringify.h>

#if defined(__x86_64__) || defined(__i386__)
#define ASM_RET "ret\n\t"
#endif

#endif
