/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/freezer.h>: the task freezer, as the kernel
 * defines it without CONFIG_FREEZER. No suspend here freezes tasks
 * (<linux/suspend.h>), so no thread is ever asked to freeze: freezing() and
 * try_to_freeze() are false, and the freezable waits are the interruptible
 * ones (a signal still ends them); kthread_freezable_should_stop() is
 * <linux/kthread.h>'s.
 */
#ifndef LIBCDEV_KERNEL_LINUX_FREEZER_H
#define LIBCDEV_KERNEL_LINUX_FREEZER_H

#include <stdbool.h>

#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>

static inline bool frozen(struct task_struct *p)
{
	(void)p;
	return false;
}

static inline bool freezing(struct task_struct *p)
{
	(void)p;
	return false;
}

static inline bool try_to_freeze(void)
{
	return false;
}

static inline bool freezer_active(void)
{
	return false;
}

/* Becoming freezable changes nothing while no freeze ever starts. */
static inline void set_freezable(void)
{
}

#define wait_event_freezable(wq, condition) wait_event_interruptible(wq, condition)
#define wait_event_freezable_timeout(wq, condition, timeout) \
	wait_event_interruptible_timeout(wq, condition, timeout)
#define wait_event_freezable_exclusive(wq, condition) \
	wait_event_interruptible_exclusive(wq, condition)

#endif
