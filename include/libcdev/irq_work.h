/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - work run from hard interrupt context, after
 * include/linux/irq_work.h: irq_work_queue() has the work's function run
 * once on the process's "hardirq" thread (where the simulated lines' hard
 * handlers run), in atomic context (in_irq() is true there).
 */
#ifndef LIBCDEV_IRQ_WORK_H
#define LIBCDEV_IRQ_WORK_H

#include <stdbool.h>

#include <libcdev/names.h>

#define IRQ_WORK_PENDING  0x01u
#define IRQ_WORK_BUSY	  0x02u
#define IRQ_WORK_LAZY	  0x04u
#define IRQ_WORK_HARD_IRQ 0x08u
#define IRQ_WORK_CLAIMED  (IRQ_WORK_PENDING | IRQ_WORK_BUSY)

struct irq_work {
	struct irq_work *next; /* private: the queue */
	unsigned int flags;    /* IRQ_WORK_*, atomic */
	void (*func)(struct irq_work *work);
};

/** irq_work_queue - run @work once on the hardirq thread; false if it is pending already */
bool irq_work_queue(struct irq_work *work);
/** irq_work_queue_on - irq_work_queue(): the @cpu is the host scheduler's */
bool irq_work_queue_on(struct irq_work *work, int cpu);
/** irq_work_sync - wait until @work is neither pending nor running */
void irq_work_sync(struct irq_work *work);

#endif
