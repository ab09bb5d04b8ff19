/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/preempt.h> and the context tests of hardirq.h:
 * in_atomic() is true in timer callbacks, tasklets and the hard part of
 * interrupt handlers, which is where libcdev runs them, and between
 * preempt_disable() and preempt_enable(). Preemption itself is the host
 * scheduler's: these only count, for the checks of kcheck.h.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PREEMPT_H
#define LIBCDEV_KERNEL_LINUX_PREEMPT_H

#include <libcdev/kcheck.h>
#include <libcdev/kdefer.h>

#define preempt_disable()	    libcdev_preempt_count_add(1)
#define preempt_enable()	    libcdev_preempt_count_add(-1)
#define preempt_enable_no_resched() preempt_enable()

#define in_atomic()	     libcdev_in_atomic()
#define in_softirq()	     libcdev_in_softirq()
#define in_serving_softirq() libcdev_in_softirq()
#define in_hardirq()	     libcdev_in_hardirq()
#define in_irq()	     libcdev_in_hardirq()
#define in_interrupt()	     (libcdev_in_hardirq() || libcdev_in_softirq())
#define in_task()	     (!in_interrupt())

#endif
