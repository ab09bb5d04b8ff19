/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/wait.h>: wait queues (libcdev's <libcdev/wait.h>),
 * the wait_event*() family, the explicit DEFINE_WAIT()/prepare_to_wait()/
 * schedule()/finish_wait() loop, and the wake_up*() forms.
 *
 * Every wake-up wakes all sleepers of the queue, which re-test their
 * conditions: exclusive waits and _nr/_sync forms are correct, not cheaper.
 * waitqueue_active() sees the sleepers of wait_event*() and queued entries.
 */
#ifndef LIBCDEV_KERNEL_LINUX_WAIT_H
#define LIBCDEV_KERNEL_LINUX_WAIT_H

#include <linux/errno.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>
#include <libcdev/sched.h>
#include <libcdev/wait.h>

#define DEFINE_WAIT_FUNC(name, function) \
	struct wait_queue_entry name = { NULL, NULL, function, libcdev_current() }
#define DEFINE_WAIT(name) DEFINE_WAIT_FUNC(name, autoremove_wake_function)
#define DECLARE_WAITQUEUE(name, tsk) \
	struct wait_queue_entry name = { NULL, NULL, default_wake_function, tsk }

static inline void init_wait_entry(struct wait_queue_entry *wq_entry, int flags)
{
	(void)flags;
	wq_entry->next = NULL;
	wq_entry->pprev = NULL;
	wq_entry->func = autoremove_wake_function;
	wq_entry->private = libcdev_current();
}
#define init_wait(wait) init_wait_entry(wait, 0)

static inline void init_waitqueue_entry(struct wait_queue_entry *wq_entry, struct task_struct *p)
{
	init_wait_entry(wq_entry, 0);
	wq_entry->func = default_wake_function;
	wq_entry->private = p;
}

#define add_wait_queue_exclusive(wq_head, wq_entry) add_wait_queue(wq_head, wq_entry)
#define wq_has_sleeper(wq_head)			    waitqueue_active(wq_head)

#define wake_up_nr(x, nr)		__wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_interruptible_nr(x, nr) __wake_up(x, TASK_INTERRUPTIBLE, nr, NULL)
#define wake_up_sync(x)			__wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_interruptible_sync(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_poll(x, m)		__wake_up(x, TASK_NORMAL, 1, (void *)(unsigned long)(m))
#define wake_up_interruptible_sync_poll(x, m) \
	__wake_up(x, TASK_INTERRUPTIBLE, 1, (void *)(unsigned long)(m))

/* Sleeping in atomic context is reported at the driver's line (kcheck.h). */
#undef wait_event
#define wait_event(wq_head, condition)              \
	(__libcdev_might_sleep(__FILE__, __LINE__), \
	 (void)___wait_event(wq_head, condition, false, -1L))
#undef wait_event_interruptible
#define wait_event_interruptible(wq_head, condition) \
	(__libcdev_might_sleep(__FILE__, __LINE__), ___wait_event(wq_head, condition, true, -1L))
#undef wait_event_interruptible_timeout
#define wait_event_interruptible_timeout(wq_head, condition, timeout) \
	(__libcdev_might_sleep(__FILE__, __LINE__),                   \
	 ___wait_event_timeout(wq_head, condition, timeout, true))

#define wait_event_timeout(wq_head, condition, timeout) \
	(__libcdev_might_sleep(__FILE__, __LINE__),     \
	 ___wait_event_timeout(wq_head, condition, timeout, false))
#define wait_event_killable(wq_head, condition) wait_event_interruptible(wq_head, condition)
#define wait_event_interruptible_exclusive(wq_head, condition) \
	wait_event_interruptible(wq_head, condition)
#define wait_event_killable_timeout(wq_head, condition, timeout) \
	wait_event_interruptible_timeout(wq_head, condition, timeout)

#endif
