/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/find.h>: the bit searches, from libcdev's
 * <libcdev/bitmap.h>. Each returns the bit found or @size when there is
 * none; the for_each_*_bit() loops stop at @size.
 */
#ifndef LIBCDEV_KERNEL_LINUX_FIND_H
#define LIBCDEV_KERNEL_LINUX_FIND_H

#include <libcdev/bitmap.h>

static inline unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
					  unsigned long offset)
{
	return _find_next_bit(addr, size, offset);
}

static inline unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size,
					       unsigned long offset)
{
	return _find_next_zero_bit(addr, size, offset);
}

static inline unsigned long find_next_and_bit(const unsigned long *addr1,
					      const unsigned long *addr2, unsigned long size,
					      unsigned long offset)
{
	return _find_next_and_bit(addr1, addr2, size, offset);
}

static inline unsigned long find_next_andnot_bit(const unsigned long *addr1,
						 const unsigned long *addr2, unsigned long size,
						 unsigned long offset)
{
	return _find_next_andnot_bit(addr1, addr2, size, offset);
}

static inline unsigned long find_first_bit(const unsigned long *addr, unsigned long size)
{
	return _find_next_bit(addr, size, 0);
}

static inline unsigned long find_first_zero_bit(const unsigned long *addr, unsigned long size)
{
	return _find_next_zero_bit(addr, size, 0);
}

static inline unsigned long find_first_and_bit(const unsigned long *addr1,
					       const unsigned long *addr2, unsigned long size)
{
	return _find_next_and_bit(addr1, addr2, size, 0);
}

static inline unsigned long find_last_bit(const unsigned long *addr, unsigned long size)
{
	return _find_last_bit(addr, size);
}

/* The @n-th set bit, from 0. */
static inline unsigned long find_nth_bit(const unsigned long *addr, unsigned long size,
					 unsigned long n)
{
	return __find_nth_bit(addr, size, n);
}

/* From @offset to the end, then from 0 up to @offset. */
static inline unsigned long find_next_bit_wrap(const unsigned long *addr, unsigned long size,
					       unsigned long offset)
{
	unsigned long bit = _find_next_bit(addr, size, offset);

	if (bit < size)
		return bit;
	bit = _find_next_bit(addr, offset < size ? offset : size, 0);
	return bit < offset ? bit : size;
}

#define for_each_set_bit(bit, addr, size) \
	for ((bit) = 0; (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_set_bit_from(bit, addr, size) \
	for (; (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_clear_bit(bit, addr, size) \
	for ((bit) = 0; (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_clear_bit_from(bit, addr, size) \
	for (; (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_and_bit(bit, addr1, addr2, size) \
	for ((bit) = 0;                           \
	     (bit) = find_next_and_bit((addr1), (addr2), (size), (bit)), (bit) < (size); (bit)++)

#endif
