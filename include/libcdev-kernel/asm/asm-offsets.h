/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/asm-offsets.h>: the kernel generates it for its
 * architecture with the offsets its assembly needs into its structures
 * (struct pt_regs, the stack frame), as numbers an asm() string can hold.
 * Here: the size of struct pt_regs of <linux/ptrace.h>.
 */
#ifndef LIBCDEV_KERNEL_ASM_ASM_OFFSETS_H
#define LIBCDEV_KERNEL_ASM_ASM_OFFSETS_H

#include <stddef.h>

#include <linux/ptrace.h>

#if defined(__x86_64__)
#define PTREGS_SIZE 168 /* 21 registers */
_Static_assert(sizeof(struct pt_regs) == PTREGS_SIZE, "PTREGS_SIZE is struct pt_regs' size");
#endif

#endif
