/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/interrupt.h>: tasklets, from libcdev's
 * <libcdev/kdefer.h>. A tasklet runs on the process's one thread of timers
 * and tasklets, in atomic context, never on two threads at once; scheduled
 * again while it runs, it runs once more.
 */
#ifndef LIBCDEV_KERNEL_LINUX_INTERRUPT_H
#define LIBCDEV_KERNEL_LINUX_INTERRUPT_H

#include <linux/container_of.h>
#include <linux/preempt.h>
#include <linux/types.h>
#include <libcdev/kdefer.h>

#define DECLARE_TASKLET(name, _callback)				\
	struct tasklet_struct name = { .count = 0, .use_callback = true, \
		.callback = (_callback), .owner = THIS_MODULE }
#define DECLARE_TASKLET_DISABLED(name, _callback)			\
	struct tasklet_struct name = { .count = 1, .use_callback = true, \
		.callback = (_callback), .owner = THIS_MODULE }
#define DECLARE_TASKLET_OLD(name, _func)				\
	struct tasklet_struct name = { .count = 0, .func = (_func),	\
		.owner = THIS_MODULE }
#define DECLARE_TASKLET_DISABLED_OLD(name, _func)			\
	struct tasklet_struct name = { .count = 1, .func = (_func),	\
		.owner = THIS_MODULE }

#define tasklet_setup(t, callback)	libcdev_tasklet_setup(t, callback, THIS_MODULE)
#define tasklet_init(t, func, data)	libcdev_tasklet_init(t, func, data, THIS_MODULE)

#define from_tasklet(var, callback_tasklet, tasklet_fieldname) \
	container_of(callback_tasklet, __typeof__(*var), tasklet_fieldname)

#endif
