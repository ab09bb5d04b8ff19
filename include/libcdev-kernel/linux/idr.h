/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/idr.h>: ID allocators. An idr maps ids to
 * pointers (the caller locks, as in the kernel); an ida hands out ids and
 * locks itself. Both keep a sorted array, written for libcdev: fine for the
 * hundreds of ids a driver uses, not for millions.
 */
#ifndef LIBCDEV_KERNEL_LINUX_IDR_H
#define LIBCDEV_KERNEL_LINUX_IDR_H

#include <limits.h>
#include <pthread.h>

#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/types.h>

struct __libcdev_id_slot {
	unsigned int id;
	void *ptr;
};

struct idr {
	struct __libcdev_id_slot *slots;	/* sorted by id */
	unsigned int n, cap;
	unsigned int idr_next;		/* where idr_alloc_cyclic() goes on */
};

#define IDR_INIT(name)		{ NULL, 0, 0, 0 }
#define DEFINE_IDR(name)	struct idr name = IDR_INIT(name)

static inline void idr_init(struct idr *idr)
{
	idr->slots = NULL;
	idr->n = idr->cap = idr->idr_next = 0;
}

/* The index of the first slot whose id is >= @id. */
static inline unsigned int __idr_pos(const struct idr *idr, unsigned int id)
{
	unsigned int lo = 0, hi = idr->n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (idr->slots[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/**
 * idr_alloc - the lowest free id in [@start, @end) for @ptr (@end <= 0: no limit)
 *
 * Return: the id, -ENOSPC if none is free, -ENOMEM, -EINVAL for @start < 0.
 */
static inline int idr_alloc(struct idr *idr, void *ptr, int start, int end, gfp_t gfp)
{
	unsigned int max = end > 0 ? (unsigned int)end - 1 : INT_MAX, id, pos;

	if (start < 0)
		return -EINVAL;
	id = (unsigned int)start;
	pos = __idr_pos(idr, id);
	while (pos < idr->n && idr->slots[pos].id == id) {
		id++;
		pos++;
	}
	if (id > max || (end > 0 && start >= end))
		return -ENOSPC;
	if (idr->n == idr->cap) {
		unsigned int cap = idr->cap ? idr->cap * 2 : 8;
		struct __libcdev_id_slot *s = (struct __libcdev_id_slot *)
			krealloc(idr->slots, cap * sizeof(*s), gfp);

		if (!s)
			return -ENOMEM;
		idr->slots = s;
		idr->cap = cap;
	}
	memmove(&idr->slots[pos + 1], &idr->slots[pos], (idr->n - pos) * sizeof(idr->slots[0]));
	idr->slots[pos].id = id;
	idr->slots[pos].ptr = ptr;
	idr->n++;
	return (int)id;
}

/* idr_alloc_cyclic - as idr_alloc(), from after the id handed out last, wrapping to @start */
static inline int idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, gfp_t gfp)
{
	int from = (int)idr->idr_next > start ? (int)idr->idr_next : start;
	int id = idr_alloc(idr, ptr, from, end, gfp);

	if (id == -ENOSPC && from > start)
		id = idr_alloc(idr, ptr, start, end, gfp);
	if (id >= 0)
		idr->idr_next = (unsigned int)id + 1;
	return id;
}

static inline void *idr_find(const struct idr *idr, unsigned long id)
{
	unsigned int pos = __idr_pos(idr, (unsigned int)id);

	return pos < idr->n && idr->slots[pos].id == id ? idr->slots[pos].ptr : NULL;
}

/* idr_remove - forget @id; its pointer, or NULL if it was not allocated */
static inline void *idr_remove(struct idr *idr, unsigned long id)
{
	unsigned int pos = __idr_pos(idr, (unsigned int)id);
	void *ptr;

	if (pos >= idr->n || idr->slots[pos].id != id)
		return NULL;
	ptr = idr->slots[pos].ptr;
	memmove(&idr->slots[pos], &idr->slots[pos + 1], (idr->n - pos - 1) * sizeof(idr->slots[0]));
	idr->n--;
	return ptr;
}

/* idr_replace - a new pointer for an allocated @id; the old one, or ERR_PTR(-ENOENT) */
static inline void *idr_replace(struct idr *idr, void *ptr, unsigned long id)
{
	unsigned int pos = __idr_pos(idr, (unsigned int)id);
	void *old;

	if (pos >= idr->n || idr->slots[pos].id != id)
		return ERR_PTR(-ENOENT);
	old = idr->slots[pos].ptr;
	idr->slots[pos].ptr = ptr;
	return old;
}

static inline bool idr_is_empty(const struct idr *idr)
{
	return idr->n == 0;
}

static inline void idr_destroy(struct idr *idr)
{
	kfree(idr->slots);
	idr_init(idr);
}

/* The entry with the lowest id >= *@nextid, which is set to it; NULL if none. */
static inline void *idr_get_next(const struct idr *idr, int *nextid)
{
	unsigned int pos = __idr_pos(idr, (unsigned int)*nextid);

	if (pos >= idr->n)
		return NULL;
	*nextid = (int)idr->slots[pos].id;
	return idr->slots[pos].ptr;
}

#define idr_for_each_entry(idr, entry, id) \
	for ((id) = 0; ((entry) = idr_get_next(idr, &(id))) != NULL; (id) += 1U)

static inline int idr_for_each(const struct idr *idr,
			       int (*fn)(int id, void *p, void *data), void *data)
{
	for (unsigned int i = 0; i < idr->n; i++) {
		int ret = fn((int)idr->slots[i].id, idr->slots[i].ptr, data);

		if (ret)
			return ret;
	}
	return 0;
}

/* ---- ida: ids only, with its own lock ---- */

struct ida {
	struct idr idr;
	pthread_mutex_t lock;
};

#define IDA_INIT(name)		{ IDR_INIT(name), PTHREAD_MUTEX_INITIALIZER }
#define DEFINE_IDA(name)	struct ida name = IDA_INIT(name)

static inline void ida_init(struct ida *ida)
{
	idr_init(&ida->idr);
	pthread_mutex_init(&ida->lock, NULL);
}

/**
 * ida_alloc_range - the lowest free id in [@min, @max]
 *
 * Return: the id, -ENOSPC if none is free, -ENOMEM, -EINVAL.
 */
static inline int ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max,
				  gfp_t gfp)
{
	int id;

	if ((int)min < 0 || min > max)
		return -EINVAL;
	if (max > INT_MAX)
		max = INT_MAX;
	pthread_mutex_lock(&ida->lock);
	/* Any non-NULL pointer marks the id as taken. */
	id = idr_alloc(&ida->idr, (void *)ida, (int)min,
		       max == INT_MAX ? 0 : (int)max + 1, gfp);
	pthread_mutex_unlock(&ida->lock);
	return id;
}

static inline int ida_alloc(struct ida *ida, gfp_t gfp)
{
	return ida_alloc_range(ida, 0, ~0U, gfp);
}

static inline int ida_alloc_min(struct ida *ida, unsigned int min, gfp_t gfp)
{
	return ida_alloc_range(ida, min, ~0U, gfp);
}

static inline int ida_alloc_max(struct ida *ida, unsigned int max, gfp_t gfp)
{
	return ida_alloc_range(ida, 0, max, gfp);
}

static inline void ida_free(struct ida *ida, unsigned int id)
{
	pthread_mutex_lock(&ida->lock);
	idr_remove(&ida->idr, id);
	pthread_mutex_unlock(&ida->lock);
}

static inline bool ida_is_empty(struct ida *ida)
{
	return idr_is_empty(&ida->idr);
}

static inline void ida_destroy(struct ida *ida)
{
	pthread_mutex_lock(&ida->lock);
	idr_destroy(&ida->idr);
	pthread_mutex_unlock(&ida->lock);
}

/* Deprecated and still in 6.6: @end is exclusive, 0 for no limit. */
static inline int ida_simple_get(struct ida *ida, unsigned int start, unsigned int end,
				 gfp_t gfp)
{
	return ida_alloc_range(ida, start, end ? end - 1 : ~0U, gfp);
}

static inline void ida_simple_remove(struct ida *ida, unsigned int id)
{
	ida_free(ida, id);
}

#endif
