/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kprobes.h>: kprobes and kretprobes. The kernel
 * can plant one on almost any instruction; here, as on a kernel whose
 * kprobes go through ftrace, on the entry of a traceable function: the
 * library's direct-call sites (libcdev-kernel(7), "INSTRUMENTATION"). A
 * probe elsewhere is refused with -EINVAL. The symbols a probe names are
 * the process's, and the library's traceable functions
 * (<linux/kallsyms.h>).
 */
#ifndef LIBCDEV_KERNEL_LINUX_KPROBES_H
#define LIBCDEV_KERNEL_LINUX_KPROBES_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/errno.h>
#include <linux/kallsyms.h>
#include <linux/list.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/types.h>

#include <libcdev/kprobes.h>

/* Sections of code no probe may go in: only the traceable functions take one here. */
#define __kprobes
#define NOKPROBE_SYMBOL(fname)
#define __NOKPROBE_SYMBOL(fname)

static inline struct kretprobe *get_kretprobe(struct kretprobe_instance *ri)
{
	return ri->rp;
}

static inline unsigned long get_kretprobe_retaddr(struct kretprobe_instance *ri)
{
	return (unsigned long)ri->ret_addr;
}

static inline int disable_kretprobe(struct kretprobe *rp)
{
	return disable_kprobe(&rp->kp);
}

static inline int enable_kretprobe(struct kretprobe *rp)
{
	return enable_kprobe(&rp->kp);
}

static inline bool kprobe_gone(struct kprobe *p)
{
	return p->flags & KPROBE_FLAG_GONE;
}

static inline bool kprobe_disabled(struct kprobe *p)
{
	return p->flags & (KPROBE_FLAG_DISABLED | KPROBE_FLAG_GONE);
}

/* Whether no probe may go at @addr: here, anywhere but a traceable function's entry. */
static inline bool within_kprobe_blacklist(unsigned long addr)
{
	return !addr || ftrace_location(addr) != addr;
}

static inline bool kprobe_ftrace(struct kprobe *p)
{
	return p->flags & KPROBE_FLAG_FTRACE;
}

#endif
