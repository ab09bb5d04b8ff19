/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - sorting an array in place (include/linux/sort.h, lib/sort.c):
 * a heapsort, as the kernel's, so O(n log n) in every case, no memory
 * allocated and no recursion; not stable (equal elements may change order).
 *
 * <linux/sort.h> carries the kernel's names and <linux/types.h> the
 * kernel's cmp_func_t, swap_func_t, cmp_r_func_t and swap_r_func_t.
 *
 * list_sort() (include/linux/list_sort.h, lib/list_sort.c) sorts a list in
 * place: a merge sort, as the kernel's, so stable (equal elements keep their
 * order, which callers rely on), O(n log n) and without allocation.
 */
#ifndef LIBCDEV_SORT_H
#define LIBCDEV_SORT_H

#include <stddef.h>

#include <libcdev/list_head.h>
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

/**
 * list_sort - sort the list at @head, stable
 * @cmp: > 0 when its first node sorts after the second, else <= 0 (they keep their order)
 * @priv: passed to @cmp
 */
void list_sort(void *priv, struct list_head *head,
	       int (*cmp)(void *priv, const struct list_head *a, const struct list_head *b));

#endif
