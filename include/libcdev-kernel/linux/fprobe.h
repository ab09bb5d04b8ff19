/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/fprobe.h>: probes on the entry and return of
 * functions chosen by name, address or glob, as 6.1 has them (the handlers
 * take the entry data). The functions are the library's traceable ones
 * (libcdev-kernel(7), "INSTRUMENTATION").
 */
#ifndef LIBCDEV_KERNEL_LINUX_FPROBE_H
#define LIBCDEV_KERNEL_LINUX_FPROBE_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/ftrace.h>
#include <linux/ptrace.h>

#include <libcdev/kprobes.h>

static inline bool fprobe_disabled(struct fprobe *fp)
{
	return fp ? fp->flags & FPROBE_FL_DISABLED : false;
}

static inline bool fprobe_shared_with_kprobes(struct fprobe *fp)
{
	return fp ? fp->flags & FPROBE_FL_KPROBE_SHARED : false;
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

#endif
