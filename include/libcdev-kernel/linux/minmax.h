/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/minmax.h>: min()/max()/clamp() evaluate each
 * argument once and, as in the kernel, warn when the two types differ
 * (comparison of distinct pointer types); min_t()/max_t()/clamp_t() convert
 * to the named type first.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MINMAX_H
#define LIBCDEV_KERNEL_LINUX_MINMAX_H

#define __libcdev_cmp(x, y, op)                            \
	__extension__({                                    \
		__typeof__(x) __x = (x);                   \
		__typeof__(y) __y = (y);                   \
		(void)(&__x == &__y); /* the type check */ \
		__x op __y ? __x : __y;                    \
	})

#define min(x, y)		   __libcdev_cmp(x, y, <)
#define max(x, y)		   __libcdev_cmp(x, y, >)
#define min3(x, y, z)		   min((__typeof__(x))min(x, y), z)
#define max3(x, y, z)		   max((__typeof__(x))max(x, y), z)
#define min_t(type, x, y)	   __libcdev_cmp((type)(x), (type)(y), <)
#define max_t(type, x, y)	   __libcdev_cmp((type)(x), (type)(y), >)
#define clamp(val, lo, hi)	   min((__typeof__(val))max(val, lo), hi)
#define clamp_t(type, val, lo, hi) min_t(type, max_t(type, val, lo), hi)
#define clamp_val(val, lo, hi)	   clamp_t(__typeof__(val), val, lo, hi)
#define umin(x, y)		   min_t(unsigned long long, x, y)
#define umax(x, y)		   max_t(unsigned long long, x, y)

#define swap(a, b)                         \
	do {                               \
		__typeof__(a) __tmp = (a); \
		(a) = (b);                 \
		(b) = __tmp;               \
	} while (0)

#endif
