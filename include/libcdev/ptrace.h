/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the registers a probe's handler is given (<linux/ptrace.h>),
 * named as the kernel names them on the machine's architecture.
 */
#ifndef LIBCDEV_PTRACE_H
#define LIBCDEV_PTRACE_H

#if defined(__x86_64__)
/* The kernel's x86-64 layout: the entry trampoline fills it in this order. */
struct pt_regs {
	unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
	unsigned long ax, cx, dx, si, di, orig_ax;
	unsigned long ip, cs, flags, sp, ss;
};
#define __libcdev_regs_ip(r)  ((r)->ip)
#define __libcdev_regs_sp(r)  ((r)->sp)
#define __libcdev_regs_ret(r) ((r)->ax)
#else
/* Elsewhere: the general registers by number, and the three every probe reads. */
struct pt_regs {
	unsigned long regs[32];
	unsigned long ip, sp, flags;
};
#define __libcdev_regs_ip(r)  ((r)->ip)
#define __libcdev_regs_sp(r)  ((r)->sp)
#define __libcdev_regs_ret(r) ((r)->regs[0])
#endif

#endif
