/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - interrupt controllers (include/linux/irq.h, kernel/irq/chip.c):
 * a line's irq_chip, whose callbacks the core calls as the kernel's does
 * (the first request_irq() starts the line up, unmasking it; disable_irq()
 * calls irq_disable, or is lazy: the flow handler masks a line that fires
 * while disabled; enable_irq() unmasks it; the last free_irq() shuts it
 * down), and its flow handler, which generic_handle_irq() runs on the
 * calling thread, in atomic context, as an interrupt controller's
 * demultiplexing handler does. The lines are <libcdev/irq.h>'s; an IRQ
 * domain (<libcdev/irqdomain.h>) gives a controller's lines their numbers.
 *
 * Not in <libcdev/libcdev.h>; <linux/irq.h> carries the kernel's accessors.
 */
#ifndef LIBCDEV_IRQCHIP_H
#define LIBCDEV_IRQCHIP_H

#include <libcdev/irq.h>
#include <libcdev/names.h>

/* An interrupt controller's own number for a line. */
typedef unsigned long irq_hw_number_t;

struct irq_domain;
/* A line's descriptor: drivers reach what it holds through the accessors below. */
struct irq_desc;

/* What a chip's callbacks are given for a line. */
struct irq_data {
	unsigned int irq;	   /* the Linux (virtual) IRQ number */
	irq_hw_number_t hwirq;	   /* the controller's own number for it */
	struct irq_chip *chip;	   /* NULL until irq_set_chip() */
	struct irq_domain *domain; /* the domain it was mapped by, or NULL */
	void *chip_data;	   /* irq_set_chip_data() */
};

/* An interrupt controller's operations; any may be NULL. */
struct irq_chip {
	const char *name;
	unsigned int (*irq_startup)(struct irq_data *data);
	void (*irq_shutdown)(struct irq_data *data);
	void (*irq_enable)(struct irq_data *data);
	void (*irq_disable)(struct irq_data *data);
	void (*irq_ack)(struct irq_data *data);
	void (*irq_mask)(struct irq_data *data);
	void (*irq_mask_ack)(struct irq_data *data);
	void (*irq_unmask)(struct irq_data *data);
	void (*irq_eoi)(struct irq_data *data);
	int (*irq_set_type)(struct irq_data *data, unsigned int flow_type);
	int (*irq_set_wake)(struct irq_data *data, unsigned int on);
	/* Slow buses (I2C, SPI): around the callbacks, in process context. */
	void (*irq_bus_lock)(struct irq_data *data);
	void (*irq_bus_sync_unlock)(struct irq_data *data);
	unsigned long flags; /* IRQCHIP_*: kept, nothing here depends on them */
};

#define IRQCHIP_SET_TYPE_MASKED (1 << 0)
#define IRQCHIP_EOI_IF_HANDLED	(1 << 1)
#define IRQCHIP_MASK_ON_SUSPEND (1 << 2)
#define IRQCHIP_SKIP_SET_WAKE	(1 << 4)
#define IRQCHIP_ONESHOT_SAFE	(1 << 5)
#define IRQCHIP_EOI_THREADED	(1 << 6)

typedef void (*irq_flow_handler_t)(struct irq_desc *desc);

/* The flow handlers (kernel/irq/chip.c): run a line's actions as its controller needs. */
void handle_simple_irq(struct irq_desc *desc);
void handle_level_irq(struct irq_desc *desc);
void handle_edge_irq(struct irq_desc *desc);

/**
 * irq_set_chip - give line @irq the controller @chip (NULL: none)
 * Return: 0; -EINVAL (@irq out of range).
 */
int irq_set_chip(unsigned int irq, const struct irq_chip *chip);
/** irq_set_chip_data - the data @irq's chip callbacks find in irq_data.chip_data */
int irq_set_chip_data(unsigned int irq, void *data);
/** irq_set_handler_data - what irq_desc_get_handler_data() gives the flow handler */
int irq_set_handler_data(unsigned int irq, void *data);
/** __irq_set_handler - @irq's flow handler (NULL: the lines' own, handle_simple_irq()) */
void __irq_set_handler(unsigned int irq, irq_flow_handler_t handle, int is_chained,
		       const char *name);
/** irq_set_chip_and_handler_name - irq_set_chip() and __irq_set_handler() at once */
void irq_set_chip_and_handler_name(unsigned int irq, const struct irq_chip *chip,
				   irq_flow_handler_t handle, const char *name);

/* The line's irq_data, or NULL for a number out of range. */
struct irq_data *irq_get_irq_data(unsigned int irq);
struct irq_data *irq_desc_get_irq_data(struct irq_desc *desc);
void *irq_desc_get_handler_data(struct irq_desc *desc);
void *irq_get_handler_data(unsigned int irq);

/**
 * generic_handle_irq - run @irq's flow handler now, on this thread, in
 * atomic context (an interrupt controller's handler, demultiplexing)
 * Return: 0; -EINVAL (@irq out of range).
 */
int generic_handle_irq(unsigned int irq);
/** generic_handle_irq_safe - the same, from any context (the kernel's disables interrupts) */
int generic_handle_irq_safe(unsigned int irq);

#endif
