/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/overflow.h>: arithmetic that reports overflow
 * (check_add/sub/mul_overflow(), on the compiler's builtins), and the sizes
 * of allocations that saturate at SIZE_MAX instead of wrapping, so that an
 * overflowing request fails in kmalloc() rather than allocating too little:
 * size_add(), size_mul(), array_size(), array3_size(), struct_size() (a
 * structure with a flexible array member of @count elements).
 */
#ifndef LIBCDEV_KERNEL_LINUX_OVERFLOW_H
#define LIBCDEV_KERNEL_LINUX_OVERFLOW_H

#include <stddef.h>
#include <stdint.h>

#include <linux/compiler.h>

#define check_add_overflow(a, b, d) __builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d) __builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d) __builtin_mul_overflow(a, b, d)

static inline size_t size_mul(size_t a, size_t b)
{
	size_t r;

	return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline size_t size_add(size_t a, size_t b)
{
	size_t r;

	return __builtin_add_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline size_t size_sub(size_t a, size_t b)
{
	/* SIZE_MAX stays: a saturated size minus anything is still too big. */
	return a == SIZE_MAX || b == SIZE_MAX || a < b ? SIZE_MAX : a - b;
}

#define array_size(a, b)		  size_mul(a, b)
#define array3_size(a, b, c)		  size_mul(size_mul(a, b), c)
#define flex_array_size(p, member, count) size_mul((size_t)(count), sizeof(*(p)->member))
#define struct_size(p, member, count)	  size_add(sizeof(*(p)), flex_array_size(p, member, count))

#endif
