/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/livepatch/shadow.c: shadow variables, data a live patch
 * attaches to existing objects without changing their layout. Each lives
 * in a hash table keyed by the pair (object address, id) until it is
 * freed; the table's lock is held while a constructor runs, so that two
 * callers of klp_shadow_get_or_alloc() agree on one variable.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/instrument.h>
#include <libcdev/printk.h>

#define SHADOW_BUCKETS 128

struct shadow {
	struct shadow *next;
	void *obj;
	unsigned long id;
	max_align_t data[]; /* aligned as kmalloc() memory is */
};

static pthread_mutex_t shadow_lock = PTHREAD_MUTEX_INITIALIZER;
static struct shadow *shadow_table[SHADOW_BUCKETS];

static unsigned int shadow_hash(const void *obj)
{
	uintptr_t v = (uintptr_t)obj >> 4;

	return (unsigned int)((v ^ (v >> 7) ^ (v >> 17)) % SHADOW_BUCKETS);
}

/* Under shadow_lock: the link that points at <@obj, @id>, or at the end of its chain. */
static struct shadow **shadow_find_locked(void *obj, unsigned long id)
{
	struct shadow **pp;

	for (pp = &shadow_table[shadow_hash(obj)]; *pp; pp = &(*pp)->next)
		if ((*pp)->obj == obj && (*pp)->id == id)
			break;
	return pp;
}

_public_ void *klp_shadow_get(void *obj, unsigned long id)
{
	struct shadow *s;

	pthread_mutex_lock(&shadow_lock);
	s = *shadow_find_locked(obj, id);
	pthread_mutex_unlock(&shadow_lock);
	return s ? s->data : NULL;
}

/* Under shadow_lock: construct @s and add it to the table, or free it and return NULL. */
static void *shadow_add_locked(struct shadow *s, klp_shadow_ctor_t ctor, void *ctor_data)
{
	int err = ctor ? ctor(s->obj, s->data, ctor_data) : 0;

	if (err) {
		printk(KERN_ERR "livepatch: Failed to construct shadow variable <%p, %lx> (%d)\n",
		       s->obj, s->id, err);
		free(s);
		return NULL;
	}
	s->next = shadow_table[shadow_hash(s->obj)];
	shadow_table[shadow_hash(s->obj)] = s;
	return s->data;
}

static void *shadow_get_or_alloc(void *obj, unsigned long id, size_t size, bool warn_on_exist,
				 klp_shadow_ctor_t ctor, void *ctor_data)
{
	struct shadow *s, *old;
	void *data;

	/* Allocated before the lock is taken, as the kernel's may sleep there. */
	s = calloc(1, sizeof(*s) + size);
	if (!s)
		return NULL;
	s->obj = obj;
	s->id = id;
	pthread_mutex_lock(&shadow_lock);
	old = *shadow_find_locked(obj, id);
	if (old) {
		pthread_mutex_unlock(&shadow_lock);
		free(s);
		if (!warn_on_exist)
			return old->data;
		printk(KERN_WARNING "livepatch: Duplicate shadow variable <%p, %lx>\n", obj, id);
		return NULL;
	}
	data = shadow_add_locked(s, ctor, ctor_data);
	pthread_mutex_unlock(&shadow_lock);
	return data;
}

_public_ void *klp_shadow_alloc(void *obj, unsigned long id, size_t size, unsigned int gfp_flags,
				klp_shadow_ctor_t ctor, void *ctor_data)
{
	(void)gfp_flags;
	return shadow_get_or_alloc(obj, id, size, true, ctor, ctor_data);
}

_public_ void *klp_shadow_get_or_alloc(void *obj, unsigned long id, size_t size,
				       unsigned int gfp_flags, klp_shadow_ctor_t ctor,
				       void *ctor_data)
{
	(void)gfp_flags;
	return shadow_get_or_alloc(obj, id, size, false, ctor, ctor_data);
}

/* Under shadow_lock: unlink *@pp, run @dtor on it, free it. */
static void shadow_free_locked(struct shadow **pp, klp_shadow_dtor_t dtor)
{
	struct shadow *s = *pp;

	*pp = s->next;
	if (dtor)
		dtor(s->obj, s->data);
	free(s);
}

_public_ void klp_shadow_free(void *obj, unsigned long id, klp_shadow_dtor_t dtor)
{
	struct shadow **pp;

	pthread_mutex_lock(&shadow_lock);
	pp = shadow_find_locked(obj, id);
	if (*pp)
		shadow_free_locked(pp, dtor);
	pthread_mutex_unlock(&shadow_lock);
}

_public_ void klp_shadow_free_all(unsigned long id, klp_shadow_dtor_t dtor)
{
	pthread_mutex_lock(&shadow_lock);
	for (unsigned int b = 0; b < SHADOW_BUCKETS; b++)
		for (struct shadow **pp = &shadow_table[b]; *pp;) {
			if ((*pp)->id == id)
				shadow_free_locked(pp, dtor);
			else
				pp = &(*pp)->next;
		}
	pthread_mutex_unlock(&shadow_lock);
}
