/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kthread.h>, from libcdev's <libcdev/kdefer.h>:
 * each kernel thread is a thread of the driver's process, created stopped;
 * kthread_stop() wakes it wherever it sleeps and waits for its end.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KTHREAD_H
#define LIBCDEV_KERNEL_LINUX_KTHREAD_H

#include <stdio.h>

#include <linux/err.h>
#include <linux/numa.h>
#include <linux/sched.h>
#include <libcdev/kdefer.h>

#define kthread_create_on_node(threadfn, data, node, namefmt, ...)              \
	__extension__({                                                         \
		char __kt_name[TASK_COMM_LEN];                                  \
		(void)(node);                                                   \
		snprintf(__kt_name, sizeof(__kt_name), namefmt, ##__VA_ARGS__); \
		libcdev_kthread_create(THIS_MODULE, threadfn, data, __kt_name); \
	})
#define kthread_create(threadfn, data, namefmt, ...) \
	kthread_create_on_node(threadfn, data, NUMA_NO_NODE, namefmt, ##__VA_ARGS__)

#define kthread_run(threadfn, data, namefmt, ...)                                                 \
	__extension__({                                                                           \
		struct task_struct *__k = kthread_create(threadfn, data, namefmt, ##__VA_ARGS__); \
		if (!IS_ERR(__k))                                                                 \
			wake_up_process(__k);                                                     \
		__k;                                                                              \
	})

static inline void kthread_bind(struct task_struct *k, unsigned int cpu)
{
	(void)k, (void)cpu;
}

/* A kernel thread is never frozen here. */
static inline bool kthread_freezable_should_stop(bool *was_frozen)
{
	if (was_frozen)
		*was_frozen = false;
	return kthread_should_stop();
}

#endif
