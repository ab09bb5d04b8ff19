/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/workqueue.h>, from libcdev's <libcdev/kdefer.h>:
 * work items run in process context on worker threads of their queue (as
 * many at once as the queue's max_active, one at a time and in order for an
 * ordered queue); delayed work waits on a timer first.
 */
#ifndef LIBCDEV_KERNEL_LINUX_WORKQUEUE_H
#define LIBCDEV_KERNEL_LINUX_WORKQUEUE_H

#include <stdio.h>

#include <linux/container_of.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <libcdev/kdefer.h>

#define INIT_WORK(_work, _func)			libcdev_init_work(_work, _func, THIS_MODULE)
#define INIT_DELAYED_WORK(_work, _func)		libcdev_init_delayed_work(_work, _func, THIS_MODULE)
#define INIT_WORK_ONSTACK(_work, _func)		INIT_WORK(_work, _func)
#define INIT_DELAYED_WORK_ONSTACK(_work, _func) INIT_DELAYED_WORK(_work, _func)
#define destroy_work_on_stack(work) \
	do {                        \
		(void)(work);       \
	} while (0)
#define destroy_delayed_work_on_stack(work) \
	do {                                \
		(void)(work);               \
	} while (0)

#define __WORK_INITIALIZER(n, f)                  \
	{                                         \
		.func = (f), .owner = THIS_MODULE \
	}
#define DECLARE_WORK(n, f) struct work_struct n = __WORK_INITIALIZER(n, f)
#define __DELAYED_WORK_INITIALIZER(n, f, tflags)                               \
	{                                                                      \
		.work = __WORK_INITIALIZER((n).work, (f)),                     \
		.timer = __TIMER_INITIALIZER(delayed_work_timer_fn, (tflags)), \
	}
#define DECLARE_DELAYED_WORK(n, f) struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, 0)
#define DECLARE_DEFERRABLE_WORK(n, f) \
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, TIMER_DEFERRABLE)

static inline struct delayed_work *to_delayed_work(struct work_struct *work)
{
	return container_of(work, struct delayed_work, work);
}

/* The queue is formatted as the kernel does it, from a printf format. */
#define alloc_workqueue(fmt, flags, max_active, ...)                                \
	__extension__({                                                             \
		char __wq_name[32];                                                 \
		snprintf(__wq_name, sizeof(__wq_name), fmt, ##__VA_ARGS__);         \
		libcdev_alloc_workqueue(__wq_name, flags, max_active, THIS_MODULE); \
	})
#define alloc_ordered_workqueue(fmt, flags, ...) \
	alloc_workqueue(fmt, __WQ_ORDERED | (flags), 1, ##__VA_ARGS__)
#define create_workqueue(name)		    alloc_workqueue("%s", WQ_MEM_RECLAIM, 1, (name))
#define create_singlethread_workqueue(name) alloc_ordered_workqueue("%s", WQ_MEM_RECLAIM, (name))

static inline bool schedule_work(struct work_struct *work)
{
	return queue_work(system_wq, work);
}

static inline bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay)
{
	return queue_delayed_work(system_wq, dwork, delay);
}

static inline bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work)
{
	(void)cpu;
	return queue_work(wq, work);
}

static inline bool schedule_work_on(int cpu, struct work_struct *work)
{
	return queue_work_on(cpu, system_wq, work);
}

static inline bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
					 struct delayed_work *dwork, unsigned long delay)
{
	(void)cpu;
	return queue_delayed_work(wq, dwork, delay);
}

static inline bool schedule_delayed_work_on(int cpu, struct delayed_work *dwork,
					    unsigned long delay)
{
	return queue_delayed_work_on(cpu, system_wq, dwork, delay);
}

static inline bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
				       struct delayed_work *dwork, unsigned long delay)
{
	(void)cpu;
	return mod_delayed_work(wq, dwork, delay);
}

/* Deprecated in the kernel and still there in 6.6. */
#define flush_scheduled_work() flush_workqueue(system_wq)

#endif
