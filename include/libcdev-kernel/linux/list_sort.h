/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/list_sort.h>: list_sort(), from libcdev's
 * <libcdev/sort.h>: a stable merge sort of a list in place, as the kernel's.
 */
#ifndef LIBCDEV_KERNEL_LINUX_LIST_SORT_H
#define LIBCDEV_KERNEL_LINUX_LIST_SORT_H

#include <linux/types.h>
#include <libcdev/sort.h>

typedef int __attribute__((nonnull(2, 3))) (*list_cmp_func_t)(void *, const struct list_head *,
							      const struct list_head *);

#endif
