/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/ptrace.h>: the registers a probe's handler is
 * given, named as the kernel names them on the machine's architecture
 * (x86-64: ->ip, ->sp, ->flags, ->ax ...), and their accessors.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PTRACE_H
#define LIBCDEV_KERNEL_LINUX_PTRACE_H

#include <linux/types.h>

#include <libcdev/ptrace.h>

static inline unsigned long instruction_pointer(struct pt_regs *regs)
{
	return __libcdev_regs_ip(regs);
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return __libcdev_regs_sp(regs);
}

static inline unsigned long kernel_stack_pointer(struct pt_regs *regs)
{
	return __libcdev_regs_sp(regs);
}

static inline unsigned long regs_return_value(struct pt_regs *regs)
{
	return __libcdev_regs_ret(regs);
}

/* Every register set here is of user space, where the whole "kernel" runs. */
#define user_mode(regs) ((void)(regs), 1)

#endif
