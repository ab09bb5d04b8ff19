/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sched.h>: `current` (the process whose request
 * runs: ->pid, ->tgid, ->comm), task states, schedule() and
 * schedule_timeout(), signal_pending().
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCHED_H
#define LIBCDEV_KERNEL_LINUX_SCHED_H

#include <linux/jiffies.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <libcdev/ksync.h>
#include <libcdev/sched.h>

#define get_current()		(libcdev_current())
#define task_pid_nr(tsk)	((tsk)->pid)
#define task_tgid_nr(tsk)	((tsk)->tgid)
#define task_pid_vnr(tsk)	((tsk)->pid)
#define task_tgid_vnr(tsk)	((tsk)->tgid)
#define fatal_signal_pending(p) signal_pending(p)

static inline void yield(void)
{
	sched_yield();
}

#endif
