/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - IRQ domains (include/linux/irqdomain.h, kernel/irq/irqdomain.c):
 * the translation of an interrupt controller's own line numbers (hwirq) to
 * the process's IRQ numbers. irq_create_mapping() takes a free number from
 * LIBCDEV_IRQ_DOMAIN_BASE up (<libcdev/irq.h>) and calls the domain's map(),
 * which gives the line its irq_chip and flow handler (<libcdev/irqchip.h>);
 * request_irq() on that number then gets what generic_handle_irq() delivers
 * there. Linear domains (a revmap of their size) only: the tree and
 * hierarchical ones have no user here.
 *
 * Not in <libcdev/libcdev.h>; <linux/irqdomain.h> carries the kernel's
 * spellings (irq_domain_add_*() record THIS_MODULE: unloading a module
 * removes, and reports, the domains it left registered).
 */
#ifndef LIBCDEV_IRQDOMAIN_H
#define LIBCDEV_IRQDOMAIN_H

#include <stdint.h>

#include <libcdev/device.h>
#include <libcdev/irqchip.h>
#include <libcdev/module.h>
#include <libcdev/names.h>

struct irq_domain;

struct irq_domain_ops {
	/* Set up line @virq for @hw: its chip, flow handler and chip data. */
	int (*map)(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw);
	/* Undo map() (irq_dispose_mapping()). */
	void (*unmap)(struct irq_domain *d, unsigned int virq);
	/* An interrupt specifier's cells to hwirq and trigger (IRQ_TYPE_*). */
	int (*xlate)(struct irq_domain *d, struct device_node *node, const uint32_t *intspec,
		     unsigned int intsize, irq_hw_number_t *out_hwirq, unsigned int *out_type);
};

struct irq_domain {
	const char *name;
	const struct irq_domain_ops *ops;
	void *host_data;
	struct device_node *of_node;
	irq_hw_number_t hwirq_max; /* hwirqs below it can be mapped */
	unsigned int revmap_size;
	unsigned int mapcount;
	/* The library's: who registered it, its place in the list, hwirq -> virq. */
	struct module *owner;
	struct irq_domain *next;
	unsigned int *revmap;
};

/**
 * libcdev_irq_domain_add_legacy - a domain of @size lines, hwirq
 * @first_hwirq + n mapped at once to IRQ @first_irq + n (irq_domain_add_simple()
 * with @first_irq 0 maps none: irq_create_mapping() does, on demand)
 * Return: the domain; NULL (no memory, or a range out of the process's lines).
 */
struct irq_domain *libcdev_irq_domain_add_legacy(struct device_node *of_node, unsigned int size,
						 unsigned int first_irq,
						 irq_hw_number_t first_hwirq,
						 const struct irq_domain_ops *ops, void *host_data,
						 struct module *owner);

/**
 * irq_domain_remove - unregister and free @d. Its mappings should be gone
 * (irq_dispose_mapping()); those left are disposed of, with a warning.
 */
void irq_domain_remove(struct irq_domain *d);

/**
 * irq_create_mapping - the IRQ of @hwirq in @d, mapped now if it was not
 * Return: the IRQ; 0 (@d NULL, @hwirq at or beyond its size, no free line,
 * or map() failed).
 */
unsigned int irq_create_mapping(struct irq_domain *d, irq_hw_number_t hwirq);
/** irq_find_mapping - the IRQ @hwirq of @d is mapped to, or 0 */
unsigned int irq_find_mapping(struct irq_domain *d, irq_hw_number_t hwirq);
/** irq_dispose_mapping - unmap @virq from its domain, freeing the number (0 or unmapped: nothing) */
void irq_dispose_mapping(unsigned int virq);

/** generic_handle_domain_irq - generic_handle_irq() on @hwirq's IRQ; -EINVAL if unmapped */
int generic_handle_domain_irq(struct irq_domain *d, irq_hw_number_t hwirq);

/* The device tree's specifier translations: the cells are the hwirq (and the trigger). */
int irq_domain_xlate_onecell(struct irq_domain *d, struct device_node *node,
			     const uint32_t *intspec, unsigned int intsize,
			     irq_hw_number_t *out_hwirq, unsigned int *out_type);
int irq_domain_xlate_twocell(struct irq_domain *d, struct device_node *node,
			     const uint32_t *intspec, unsigned int intsize,
			     irq_hw_number_t *out_hwirq, unsigned int *out_type);
int irq_domain_xlate_onetwocell(struct irq_domain *d, struct device_node *node,
				const uint32_t *intspec, unsigned int intsize,
				irq_hw_number_t *out_hwirq, unsigned int *out_type);

#endif
