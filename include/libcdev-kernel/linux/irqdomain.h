/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/irqdomain.h>: IRQ domains, from libcdev's
 * <libcdev/irqdomain.h>. irq_domain_add_*() record THIS_MODULE, as
 * request_irq() does: unloading a module removes, and reports, the domains
 * it left registered.
 */
#ifndef LIBCDEV_KERNEL_LINUX_IRQDOMAIN_H
#define LIBCDEV_KERNEL_LINUX_IRQDOMAIN_H

#include <linux/irq.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/types.h>
#include <libcdev/irqdomain.h>

#define irq_domain_add_linear(of_node, size, ops, host_data) \
	libcdev_irq_domain_add_legacy(of_node, size, 0, 0, ops, host_data, THIS_MODULE)
#define irq_domain_add_simple(of_node, size, first_irq, ops, host_data) \
	libcdev_irq_domain_add_legacy(of_node, size, first_irq, 0, ops, host_data, THIS_MODULE)
#define irq_domain_add_legacy(of_node, size, first_irq, first_hwirq, ops, host_data)         \
	libcdev_irq_domain_add_legacy(of_node, size, first_irq, first_hwirq, ops, host_data, \
				      THIS_MODULE)

static inline unsigned int irq_create_mapping_affinity(struct irq_domain *d, irq_hw_number_t hwirq,
						       const void *affinity)
{
	(void)affinity; /* one CPU's worth of lines: nothing to spread */
	return irq_create_mapping(d, hwirq);
}

#endif
