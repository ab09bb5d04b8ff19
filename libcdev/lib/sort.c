/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - lib/sort.c: sort() and sort_r(), a heapsort in place. The
 * kernel sorts with a heap because it needs no memory and no recursion and
 * has no quadratic worst case; the same holds here.
 */
#include <stdint.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/sort.h>

/* What the caller gave: the functions with or without @priv. */
struct sorter {
	char *base;
	size_t size;
	int (*cmp_r)(const void *a, const void *b, const void *priv);
	void (*swap_r)(void *a, void *b, int size, const void *priv);
	int (*cmp)(const void *a, const void *b);
	void (*swap)(void *a, void *b, int size);
	const void *priv;
};

static void swap_bytes(void *a, void *b, size_t size)
{
	unsigned char tmp[64];

	/* In pieces, so that an element of any size needs no allocation. */
	for (size_t done = 0, n; done < size; done += n) {
		n = size - done < sizeof(tmp) ? size - done : sizeof(tmp);
		memcpy(tmp, (char *)a + done, n);
		memcpy((char *)a + done, (char *)b + done, n);
		memcpy((char *)b + done, tmp, n);
	}
}

static int cmp_at(const struct sorter *s, size_t i, size_t j)
{
	const void *a = s->base + i * s->size, *b = s->base + j * s->size;

	return s->cmp ? s->cmp(a, b) : s->cmp_r(a, b, s->priv);
}

static void swap_at(const struct sorter *s, size_t i, size_t j)
{
	void *a = s->base + i * s->size, *b = s->base + j * s->size;

	if (s->swap)
		s->swap(a, b, (int)s->size);
	else if (s->swap_r)
		s->swap_r(a, b, (int)s->size, s->priv);
	else
		swap_bytes(a, b, s->size);
}

/* Move element @i down the heap of @n elements until both its children sort before it. */
static void sift_down(const struct sorter *s, size_t i, size_t n)
{
	for (;;) {
		size_t child = 2 * i + 1;

		if (child >= n)
			return;
		if (child + 1 < n && cmp_at(s, child + 1, child) > 0)
			child++;
		if (cmp_at(s, child, i) <= 0)
			return;
		swap_at(s, i, child);
		i = child;
	}
}

static void heapsort(const struct sorter *s, size_t num)
{
	if (num < 2 || s->size == 0)
		return;
	for (size_t i = num / 2; i-- > 0;)
		sift_down(s, i, num);
	/* The largest at the root goes to the end of what is left unsorted. */
	for (size_t end = num - 1; end > 0; end--) {
		swap_at(s, 0, end);
		sift_down(s, 0, end);
	}
}

_public_ void sort_r(void *base, size_t num, size_t size,
		     int (*cmp_func)(const void *a, const void *b, const void *priv),
		     void (*swap_func)(void *a, void *b, int size, const void *priv),
		     const void *priv)
{
	struct sorter s = {
		.base = base, .size = size, .cmp_r = cmp_func, .swap_r = swap_func, .priv = priv
	};

	heapsort(&s, num);
}

_public_ void sort(void *base, size_t num, size_t size,
		   int (*cmp_func)(const void *a, const void *b),
		   void (*swap_func)(void *a, void *b, int size))
{
	struct sorter s = { .base = base, .size = size, .cmp = cmp_func, .swap = swap_func };

	heapsort(&s, num);
}
