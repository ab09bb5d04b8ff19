/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - bitmaps and the bit searches (include/linux/bitmap.h,
 * include/linux/find.h, lib/bitmap.c, lib/find_bit.c): arrays of unsigned
 * long of which the first @nbits bits count, bit n in word n / BITS_PER_LONG
 * at position n % BITS_PER_LONG.
 *
 * The searches return the bit found, or @nbits (the size) when there is
 * none. Operations that write a whole bitmap write whole words; the bits of
 * the last word past @nbits are then as the kernel leaves them (cleared by
 * and and andnot, computed by the others), and never read by the others.
 *
 * <linux/bitmap.h> and <linux/find.h> carry the kernel's inline wrappers.
 */
#ifndef LIBCDEV_BITMAP_H
#define LIBCDEV_BITMAP_H

#include <stdbool.h>

#include <libcdev/names.h>

unsigned long _find_next_bit(const unsigned long *addr, unsigned long nbits, unsigned long start);
unsigned long _find_next_zero_bit(const unsigned long *addr, unsigned long nbits,
				  unsigned long start);
unsigned long _find_next_and_bit(const unsigned long *addr1, const unsigned long *addr2,
				 unsigned long nbits, unsigned long start);
unsigned long _find_next_andnot_bit(const unsigned long *addr1, const unsigned long *addr2,
				    unsigned long nbits, unsigned long start);
/** _find_last_bit - the highest set bit below @size, or @size if none */
unsigned long _find_last_bit(const unsigned long *addr, unsigned long size);
/** __find_nth_bit - the @n-th set bit (from 0) below @size, or @size if there are fewer */
unsigned long __find_nth_bit(const unsigned long *addr, unsigned long size, unsigned long n);

/* Return: whether the result has a bit set. */
bool __bitmap_and(unsigned long *dst, const unsigned long *b1, const unsigned long *b2,
		  unsigned int nbits);
bool __bitmap_andnot(unsigned long *dst, const unsigned long *b1, const unsigned long *b2,
		     unsigned int nbits);
void __bitmap_or(unsigned long *dst, const unsigned long *b1, const unsigned long *b2,
		 unsigned int nbits);
void __bitmap_xor(unsigned long *dst, const unsigned long *b1, const unsigned long *b2,
		  unsigned int nbits);
void __bitmap_complement(unsigned long *dst, const unsigned long *src, unsigned int nbits);
bool __bitmap_equal(const unsigned long *b1, const unsigned long *b2, unsigned int nbits);
bool __bitmap_intersects(const unsigned long *b1, const unsigned long *b2, unsigned int nbits);
/** __bitmap_subset - whether every bit of @b1 is set in @b2 */
bool __bitmap_subset(const unsigned long *b1, const unsigned long *b2, unsigned int nbits);
unsigned int __bitmap_weight(const unsigned long *bitmap, unsigned int nbits);
/** __bitmap_set - set the @len bits from @start */
void __bitmap_set(unsigned long *map, unsigned int start, int len);
void __bitmap_clear(unsigned long *map, unsigned int start, int len);
/** __bitmap_shift_right - @dst = @src >> @shift, zeros shifted in at the top; @dst may be @src */
void __bitmap_shift_right(unsigned long *dst, const unsigned long *src, unsigned int shift,
			  unsigned int nbits);
/** __bitmap_shift_left - @dst = @src << @shift, bits past @nbits lost; @dst may be @src */
void __bitmap_shift_left(unsigned long *dst, const unsigned long *src, unsigned int shift,
			 unsigned int nbits);

/**
 * bitmap_find_next_zero_area_off - the first run of @nr clear bits from @start
 * @align_mask: the run starts where (index + @align_offset) & @align_mask is 0
 *
 * Return: the run's first bit, or a value past @size if there is no such run.
 */
unsigned long bitmap_find_next_zero_area_off(unsigned long *map, unsigned long size,
					     unsigned long start, unsigned int nr,
					     unsigned long align_mask, unsigned long align_offset);

#endif
