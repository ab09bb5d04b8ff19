/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/irq.h>: the interrupt lines as drivers see them
 * (<linux/interrupt.h>) and their triggers (IRQ_TYPE_*, irq_set_irq_type()),
 * from <libcdev/irq.h>; the interrupt controllers' side (irq_chip, flow
 * handlers, generic_handle_irq()) from <libcdev/irqchip.h>, and the kernel's
 * accessors of a line's irq_data.
 */
#ifndef LIBCDEV_KERNEL_LINUX_IRQ_H
#define LIBCDEV_KERNEL_LINUX_IRQ_H

#include <linux/interrupt.h>
/* As the kernel's: irq_chip callbacks take their locks with only this. */
#include <linux/spinlock.h>
#include <linux/types.h>
#include <libcdev/irq.h>
#include <libcdev/irqchip.h>

static inline void irq_set_chip_and_handler(unsigned int irq, const struct irq_chip *chip,
					    irq_flow_handler_t handle)
{
	irq_set_chip_and_handler_name(irq, chip, handle, NULL);
}

static inline void irq_set_handler(unsigned int irq, irq_flow_handler_t handle)
{
	__irq_set_handler(irq, handle, 0, NULL);
}

static inline struct irq_chip *irq_get_chip(unsigned int irq)
{
	struct irq_data *d = irq_get_irq_data(irq);

	return d ? d->chip : NULL;
}

static inline void *irq_get_chip_data(unsigned int irq)
{
	struct irq_data *d = irq_get_irq_data(irq);

	return d ? d->chip_data : NULL;
}

static inline void *irq_data_get_irq_chip_data(struct irq_data *d)
{
	return d->chip_data;
}

static inline struct irq_chip *irq_data_get_irq_chip(struct irq_data *d)
{
	return d->chip;
}

static inline irq_hw_number_t irqd_to_hwirq(struct irq_data *d)
{
	return d->hwirq;
}

static inline struct irq_chip *irq_desc_get_chip(struct irq_desc *desc)
{
	return irq_desc_get_irq_data(desc)->chip;
}

static inline void *irq_desc_get_chip_data(struct irq_desc *desc)
{
	return irq_desc_get_irq_data(desc)->chip_data;
}

#endif
