/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/bitmap.h>: bitmaps of any number of bits (not
 * only multiples of BITS_PER_LONG; 0 bits is an empty bitmap), on libcdev's
 * <libcdev/bitmap.h>. bitmap_alloc() and bitmap_zalloc() are kmalloc()
 * arrays, accounted to the calling module; bitmap_free() is kfree().
 */
#ifndef LIBCDEV_KERNEL_LINUX_BITMAP_H
#define LIBCDEV_KERNEL_LINUX_BITMAP_H

#include <string.h>

#include <linux/bitops.h>
#include <linux/find.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <libcdev/bitmap.h>

#define BITMAP_FIRST_WORD_MASK(start) (~0UL << ((start) & (BITS_PER_LONG - 1)))
#define BITMAP_LAST_WORD_MASK(nbits)  (~0UL >> (-(nbits) & (BITS_PER_LONG - 1)))

/* Whole words: every bit of the last word is cleared, set or copied too. */
static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0xff, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

static inline void bitmap_copy(unsigned long *dst, const unsigned long *src, unsigned int nbits)
{
	memcpy(dst, src, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

/* bitmap_copy(), with the bits of the last word past @nbits cleared. */
static inline void bitmap_copy_clear_tail(unsigned long *dst, const unsigned long *src,
					  unsigned int nbits)
{
	bitmap_copy(dst, src, nbits);
	if (nbits % BITS_PER_LONG)
		dst[nbits / BITS_PER_LONG] &= BITMAP_LAST_WORD_MASK(nbits);
}

static inline unsigned long *bitmap_alloc(unsigned int nbits, gfp_t flags)
{
	return kmalloc_array(BITS_TO_LONGS(nbits), sizeof(unsigned long), flags);
}

static inline unsigned long *bitmap_zalloc(unsigned int nbits, gfp_t flags)
{
	return bitmap_alloc(nbits, flags | __GFP_ZERO);
}

static inline void bitmap_free(const unsigned long *bitmap)
{
	kfree(bitmap);
}

/* Return: whether @dst has a bit set. */
static inline bool bitmap_and(unsigned long *dst, const unsigned long *src1,
			      const unsigned long *src2, unsigned int nbits)
{
	return __bitmap_and(dst, src1, src2, nbits);
}

static inline void bitmap_or(unsigned long *dst, const unsigned long *src1,
			     const unsigned long *src2, unsigned int nbits)
{
	__bitmap_or(dst, src1, src2, nbits);
}

static inline void bitmap_xor(unsigned long *dst, const unsigned long *src1,
			      const unsigned long *src2, unsigned int nbits)
{
	__bitmap_xor(dst, src1, src2, nbits);
}

static inline bool bitmap_andnot(unsigned long *dst, const unsigned long *src1,
				 const unsigned long *src2, unsigned int nbits)
{
	return __bitmap_andnot(dst, src1, src2, nbits);
}

static inline void bitmap_complement(unsigned long *dst, const unsigned long *src,
				     unsigned int nbits)
{
	__bitmap_complement(dst, src, nbits);
}

static inline bool bitmap_equal(const unsigned long *src1, const unsigned long *src2,
				unsigned int nbits)
{
	return __bitmap_equal(src1, src2, nbits);
}

static inline bool bitmap_intersects(const unsigned long *src1, const unsigned long *src2,
				     unsigned int nbits)
{
	return __bitmap_intersects(src1, src2, nbits);
}

static inline bool bitmap_subset(const unsigned long *src1, const unsigned long *src2,
				 unsigned int nbits)
{
	return __bitmap_subset(src1, src2, nbits);
}

static inline bool bitmap_empty(const unsigned long *src, unsigned int nbits)
{
	return find_first_bit(src, nbits) == nbits;
}

static inline bool bitmap_full(const unsigned long *src, unsigned int nbits)
{
	return find_first_zero_bit(src, nbits) == nbits;
}

static inline unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits)
{
	return __bitmap_weight(src, nbits);
}

static inline void bitmap_set(unsigned long *map, unsigned int start, unsigned int nbits)
{
	__bitmap_set(map, start, (int)nbits);
}

static inline void bitmap_clear(unsigned long *map, unsigned int start, unsigned int nbits)
{
	__bitmap_clear(map, start, (int)nbits);
}

static inline void bitmap_shift_right(unsigned long *dst, const unsigned long *src,
				      unsigned int shift, unsigned int nbits)
{
	__bitmap_shift_right(dst, src, shift, nbits);
}

static inline void bitmap_shift_left(unsigned long *dst, const unsigned long *src,
				     unsigned int shift, unsigned int nbits)
{
	__bitmap_shift_left(dst, src, shift, nbits);
}

/* The first run of @nr clear bits from @start aligned to @align_mask + 1; past @size if none. */
static inline unsigned long bitmap_find_next_zero_area(unsigned long *map, unsigned long size,
						       unsigned long start, unsigned int nr,
						       unsigned long align_mask)
{
	return bitmap_find_next_zero_area_off(map, size, start, nr, align_mask, 0);
}

#endif
