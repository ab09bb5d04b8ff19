/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/resource.c: drivers' claims on port and address ranges
 * (request_region(), request_mem_region() and their devm_ and muxed forms).
 * A flat list per parent is enough here: a claim is never split, and the
 * regions the kernel nests under a bus (a PCI window, a platform device's
 * resources) are not claims a driver makes.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "core/core.h"
#include <libcdev/io.h>

_public_ struct resource ioport_resource = { .start = 0,
					     .end = 0xffff,
					     .name = "PCI IO",
					     .flags = IORESOURCE_IO };
_public_ struct resource iomem_resource = { .start = 0,
					    .end = ~0ULL,
					    .name = "PCI mem",
					    .flags = IORESOURCE_MEM };

struct claim {
	struct claim *next;
	const struct resource *parent;
	struct resource res;
};

static pthread_mutex_t claims_lock = PTHREAD_MUTEX_INITIALIZER;
/* Signalled when a muxed claim goes, for the muxed requests waiting on it. */
static pthread_cond_t muxed_released = PTHREAD_COND_INITIALIZER;
static struct claim *claims;

/* The claim of @parent overlapping [@start, @end], with claims_lock held; NULL if none. */
static struct claim *claim_overlapping(const struct resource *parent, unsigned long long start,
				       unsigned long long end)
{
	for (struct claim *c = claims; c; c = c->next)
		if (c->parent == parent && c->res.start <= end && start <= c->res.end)
			return c;
	return NULL;
}

_public_ struct resource *__request_region(struct resource *parent, unsigned long long start,
					   unsigned long long n, const char *name, int flags)
{
	unsigned long long end = start + n - 1;
	struct claim *c, *busy;

	if (!parent || !n || end < start || start < parent->start || end > parent->end)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->parent = parent;
	c->res = (struct resource){ .start = start, .end = end, .name = name };
	c->res.flags = resource_type(parent) | IORESOURCE_BUSY | (unsigned long)flags;
	pthread_mutex_lock(&claims_lock);
	/* A muxed request sleeps until a muxed holder lets go, as the kernel's does. */
	while ((busy = claim_overlapping(parent, start, end)) && (flags & IORESOURCE_MUXED) &&
	       (busy->res.flags & IORESOURCE_MUXED))
		pthread_cond_wait(&muxed_released, &claims_lock);
	if (busy) {
		pthread_mutex_unlock(&claims_lock);
		free(c);
		return NULL;
	}
	c->next = claims;
	claims = c;
	pthread_mutex_unlock(&claims_lock);
	return &c->res;
}

_public_ void __release_region(struct resource *parent, unsigned long long start,
			       unsigned long long n)
{
	unsigned long long end = start + n - 1;
	struct claim **pp, *c;

	pthread_mutex_lock(&claims_lock);
	for (pp = &claims; (c = *pp); pp = &c->next)
		if (c->parent == parent && c->res.start == start && c->res.end == end)
			break;
	if (c) {
		*pp = c->next;
		if (c->res.flags & IORESOURCE_MUXED)
			pthread_cond_broadcast(&muxed_released);
	}
	pthread_mutex_unlock(&claims_lock);
	if (!c) {
		printk(KERN_WARNING "Trying to free nonexistent resource <%#018llx-%#018llx>\n",
		       start, end);
		return;
	}
	free(c);
}

struct devm_claim {
	struct resource *parent;
	unsigned long long start, n;
};

static void devm_claim_release(void *data)
{
	struct devm_claim *d = data;

	__release_region(d->parent, d->start, d->n);
	free(d);
}

_public_ struct resource *__devm_request_region(struct device *dev, struct resource *parent,
						unsigned long long start, unsigned long long n,
						const char *name)
{
	struct devm_claim *d = malloc(sizeof(*d));
	struct resource *res;

	if (!d)
		return NULL;
	*d = (struct devm_claim){ .parent = parent, .start = start, .n = n };
	res = __request_region(parent, start, n, name, 0);
	if (!res) {
		free(d);
		return NULL;
	}
	return devm_add_action_or_reset(dev, devm_claim_release, d) ? NULL : res;
}
