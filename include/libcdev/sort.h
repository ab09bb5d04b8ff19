/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - sorting an array in place (include/linux/sort.h, lib/sort.c):
 * a heapsort, as the kernel's, so O(n log n) in every case, no memory
 * allocated and no recursion; not stable (equal elements may change order).
 *
 * <linux/sort.h> carries the kernel's names and <linux/types.h> the
 * kernel's cmp_func_t, swap_func_t, cmp_r_func_t and swap_r_func_t.
 */
#ifndef LIBCDEV_SORT_H
#define LIBCDEV_SORT_H

#include <stddef.h>

#include <libcdev/names.h>

/**
 * sort_r - sort @num elements of @size bytes at @base
 * @cmp_func: < 0, 0 or > 0 as its first element sorts before, with or after the second
 * @swap_func: exchanges two elements, or NULL to exchange their bytes
 * @priv: passed to both functions
 */
void sort_r(void *base, size_t num, size_t size,
	    int (*cmp_func)(const void *a, const void *b, const void *priv),
	    void (*swap_func)(void *a, void *b, int size, const void *priv), const void *priv);

/** sort - sort_r() with functions that take no @priv */
void sort(void *base, size_t num, size_t size, int (*cmp_func)(const void *a, const void *b),
	  void (*swap_func)(void *a, void *b, int size));

#endif
