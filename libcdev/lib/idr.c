/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - ID allocators, after lib/idr.c (and the radix tree under it).
 *
 * An idr is one array of (id, pointer) slots sorted by id, searched by
 * bisection and grown by doubling: a driver holds hundreds of ids, not the
 * millions the kernel's radix tree is for. The idr's user locks it, as in
 * the kernel; an ida is an idr whose pointers only mark ids as taken, under
 * a lock of its own.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/idr.h>

/* The index of the first slot whose id is >= @id. */
static unsigned int idr_pos(const struct idr *idr, unsigned int id)
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

/* Whether slot @pos holds @id. */
static bool idr_holds(const struct idr *idr, unsigned int pos, unsigned long id)
{
	return pos < idr->n && idr->slots[pos].id == id;
}

/* Room for one more slot; 0 or -ENOMEM. */
static int idr_grow(struct idr *idr, unsigned int gfp)
{
	unsigned int cap = idr->cap ? idr->cap * 2 : 8;
	struct libcdev_id_slot *s;

	if (idr->n < idr->cap)
		return 0;
	s = kmem_realloc(idr->slots, cap * sizeof(*s), gfp, idr->owner);
	if (!s)
		return -ENOMEM;
	idr->slots = s;
	idr->cap = cap;
	return 0;
}

_public_ int idr_alloc(struct idr *idr, void *ptr, int start, int end, unsigned int gfp)
{
	unsigned int max = end > 0 ? (unsigned int)end - 1 : INT_MAX, id, pos;
	int err;

	if (start < 0)
		return -EINVAL;
	/* The first gap at or after @start: ids below are packed in the slots. */
	id = (unsigned int)start;
	for (pos = idr_pos(idr, id); idr_holds(idr, pos, id); pos++)
		id++;
	if (id > max || (end > 0 && start >= end))
		return -ENOSPC;
	err = idr_grow(idr, gfp);
	if (err)
		return err;
	memmove(&idr->slots[pos + 1], &idr->slots[pos], (idr->n - pos) * sizeof(idr->slots[0]));
	idr->slots[pos].id = id;
	idr->slots[pos].ptr = ptr;
	idr->n++;
	return (int)id;
}

_public_ int idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, unsigned int gfp)
{
	int from = (int)idr->idr_next > start ? (int)idr->idr_next : start;
	int id = idr_alloc(idr, ptr, from, end, gfp);

	if (id == -ENOSPC && from > start)
		id = idr_alloc(idr, ptr, start, end, gfp);
	if (id >= 0)
		idr->idr_next = (unsigned int)id + 1;
	return id;
}

_public_ void *idr_find(const struct idr *idr, unsigned long id)
{
	unsigned int pos = idr_pos(idr, (unsigned int)id);

	return idr_holds(idr, pos, id) ? idr->slots[pos].ptr : NULL;
}

_public_ void *idr_remove(struct idr *idr, unsigned long id)
{
	unsigned int pos = idr_pos(idr, (unsigned int)id);
	void *ptr;

	if (!idr_holds(idr, pos, id))
		return NULL;
	ptr = idr->slots[pos].ptr;
	memmove(&idr->slots[pos], &idr->slots[pos + 1], (idr->n - pos - 1) * sizeof(idr->slots[0]));
	/*
	 * An empty tree holds no memory in the kernel: a driver that frees its
	 * last id and never calls ida_destroy() (a static DEFINE_IDA) leaks nothing.
	 */
	if (--idr->n == 0) {
		kmem_free(idr->slots);
		idr->slots = NULL;
		idr->cap = 0;
	}
	return ptr;
}

_public_ void *idr_replace(struct idr *idr, void *ptr, unsigned long id)
{
	unsigned int pos = idr_pos(idr, (unsigned int)id);
	void *old;

	if (!idr_holds(idr, pos, id))
		return ERR_PTR(-ENOENT);
	old = idr->slots[pos].ptr;
	idr->slots[pos].ptr = ptr;
	return old;
}

_public_ void *idr_get_next(const struct idr *idr, int *nextid)
{
	unsigned int pos = idr_pos(idr, (unsigned int)*nextid);

	if (pos >= idr->n)
		return NULL;
	*nextid = (int)idr->slots[pos].id;
	return idr->slots[pos].ptr;
}

_public_ int idr_for_each(const struct idr *idr, int (*fn)(int id, void *p, void *data), void *data)
{
	for (unsigned int i = 0; i < idr->n; i++) {
		int ret = fn((int)idr->slots[i].id, idr->slots[i].ptr, data);

		if (ret)
			return ret;
	}
	return 0;
}

_public_ void idr_destroy(struct idr *idr)
{
	kmem_free(idr->slots);
	libcdev_idr_init(idr, idr->owner);
}

/* ---- ida ---- */

_public_ int ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max, unsigned int gfp)
{
	int id;

	if ((int)min < 0 || min > max)
		return -EINVAL;
	if (max > INT_MAX)
		max = INT_MAX;
	pthread_mutex_lock(&ida->lock);
	/* Any non-NULL pointer marks the id as taken. */
	id = idr_alloc(&ida->idr, ida, (int)min, max == INT_MAX ? 0 : (int)max + 1, gfp);
	pthread_mutex_unlock(&ida->lock);
	return id;
}

_public_ void ida_free(struct ida *ida, unsigned int id)
{
	pthread_mutex_lock(&ida->lock);
	idr_remove(&ida->idr, id);
	pthread_mutex_unlock(&ida->lock);
}

_public_ void ida_destroy(struct ida *ida)
{
	pthread_mutex_lock(&ida->lock);
	idr_destroy(&ida->idr);
	pthread_mutex_unlock(&ida->lock);
}
