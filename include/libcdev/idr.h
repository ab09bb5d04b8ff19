/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - ID allocators (include/linux/idr.h, lib/idr.c). An idr maps
 * ids to pointers (the caller locks, as in the kernel); an ida hands out ids
 * and locks itself. Both keep a sorted array: fine for the hundreds of ids a
 * driver uses, not for millions.
 *
 * The array is accounted to the module that initialised the idr (its
 * memory not freed at unload is reported, libcdev-kernel(7)).
 *
 * Not in <libcdev/libcdev.h>; <linux/idr.h> carries the kernel's spellings
 * (idr_init(), DEFINE_IDR() and the ida's record THIS_MODULE).
 */
#ifndef LIBCDEV_IDR_H
#define LIBCDEV_IDR_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <libcdev/module.h>

struct libcdev_id_slot {
	unsigned int id;
	void *ptr;
};

struct idr {
	struct libcdev_id_slot *slots; /* private: sorted by id */
	unsigned int n, cap;	       /* private */
	unsigned int idr_next;	       /* private: where idr_alloc_cyclic() goes on */
	struct module *owner;	       /* private: whose memory the array is */
};

#define LIBCDEV_IDR_INIT(owner_)        \
	{                               \
		NULL, 0, 0, 0, (owner_) \
	}

/** libcdev_idr_init - what idr_init() does, for @owner */
static inline void libcdev_idr_init(struct idr *idr, struct module *owner)
{
	idr->slots = NULL;
	idr->n = idr->cap = idr->idr_next = 0;
	idr->owner = owner;
}

/**
 * idr_alloc - the lowest free id in [@start, @end) for @ptr (@end <= 0: no limit)
 *
 * Return: the id, -ENOSPC if none is free, -ENOMEM, -EINVAL for @start < 0.
 */
int idr_alloc(struct idr *idr, void *ptr, int start, int end, unsigned int gfp);
/** idr_alloc_cyclic - as idr_alloc(), from after the id handed out last, wrapping to @start */
int idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, unsigned int gfp);
/** idr_find - the pointer of @id, or NULL */
void *idr_find(const struct idr *idr, unsigned long id);
/** idr_remove - forget @id; its pointer, or NULL if it was not allocated */
void *idr_remove(struct idr *idr, unsigned long id);
/** idr_replace - a new pointer for an allocated @id; the old one, or ERR_PTR(-ENOENT) */
void *idr_replace(struct idr *idr, void *ptr, unsigned long id);
/** idr_get_next - the entry with the lowest id >= *@nextid, which is set to it; NULL if none */
void *idr_get_next(const struct idr *idr, int *nextid);
/** idr_for_each - @fn on each entry in the order of ids, until it returns non-zero (returned) */
int idr_for_each(const struct idr *idr, int (*fn)(int id, void *p, void *data), void *data);
/** idr_destroy - free the array; the idr is empty and can be used again */
void idr_destroy(struct idr *idr);

static inline bool idr_is_empty(const struct idr *idr)
{
	return idr->n == 0;
}

#define idr_for_each_entry(idr, entry, id) \
	for ((id) = 0; ((entry) = idr_get_next(idr, &(id))) != NULL; (id) += 1U)

/* ---- ida: ids only, with its own lock ---- */

struct ida {
	struct idr idr;	      /* private */
	pthread_mutex_t lock; /* private */
};

#define LIBCDEV_IDA_INIT(owner_)                                    \
	{                                                           \
		LIBCDEV_IDR_INIT(owner_), PTHREAD_MUTEX_INITIALIZER \
	}

/** libcdev_ida_init - what ida_init() does, for @owner */
static inline void libcdev_ida_init(struct ida *ida, struct module *owner)
{
	libcdev_idr_init(&ida->idr, owner);
	pthread_mutex_init(&ida->lock, NULL);
}

/**
 * ida_alloc_range - the lowest free id in [@min, @max]
 *
 * Return: the id, -ENOSPC if none is free, -ENOMEM, -EINVAL.
 */
int ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max, unsigned int gfp);
/** ida_free - give @id back */
void ida_free(struct ida *ida, unsigned int id);
/** ida_destroy - give every id back and free the memory */
void ida_destroy(struct ida *ida);

static inline int ida_alloc(struct ida *ida, unsigned int gfp)
{
	return ida_alloc_range(ida, 0, ~0U, gfp);
}

static inline int ida_alloc_min(struct ida *ida, unsigned int min, unsigned int gfp)
{
	return ida_alloc_range(ida, min, ~0U, gfp);
}

static inline int ida_alloc_max(struct ida *ida, unsigned int max, unsigned int gfp)
{
	return ida_alloc_range(ida, 0, max, gfp);
}

static inline bool ida_is_empty(struct ida *ida)
{
	return idr_is_empty(&ida->idr);
}

/* Deprecated and still in 6.6: @end is exclusive, 0 for no limit. */
static inline int ida_simple_get(struct ida *ida, unsigned int start, unsigned int end,
				 unsigned int gfp)
{
	return ida_alloc_range(ida, start, end ? end - 1 : ~0U, gfp);
}

static inline void ida_simple_remove(struct ida *ida, unsigned int id)
{
	ida_free(ida, id);
}

#endif
