/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sort.h>: sort() and sort_r(), from libcdev's
 * <libcdev/sort.h>: a heapsort in place, not stable, as the kernel's.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SORT_H
#define LIBCDEV_KERNEL_LINUX_SORT_H

#include <linux/types.h>
#include <libcdev/sort.h>

#endif
