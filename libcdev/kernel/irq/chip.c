/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/irq/chip.c: each line's irq_chip and flow handler, and
 * the chip's callbacks called as the kernel's core calls them. A line starts
 * disabled and masked; its first action starts it up (irq_startup, or
 * irq_enable, or irq_unmask); disable_irq() calls irq_disable if the chip
 * has one and is otherwise lazy, leaving the masking to the flow handler if
 * the line fires while disabled; enable_irq() calls irq_enable or unmasks;
 * the last free_irq() shuts it down (irq_shutdown, or irq_disable, or masks).
 *
 * One lock (chip_lock) serializes every chip's callbacks and state, where the
 * kernel has one per line: a callback must not disable or enable a line.
 * Flow handlers run the actions without it, so a handler may.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>

#include "core/core.h"
#include "kernel/internal.h"
#include "kernel/irq/internals.h"
#include <libcdev/irqchip.h>

struct irq_desc {
	struct irq_data irq_data;
	irq_flow_handler_t handle_irq; /* NULL: handle_simple_irq() */
	const char *name;
	void *handler_data;
	unsigned int trigger; /* IRQ_TYPE_* */
	bool disabled;	      /* the kernel's IRQD_IRQ_DISABLED */
	bool masked;	      /* IRQD_IRQ_MASKED: the chip's irq_mask was called last */
	bool started;	      /* IRQD_IRQ_STARTED */
};

static struct irq_desc descs[LIBCDEV_NR_IRQS];
static pthread_once_t descs_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t chip_lock = PTHREAD_MUTEX_INITIALIZER;

/* A line before any chip, request or mapping: disabled and masked, as the kernel allocates it. */
static void desc_reset(struct irq_desc *desc, unsigned int irq)
{
	*desc = (struct irq_desc){ .irq_data.irq = irq, .disabled = true, .masked = true };
}

static void descs_init(void)
{
	for (unsigned int irq = 0; irq < LIBCDEV_NR_IRQS; irq++)
		desc_reset(&descs[irq], irq);
}

/* The descriptor of a line the caller knows is in range. */
static struct irq_desc *desc_of(unsigned int irq)
{
	pthread_once(&descs_once, descs_init);
	return &descs[irq];
}

static struct irq_desc *irq_to_desc(unsigned int irq)
{
	return irq && irq < LIBCDEV_NR_IRQS ? desc_of(irq) : NULL;
}

/* The chip of @desc, or NULL; chip_lock held (or a read that may race, as the kernel's). */
static struct irq_chip *desc_chip(struct irq_desc *desc)
{
	return desc->irq_data.chip;
}

void irq_chip_lock(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_chip *chip = desc ? desc_chip(desc) : NULL;

	if (chip && chip->irq_bus_lock)
		chip->irq_bus_lock(&desc->irq_data);
	pthread_mutex_lock(&chip_lock);
}

void irq_chip_unlock(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_chip *chip = desc ? desc_chip(desc) : NULL;

	pthread_mutex_unlock(&chip_lock);
	if (chip && chip->irq_bus_sync_unlock)
		chip->irq_bus_sync_unlock(&desc->irq_data);
}

static void mask_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = desc_chip(desc);

	if (desc->masked || !chip || !chip->irq_mask)
		return;
	chip->irq_mask(&desc->irq_data);
	desc->masked = true;
}

static void unmask_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = desc_chip(desc);

	if (!desc->masked || !chip || !chip->irq_unmask)
		return;
	chip->irq_unmask(&desc->irq_data);
	desc->masked = false;
}

static void mask_ack_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = desc_chip(desc);

	if (chip && chip->irq_mask_ack) {
		chip->irq_mask_ack(&desc->irq_data);
		desc->masked = true;
		return;
	}
	mask_irq(desc);
	if (chip && chip->irq_ack)
		chip->irq_ack(&desc->irq_data);
}

static void desc_enable(struct irq_desc *desc)
{
	struct irq_chip *chip = desc_chip(desc);

	if (!desc->disabled) {
		unmask_irq(desc);
		return;
	}
	desc->disabled = false;
	if (chip && chip->irq_enable) {
		chip->irq_enable(&desc->irq_data);
		desc->masked = false;
	} else {
		unmask_irq(desc);
	}
}

/* @mask: mask now even without irq_disable (shutdown); otherwise the disable is lazy. */
static void desc_disable(struct irq_desc *desc, bool mask)
{
	struct irq_chip *chip = desc_chip(desc);

	if (desc->disabled) {
		if (mask)
			mask_irq(desc);
		return;
	}
	desc->disabled = true;
	if (chip && chip->irq_disable) {
		chip->irq_disable(&desc->irq_data);
		desc->masked = true;
	} else if (mask) {
		mask_irq(desc);
	}
}

void irq_chip_startup(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);
	struct irq_chip *chip = desc_chip(desc);

	if (desc->started) {
		desc_enable(desc);
		return;
	}
	if (chip && chip->irq_startup) {
		chip->irq_startup(&desc->irq_data);
		desc->disabled = false;
		desc->masked = false;
	} else {
		desc_enable(desc);
	}
	desc->started = true;
}

void irq_chip_shutdown(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);
	struct irq_chip *chip = desc_chip(desc);

	if (!desc->started)
		return;
	if (chip && chip->irq_shutdown) {
		chip->irq_shutdown(&desc->irq_data);
		desc->disabled = true;
		desc->masked = true;
	} else {
		desc_disable(desc, true);
	}
	desc->started = false;
}

void irq_chip_disable(unsigned int irq)
{
	desc_disable(desc_of(irq), false);
}

void irq_chip_enable(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);

	/* A line requested with IRQF_NO_AUTOEN is started by its first enable_irq(). */
	if (!desc->started)
		irq_chip_startup(irq);
	else
		desc_enable(desc);
}

int irq_chip_set_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = desc_of(irq);
	struct irq_chip *chip = desc_chip(desc);
	bool remask = false;
	int ret;

	/* A chip that cannot choose keeps what it has; the kernel says so at debug level only. */
	if (!chip || !chip->irq_set_type) {
		desc->trigger = type;
		return 0;
	}
	if ((chip->flags & IRQCHIP_SET_TYPE_MASKED) && !desc->masked) {
		mask_irq(desc);
		remask = true;
	}
	ret = chip->irq_set_type(&desc->irq_data, type);
	if (ret < 0)
		printk(KERN_ERR "genirq: Setting trigger mode %u for irq %u failed\n", type, irq);
	else
		desc->trigger = type;
	if (remask)
		unmask_irq(desc);
	return ret < 0 ? ret : 0;
}

_public_ int irq_set_irq_type(unsigned int irq, unsigned int type)
{
	int err;

	if (!irq_to_desc(irq) || (type & ~IRQ_TYPE_SENSE_MASK))
		return -EINVAL;
	irq_chip_lock(irq);
	err = irq_chip_set_type(irq, type);
	irq_chip_unlock(irq);
	return err;
}

_public_ unsigned int irq_get_trigger_type(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned int type;

	if (!desc)
		return IRQ_TYPE_NONE;
	pthread_mutex_lock(&chip_lock);
	type = desc->trigger;
	pthread_mutex_unlock(&chip_lock);
	return type;
}

void irq_chip_oneshot_done(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);

	irq_chip_lock(irq);
	if (!desc->disabled && desc->masked && !irq_line_oneshot_busy(irq))
		unmask_irq(desc);
	irq_chip_unlock(irq);
}

void irq_desc_set_domain(unsigned int irq, struct irq_domain *d, irq_hw_number_t hwirq)
{
	struct irq_desc *desc = desc_of(irq);

	pthread_mutex_lock(&chip_lock);
	if (d) {
		desc->irq_data.domain = d;
		desc->irq_data.hwirq = hwirq;
	} else {
		desc_reset(desc, irq);
	}
	pthread_mutex_unlock(&chip_lock);
}

_public_ void handle_simple_irq(struct irq_desc *desc)
{
	irq_line_event(desc->irq_data.irq);
}

/* A level line is masked while its handlers run, and stays so while disabled or a oneshot thread runs. */
_public_ void handle_level_irq(struct irq_desc *desc)
{
	unsigned int irq = desc->irq_data.irq;

	pthread_mutex_lock(&chip_lock);
	mask_ack_irq(desc);
	pthread_mutex_unlock(&chip_lock);
	if (irq_line_event(irq))
		return;
	pthread_mutex_lock(&chip_lock);
	if (!desc->disabled && desc->masked && !irq_line_oneshot_busy(irq))
		unmask_irq(desc);
	pthread_mutex_unlock(&chip_lock);
}

/* An edge is acked before its handlers run; one that cannot run now is masked until it has. */
_public_ void handle_edge_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = desc_chip(desc);
	unsigned int irq = desc->irq_data.irq;
	int err;

	pthread_mutex_lock(&chip_lock);
	if (desc->disabled) {
		mask_ack_irq(desc);
		pthread_mutex_unlock(&chip_lock);
		irq_line_event(irq); /* left pending, for enable_irq() */
		return;
	}
	if (chip && chip->irq_ack)
		chip->irq_ack(&desc->irq_data);
	pthread_mutex_unlock(&chip_lock);
	err = irq_line_event(irq);
	pthread_mutex_lock(&chip_lock);
	if (err)
		mask_irq(desc);
	else if (!desc->disabled && desc->masked)
		unmask_irq(desc);
	pthread_mutex_unlock(&chip_lock);
}

void irq_flow_run(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);
	irq_flow_handler_t handle = desc->handle_irq;

	kcontext_enter(KCONTEXT_HARDIRQ);
	if (handle)
		handle(desc);
	else
		handle_simple_irq(desc);
	kcontext_exit(KCONTEXT_HARDIRQ);
}

_public_ int generic_handle_irq(unsigned int irq)
{
	if (!irq_to_desc(irq))
		return -EINVAL;
	irq_flow_run(irq);
	return 0;
}

/* The kernel's disables local interrupts around it; here, the handlers already exclude each other. */
_public_ int generic_handle_irq_safe(unsigned int irq)
{
	return generic_handle_irq(irq);
}

_public_ int irq_set_chip(unsigned int irq, const struct irq_chip *chip)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc)
		return -EINVAL;
	pthread_mutex_lock(&chip_lock);
	/* The kernel's irq_data holds it unqualified too; the core never writes through it. */
	desc->irq_data.chip = (struct irq_chip *)(uintptr_t)chip;
	pthread_mutex_unlock(&chip_lock);
	return 0;
}

_public_ int irq_set_chip_data(unsigned int irq, void *data)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc)
		return -EINVAL;
	pthread_mutex_lock(&chip_lock);
	desc->irq_data.chip_data = data;
	pthread_mutex_unlock(&chip_lock);
	return 0;
}

_public_ int irq_set_handler_data(unsigned int irq, void *data)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc)
		return -EINVAL;
	pthread_mutex_lock(&chip_lock);
	desc->handler_data = data;
	pthread_mutex_unlock(&chip_lock);
	return 0;
}

/*
 * A chained handler (@is_chained) demultiplexes a parent line with no action
 * of its own: the kernel starts that line at once. The library's plain lines
 * deliver raises to actions only, so it is kept as any flow handler.
 */
_public_ void __irq_set_handler(unsigned int irq, irq_flow_handler_t handle, int is_chained,
				const char *name)
{
	struct irq_desc *desc = irq_to_desc(irq);

	(void)is_chained;
	if (!desc)
		return;
	pthread_mutex_lock(&chip_lock);
	desc->handle_irq = handle;
	desc->name = name;
	pthread_mutex_unlock(&chip_lock);
}

_public_ void irq_set_chip_and_handler_name(unsigned int irq, const struct irq_chip *chip,
					    irq_flow_handler_t handle, const char *name)
{
	irq_set_chip(irq, chip);
	__irq_set_handler(irq, handle, 0, name);
}

_public_ struct irq_data *irq_get_irq_data(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc ? &desc->irq_data : NULL;
}

_public_ struct irq_data *irq_desc_get_irq_data(struct irq_desc *desc)
{
	return &desc->irq_data;
}

_public_ void *irq_desc_get_handler_data(struct irq_desc *desc)
{
	return desc->handler_data;
}

_public_ void *irq_get_handler_data(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc ? desc->handler_data : NULL;
}
