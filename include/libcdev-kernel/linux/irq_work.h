/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/irq_work.h>: init_irq_work(), irq_work_queue(),
 * irq_work_sync(). The function runs on the process's hardirq thread, in
 * hard interrupt context (see <libcdev/irq_work.h>).
 */
#ifndef LIBCDEV_KERNEL_LINUX_IRQ_WORK_H
#define LIBCDEV_KERNEL_LINUX_IRQ_WORK_H

#include <stddef.h>

#include <libcdev/irq_work.h>

#define IRQ_WORK_INIT_FLAGS(_func, _flags)                       \
	{                                                        \
		.next = NULL, .flags = (_flags), .func = (_func) \
	}
#define IRQ_WORK_INIT(_func)	  IRQ_WORK_INIT_FLAGS(_func, 0)
#define IRQ_WORK_INIT_LAZY(_func) IRQ_WORK_INIT_FLAGS(_func, IRQ_WORK_LAZY)
#define IRQ_WORK_INIT_HARD(_func) IRQ_WORK_INIT_FLAGS(_func, IRQ_WORK_HARD_IRQ)
#define DEFINE_IRQ_WORK(name, _f) struct irq_work name = IRQ_WORK_INIT(_f)

static inline void init_irq_work(struct irq_work *work, void (*func)(struct irq_work *))
{
	*work = (struct irq_work)IRQ_WORK_INIT(func);
}

static inline bool irq_work_is_pending(struct irq_work *work)
{
	return __atomic_load_n(&work->flags, __ATOMIC_ACQUIRE) & IRQ_WORK_PENDING;
}

static inline bool irq_work_is_busy(struct irq_work *work)
{
	return __atomic_load_n(&work->flags, __ATOMIC_ACQUIRE) & IRQ_WORK_BUSY;
}

static inline bool irq_work_is_hard(struct irq_work *work)
{
	return __atomic_load_n(&work->flags, __ATOMIC_ACQUIRE) & IRQ_WORK_HARD_IRQ;
}

#endif
