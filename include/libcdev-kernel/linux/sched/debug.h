/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sched/debug.h>: a task's stack for debugging.
 * Only the calling thread's stack can be read here: show_stack() of
 * another task prints the caller's, said so in its first line.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCHED_DEBUG_H
#define LIBCDEV_KERNEL_LINUX_SCHED_DEBUG_H

#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>

static inline void show_stack(struct task_struct *task, unsigned long *sp, const char *loglvl)
{
	(void)sp;
	if (task && task != current)
		printk("%sshow_stack: the stack of another task cannot be read; the caller's:\n",
		       loglvl);
	dump_stack();
}

#endif
