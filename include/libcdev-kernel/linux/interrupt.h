/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/interrupt.h>: tasklets, from libcdev's
 * <libcdev/kdefer.h>. A tasklet runs on the process's one thread of timers
 * and tasklets, in atomic context, never on two threads at once; scheduled
 * again while it runs, it runs once more.
 *
 * Interrupt handlers, from <libcdev/irq.h>: the lines are simulated, raised
 * by libcdev_irq_raise() or `cdevctl irq`; hard handlers run in atomic
 * context on the process's hardirq thread, threaded ones on their own.
 */
#ifndef LIBCDEV_KERNEL_LINUX_INTERRUPT_H
#define LIBCDEV_KERNEL_LINUX_INTERRUPT_H

#include <linux/container_of.h>
#include <linux/preempt.h>
#include <linux/types.h>
#include <linux/device.h>
/* As the kernel's: drivers arm hrtimers with only this. */
#include <linux/hrtimer.h>
#include <linux/irqreturn.h>
#include <linux/module.h>
#include <libcdev/irq.h>
#include <libcdev/kdefer.h>

/*
 * The kernel's interrupt simulator (irq_sim, as gpio-sim uses it) raises a
 * line by making it pending: here every line can be raised that way, so a
 * driver's own stand-in for its hardware raises its IRQ as it would on irq_sim.
 */
enum irqchip_irq_state {
	IRQCHIP_STATE_PENDING,
	IRQCHIP_STATE_ACTIVE,
	IRQCHIP_STATE_MASKED,
	IRQCHIP_STATE_LINE_LEVEL,
};

static inline int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool val)
{
	if (which != IRQCHIP_STATE_PENDING)
		return -EINVAL;
	return val ? libcdev_irq_raise(irq) : 0;
}

#define request_threaded_irq(irq, handler, thread_fn, flags, name, dev_id) \
	libcdev_request_threaded_irq(irq, handler, thread_fn, flags, name, dev_id, THIS_MODULE)
#define request_irq(irq, handler, flags, name, dev_id) \
	libcdev_request_threaded_irq(irq, handler, NULL, flags, name, dev_id, THIS_MODULE)
#define devm_request_threaded_irq(dev, irq, handler, thread_fn, flags, name, dev_id)         \
	libcdev_devm_request_threaded_irq(dev, irq, handler, thread_fn, flags, name, dev_id, \
					  THIS_MODULE)
#define devm_request_irq(dev, irq, handler, flags, name, dev_id) \
	libcdev_devm_request_threaded_irq(dev, irq, handler, NULL, flags, name, dev_id, THIS_MODULE)

#define DECLARE_TASKLET(name, _callback)                                                        \
	struct tasklet_struct name = {                                                          \
		.count = 0, .use_callback = true, .callback = (_callback), .owner = THIS_MODULE \
	}
#define DECLARE_TASKLET_DISABLED(name, _callback)                                               \
	struct tasklet_struct name = {                                                          \
		.count = 1, .use_callback = true, .callback = (_callback), .owner = THIS_MODULE \
	}
#define DECLARE_TASKLET_OLD(name, _func) \
	struct tasklet_struct name = { .count = 0, .func = (_func), .owner = THIS_MODULE }
#define DECLARE_TASKLET_DISABLED_OLD(name, _func) \
	struct tasklet_struct name = { .count = 1, .func = (_func), .owner = THIS_MODULE }

#define tasklet_setup(t, callback)  libcdev_tasklet_setup(t, callback, THIS_MODULE)
#define tasklet_init(t, func, data) libcdev_tasklet_init(t, func, data, THIS_MODULE)

#define from_tasklet(var, callback_tasklet, tasklet_fieldname) \
	container_of(callback_tasklet, __typeof__(*var), tasklet_fieldname)

#endif
