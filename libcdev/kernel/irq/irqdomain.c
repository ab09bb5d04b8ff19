/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/irq/irqdomain.c: linear IRQ domains. A mapping takes a
 * free number from LIBCDEV_IRQ_DOMAIN_BASE up (the kernel's irq_alloc_descs())
 * and calls the domain's map(); irq_dispose_mapping() undoes both.
 *
 * domain_lock guards the list of domains and the numbers given out, and is
 * held around map(), as the kernel's irq_domain_mutex; a domain's revmap is
 * read without it (the kernel reads it under RCU), so that a handler may
 * look a line up while another thread maps one.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"
#include "kernel/irq/internals.h"
#include <libcdev/irqdomain.h>
#include <libcdev/platform.h>

#define NR_DOMAIN_IRQS	 (LIBCDEV_NR_IRQS - LIBCDEV_IRQ_DOMAIN_BASE)
/* A bound on a revmap's size: the hwirqs of one controller. */
#define HWIRQ_MAX_LINEAR 65536

static pthread_mutex_t domain_lock = PTHREAD_MUTEX_INITIALIZER;
static struct irq_domain *domains;
static bool virq_used[NR_DOMAIN_IRQS];
static unsigned int domain_serial;

static bool virq_in_range(unsigned int virq)
{
	return virq >= LIBCDEV_IRQ_DOMAIN_BASE && virq < LIBCDEV_NR_IRQS;
}

/* Under domain_lock: a free number of the domains' range, or 0. */
static unsigned int virq_alloc_locked(void)
{
	for (unsigned int i = 0; i < NR_DOMAIN_IRQS; i++)
		if (!virq_used[i]) {
			virq_used[i] = true;
			return LIBCDEV_IRQ_DOMAIN_BASE + i;
		}
	return 0;
}

static void virq_free_locked(unsigned int virq)
{
	if (virq_in_range(virq))
		virq_used[virq - LIBCDEV_IRQ_DOMAIN_BASE] = false;
}

_public_ unsigned int irq_find_mapping(struct irq_domain *d, irq_hw_number_t hwirq)
{
	if (!d || hwirq >= d->hwirq_max)
		return 0;
	return __atomic_load_n(&d->revmap[hwirq], __ATOMIC_ACQUIRE);
}

/* Under domain_lock: tie @virq to @hwirq of @d and let map() set the line up. */
static int domain_associate_locked(struct irq_domain *d, unsigned int virq, irq_hw_number_t hwirq)
{
	int err;

	irq_desc_set_domain(virq, d, hwirq);
	if (d->ops && d->ops->map) {
		err = d->ops->map(d, virq, hwirq);
		if (err) {
			/* -EPERM: the controller keeps that line to itself, quietly. */
			if (err != -EPERM)
				printk(KERN_INFO "irq: irq-%u==>hwirq-0x%lx mapping failed: %d\n",
				       virq, hwirq, err);
			irq_desc_set_domain(virq, NULL, 0);
			return err;
		}
	}
	d->mapcount++;
	__atomic_store_n(&d->revmap[hwirq], virq, __ATOMIC_RELEASE);
	return 0;
}

_public_ unsigned int irq_create_mapping(struct irq_domain *d, irq_hw_number_t hwirq)
{
	unsigned int virq;

	if (!d) {
		/* The kernel falls back to a default domain; none is ever set here. */
		printk(KERN_WARNING "irq: irq_create_mapping called for NULL domain, hwirq=%lu\n",
		       hwirq);
		return 0;
	}
	pthread_mutex_lock(&domain_lock);
	virq = irq_find_mapping(d, hwirq);
	if (virq)
		goto out;
	if (hwirq >= d->hwirq_max) {
		printk(KERN_WARNING "irq: error: hwirq 0x%lx is too large for %s\n", hwirq,
		       d->name);
		goto out;
	}
	virq = virq_alloc_locked();
	if (!virq) {
		printk(KERN_WARNING "irq: no free IRQ number for hwirq 0x%lx of %s\n", hwirq,
		       d->name);
		goto out;
	}
	if (domain_associate_locked(d, virq, hwirq)) {
		virq_free_locked(virq);
		virq = 0;
	}
out:
	pthread_mutex_unlock(&domain_lock);
	return virq;
}

_public_ void irq_dispose_mapping(unsigned int virq)
{
	struct irq_data *data = irq_get_irq_data(virq);
	struct irq_domain *d = data ? data->domain : NULL;

	if (!d)
		return;
	/* No flow handler from now on, then no handler running, then the controller's unmap. */
	irq_set_chip_and_handler_name(virq, NULL, NULL, NULL);
	synchronize_irq(virq);
	if (d->ops && d->ops->unmap)
		d->ops->unmap(d, virq);
	pthread_mutex_lock(&domain_lock);
	__atomic_store_n(&d->revmap[data->hwirq], 0, __ATOMIC_RELEASE);
	d->mapcount--;
	irq_desc_set_domain(virq, NULL, 0);
	virq_free_locked(virq);
	pthread_mutex_unlock(&domain_lock);
}

/* Under domain_lock: claim @size numbers from @first_irq; those below the domains' range are the devices'. */
static bool range_claim_locked(unsigned int first_irq, unsigned int size)
{
	for (unsigned int virq = first_irq; virq < first_irq + size; virq++)
		if (virq_in_range(virq) && virq_used[virq - LIBCDEV_IRQ_DOMAIN_BASE])
			return false;
	for (unsigned int virq = first_irq; virq < first_irq + size; virq++)
		if (virq_in_range(virq))
			virq_used[virq - LIBCDEV_IRQ_DOMAIN_BASE] = true;
	return true;
}

static struct irq_domain *domain_alloc(struct device_node *of_node, irq_hw_number_t hwirq_max,
				       const struct irq_domain_ops *ops, void *host_data,
				       struct module *owner)
{
	struct irq_domain *d = calloc(1, sizeof(*d));
	unsigned int *revmap = calloc(hwirq_max, sizeof(*revmap));
	char *name = NULL;
	int n = -1;

	if (!d || !revmap)
		goto fail;
	if (of_node)
		n = asprintf(&name, "%s", of_node->full_name);
	else /* the kernel's name for a domain of no firmware node */
		n = asprintf(&name, "unknown-%u",
			     __atomic_add_fetch(&domain_serial, 1, __ATOMIC_RELAXED));
	if (n < 0)
		goto fail;
	*d = (struct irq_domain){ .name = name,
				  .ops = ops,
				  .host_data = host_data,
				  .of_node = of_node,
				  .hwirq_max = hwirq_max,
				  .revmap_size = (unsigned int)hwirq_max,
				  .owner = owner,
				  .revmap = revmap };
	return d;
fail:
	free(revmap);
	free(d);
	return NULL;
}

static void domain_free(struct irq_domain *d)
{
	free((char *)(uintptr_t)d->name);
	free(d->revmap);
	free(d);
}

_public_ struct irq_domain *libcdev_irq_domain_add_legacy(struct device_node *of_node,
							  unsigned int size, unsigned int first_irq,
							  irq_hw_number_t first_hwirq,
							  const struct irq_domain_ops *ops,
							  void *host_data, struct module *owner)
{
	irq_hw_number_t hwirq_max = first_hwirq + size;
	struct irq_domain *d;

	/* A size of 0 asks the kernel for a tree (radix) domain, which nothing here needs. */
	if (!size || hwirq_max > HWIRQ_MAX_LINEAR || hwirq_max < size)
		return NULL;
	if (first_irq && (first_irq >= LIBCDEV_NR_IRQS || size > LIBCDEV_NR_IRQS - first_irq))
		return NULL;
	d = domain_alloc(of_node, hwirq_max, ops, host_data, owner);
	if (!d)
		return NULL;
	pthread_mutex_lock(&domain_lock);
	if (first_irq && !range_claim_locked(first_irq, size)) {
		pthread_mutex_unlock(&domain_lock);
		printk(KERN_WARNING "irq: IRQs %u-%u of %s are another domain's\n", first_irq,
		       first_irq + size - 1, d->name);
		domain_free(d);
		return NULL;
	}
	d->next = domains;
	domains = d;
	/* As the kernel's irq_domain_associate_many(): a line map() refuses stays unmapped. */
	for (unsigned int i = 0; first_irq && i < size; i++)
		if (domain_associate_locked(d, first_irq + i, first_hwirq + i))
			virq_free_locked(first_irq + i);
	pthread_mutex_unlock(&domain_lock);
	return d;
}

_public_ void irq_domain_remove(struct irq_domain *d)
{
	struct irq_domain **pp;

	if (!d)
		return;
	pthread_mutex_lock(&domain_lock);
	for (pp = &domains; *pp && *pp != d; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = d->next;
	pthread_mutex_unlock(&domain_lock);
	if (d->mapcount) {
		printk(KERN_WARNING
		       "irq: domain %s removed with %u IRQs still mapped: disposed of\n",
		       d->name, d->mapcount);
		for (irq_hw_number_t hwirq = 0; hwirq < d->hwirq_max; hwirq++)
			irq_dispose_mapping(irq_find_mapping(d, hwirq));
	}
	domain_free(d);
}

/* At @mod's unload: the domains it left registered are removed and reported. */
int irq_domains_module_stop(struct module *mod)
{
	struct irq_domain *d;
	int n = 0;

	for (;;) {
		pthread_mutex_lock(&domain_lock);
		for (d = domains; d && d->owner != mod; d = d->next)
			;
		pthread_mutex_unlock(&domain_lock);
		if (!d)
			return n;
		printk(KERN_WARNING "IRQ domain %s still registered at module unload: removed\n",
		       d->name);
		irq_domain_remove(d);
		n++;
	}
}

_public_ int generic_handle_domain_irq(struct irq_domain *d, irq_hw_number_t hwirq)
{
	unsigned int virq = irq_find_mapping(d, hwirq);

	return virq ? generic_handle_irq(virq) : -EINVAL;
}

_public_ int irq_domain_xlate_onecell(struct irq_domain *d, struct device_node *node,
				      const uint32_t *intspec, unsigned int intsize,
				      irq_hw_number_t *out_hwirq, unsigned int *out_type)
{
	(void)d;
	(void)node;
	if (intsize < 1)
		return -EINVAL;
	*out_hwirq = intspec[0];
	*out_type = IRQ_TYPE_NONE;
	return 0;
}

_public_ int irq_domain_xlate_twocell(struct irq_domain *d, struct device_node *node,
				      const uint32_t *intspec, unsigned int intsize,
				      irq_hw_number_t *out_hwirq, unsigned int *out_type)
{
	(void)d;
	(void)node;
	if (intsize < 2)
		return -EINVAL;
	*out_hwirq = intspec[0];
	*out_type = intspec[1] & IRQ_TYPE_SENSE_MASK;
	return 0;
}

_public_ int irq_domain_xlate_onetwocell(struct irq_domain *d, struct device_node *node,
					 const uint32_t *intspec, unsigned int intsize,
					 irq_hw_number_t *out_hwirq, unsigned int *out_type)
{
	(void)d;
	(void)node;
	if (intsize < 1)
		return -EINVAL;
	*out_hwirq = intspec[0];
	*out_type = intsize > 1 ? intspec[1] & IRQ_TYPE_SENSE_MASK : IRQ_TYPE_NONE;
	return 0;
}
