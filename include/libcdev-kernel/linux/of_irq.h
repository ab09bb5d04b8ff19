/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/of_irq.h>: a node's "interrupts" are its device's
 * IRQ lines (irq=N in its description), in order.
 */
#ifndef LIBCDEV_KERNEL_LINUX_OF_IRQ_H
#define LIBCDEV_KERNEL_LINUX_OF_IRQ_H

#include <linux/irq.h>
#include <linux/of.h>
#include <linux/of_platform.h>

/* The @index-th IRQ line of @np's device, or -ENXIO (-EINVAL without a node). */
static inline int of_irq_get(struct device_node *np, int index)
{
	struct platform_device *pdev = of_find_device_by_node(np);

	if (!pdev || index < 0)
		return -EINVAL;
	return platform_get_irq_optional(pdev, (unsigned int)index);
}

/* The same, 0 when there is none. */
static inline unsigned int irq_of_parse_and_map(struct device_node *np, int index)
{
	int irq = of_irq_get(np, index);

	return irq > 0 ? (unsigned int)irq : 0;
}

static inline int of_irq_count(struct device_node *np)
{
	struct platform_device *pdev = of_find_device_by_node(np);

	return pdev ? platform_irq_count(pdev) : 0;
}

#endif
