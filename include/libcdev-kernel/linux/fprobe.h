/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/fprobe.h>: probes on the entry and exit of
 * functions, over function tracing (<linux/ftrace.h>). As ftrace cannot
 * attach here, the calls are those of a kernel built without CONFIG_FPROBE:
 * -EOPNOTSUPP, and no handler is ever called. The handlers have 6.1's
 * types (void, no return address), which the kernel's samples use.
 */
#ifndef LIBCDEV_KERNEL_LINUX_FPROBE_H
#define LIBCDEV_KERNEL_LINUX_FPROBE_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/ftrace.h>

/* The calls take the kernel's arguments; the stubs among them use none. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

struct rethook;

struct fprobe {
	struct ftrace_ops ops;
	unsigned long nmissed;
	unsigned int flags;
	struct rethook *rethook;
	size_t entry_data_size;
	int nr_maxactive;
	void (*entry_handler)(struct fprobe *fp, unsigned long entry_ip, struct pt_regs *regs,
			      void *entry_data);
	void (*exit_handler)(struct fprobe *fp, unsigned long entry_ip, struct pt_regs *regs,
			     void *entry_data);
};

#define FPROBE_FL_DISABLED	1
#define FPROBE_FL_KPROBE_SHARED 2

static inline bool fprobe_disabled(struct fprobe *fp)
{
	return fp ? fp->flags & FPROBE_FL_DISABLED : false;
}

static inline bool fprobe_shared_with_kprobes(struct fprobe *fp)
{
	return fp ? fp->flags & FPROBE_FL_KPROBE_SHARED : false;
}

static inline int register_fprobe(struct fprobe *fp, const char *filter, const char *notfilter)
{
	return -EOPNOTSUPP;
}

static inline int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs, int num)
{
	return -EOPNOTSUPP;
}

static inline int register_fprobe_syms(struct fprobe *fp, const char **syms, int num)
{
	return -EOPNOTSUPP;
}

static inline int unregister_fprobe(struct fprobe *fp)
{
	return -EOPNOTSUPP;
}

static inline void disable_fprobe(struct fprobe *fp)
{
	if (fp)
		fp->flags |= FPROBE_FL_DISABLED;
}

static inline void enable_fprobe(struct fprobe *fp)
{
	if (fp)
		fp->flags &= ~FPROBE_FL_DISABLED;
}

#pragma GCC diagnostic pop

#endif
