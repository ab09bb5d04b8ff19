/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/nospec.h>: array_index_nospec() bounds an index
 * without a branch the processor could speculate past: @index when it is
 * below @size, else 0. The mask is computed as the kernel's generic one.
 */
#ifndef LIBCDEV_KERNEL_LINUX_NOSPEC_H
#define LIBCDEV_KERNEL_LINUX_NOSPEC_H

#include <linux/bits.h>
#include <linux/compiler.h>

/* ~0UL when @index < @size, 0 otherwise (both at most LONG_MAX). */
static inline unsigned long array_index_mask_nospec(unsigned long index, unsigned long size)
{
	/* The compiler must not see through it to a branch. */
	__asm__("" : "+r"(index));
	return (unsigned long)(~(long)(index | (size - 1UL - index)) >> (BITS_PER_LONG - 1));
}

#define array_index_nospec(index, size)                                \
	__extension__({                                                \
		__typeof__(index) _i = (index);                        \
		__typeof__(size) _s = (size);                          \
		unsigned long _mask = array_index_mask_nospec(_i, _s); \
		(__typeof__(_i))(_i & _mask);                          \
	})

#endif
