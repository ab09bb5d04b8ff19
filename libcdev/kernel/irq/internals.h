/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the files of kernel/irq/ share, as the kernel's
 * kernel/irq/internals.h: the lines' events (manage.c) and their chips'
 * state (chip.c).
 *
 * Lock order: a line's chip lock (irq_chip_lock(), taken by the callers of
 * the irq_chip_*() hooks below) before manage.c's lock of the lines, which
 * is never held while a driver's code runs.
 *
 * Included by: the files of libcdev/kernel/irq/ only.
 */
#ifndef LIBCDEV_KERNEL_IRQ_INTERNALS_H
#define LIBCDEV_KERNEL_IRQ_INTERNALS_H

#include <stdbool.h>

#include <libcdev/irqdomain.h>

/*
 * manage.c: run the actions of @irq once, on this thread (the kernel's
 * handle_irq_event()). Return: 0; -ENOENT (no action); -EAGAIN (disabled:
 * left pending for enable_irq()); -EBUSY (running elsewhere, or a oneshot
 * thread still runs: queued for the hardirq thread).
 */
int irq_line_event(unsigned int irq);
/* manage.c: whether a threaded handler of @irq with IRQF_ONESHOT has yet to return. */
bool irq_line_oneshot_busy(unsigned int irq);

/* chip.c: the line's flow handler (handle_simple_irq() if none), on this thread. */
void irq_flow_run(unsigned int irq);
/* chip.c: the chip lock of @irq, with the chip's bus lock around it. */
void irq_chip_lock(unsigned int irq);
void irq_chip_unlock(unsigned int irq);
/* chip.c, under the chip lock: the first action was added (or enable_irq() after IRQF_NO_AUTOEN). */
void irq_chip_startup(unsigned int irq);
/* ... the last action is gone. */
void irq_chip_shutdown(unsigned int irq);
/* ... disable_irq() from depth 0; enable_irq() back to 0. */
void irq_chip_disable(unsigned int irq);
void irq_chip_enable(unsigned int irq);
/* ... irq_set_irq_type() and request_irq()'s IRQF_TRIGGER_*: the chip's irq_set_type. */
int irq_chip_set_type(unsigned int irq, unsigned int type);
/* chip.c: the last oneshot thread of @irq returned: unmask it if it is enabled. */
void irq_chip_oneshot_done(unsigned int irq);
/* chip.c: @irq mapped by @d as @hwirq (@d NULL: unmapped, its chip and handler cleared too). */
void irq_desc_set_domain(unsigned int irq, struct irq_domain *d, irq_hw_number_t hwirq);

#endif
