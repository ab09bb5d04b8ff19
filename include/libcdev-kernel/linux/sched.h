/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sched.h>: `current` (the process whose request
 * runs: ->pid, ->tgid, ->comm), task states, schedule() and
 * schedule_timeout(), signal_pending(). As the kernel's, it brings the
 * timers (through <linux/hrtimer.h>): DEFINE_TIMER() in a driver that
 * includes no more than this.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCHED_H
#define LIBCDEV_KERNEL_LINUX_SCHED_H

#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>
#include <libcdev/sched.h>

#define get_current()		(libcdev_current())
#define task_pid_nr(tsk)	((tsk)->pid)
#define task_tgid_nr(tsk)	((tsk)->tgid)
#define task_pid_vnr(tsk)	((tsk)->pid)
#define task_tgid_vnr(tsk)	((tsk)->tgid)
#define fatal_signal_pending(p) signal_pending(p)

/*
 * Sleeping: reported in atomic context at the driver's line (kcheck.h),
 * where the kernel's schedule() says "scheduling while atomic". On the
 * library's names, which <libcdev/names.h> maps to. The killable and idle
 * forms are the interruptible and uninterruptible ones (libcdev-kernel(7)).
 */
#define libcdev_schedule() (__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_schedule)())
#define libcdev_schedule_timeout(t) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_schedule_timeout)(t))
#define libcdev_schedule_timeout_interruptible(t) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_schedule_timeout_interruptible)(t))
#define libcdev_schedule_timeout_uninterruptible(t) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_schedule_timeout_uninterruptible)(t))
#define schedule_timeout_killable(t) schedule_timeout_interruptible(t)
#define schedule_timeout_idle(t)     schedule_timeout_uninterruptible(t)

static inline void yield(void)
{
	sched_yield();
}

/* Start or wake @p (kernel/sched/core.c; <libcdev/kdefer.h> has the kernel threads). */
int wake_up_process(struct task_struct *p);

#endif
