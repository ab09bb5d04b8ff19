/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - lib/bitmap.c: the out-of-line bitmap operations of
 * <linux/bitmap.h>, a word at a time. Comparisons and counts mask the bits
 * of the last word past @nbits; and/andnot clear them in @dst, as the
 * kernel's do.
 */
#include <limits.h>

#include "core/core.h"
#include <libcdev/bitmap.h>

#define BPL		       ((unsigned int)(CHAR_BIT * sizeof(unsigned long)))
#define WORDS(nbits)	       (((nbits) + BPL - 1) / BPL)
/* The bits of the last word of an @nbits bitmap that count. */
#define LAST_WORD_MASK(nbits)  (~0UL >> (-(nbits) & (BPL - 1)))
#define FIRST_WORD_MASK(start) (~0UL << ((start) & (BPL - 1)))

_public_ bool __bitmap_and(unsigned long *dst, const unsigned long *b1, const unsigned long *b2,
			   unsigned int nbits)
{
	unsigned long any = 0;

	for (unsigned int k = 0; k < WORDS(nbits); k++) {
		dst[k] = b1[k] & b2[k];
		if (k == nbits / BPL)
			dst[k] &= LAST_WORD_MASK(nbits);
		any |= dst[k];
	}
	return any != 0;
}

_public_ bool __bitmap_andnot(unsigned long *dst, const unsigned long *b1, const unsigned long *b2,
			      unsigned int nbits)
{
	unsigned long any = 0;

	for (unsigned int k = 0; k < WORDS(nbits); k++) {
		dst[k] = b1[k] & ~b2[k];
		if (k == nbits / BPL)
			dst[k] &= LAST_WORD_MASK(nbits);
		any |= dst[k];
	}
	return any != 0;
}

_public_ void __bitmap_or(unsigned long *dst, const unsigned long *b1, const unsigned long *b2,
			  unsigned int nbits)
{
	for (unsigned int k = 0; k < WORDS(nbits); k++)
		dst[k] = b1[k] | b2[k];
}

_public_ void __bitmap_xor(unsigned long *dst, const unsigned long *b1, const unsigned long *b2,
			   unsigned int nbits)
{
	for (unsigned int k = 0; k < WORDS(nbits); k++)
		dst[k] = b1[k] ^ b2[k];
}

_public_ void __bitmap_complement(unsigned long *dst, const unsigned long *src, unsigned int nbits)
{
	for (unsigned int k = 0; k < WORDS(nbits); k++)
		dst[k] = ~src[k];
}

/* Word @k of @a, masked to the bits below @nbits. */
static unsigned long counted(const unsigned long *a, unsigned int k, unsigned int nbits)
{
	return k == (nbits - 1) / BPL ? a[k] & LAST_WORD_MASK(nbits) : a[k];
}

_public_ bool __bitmap_equal(const unsigned long *b1, const unsigned long *b2, unsigned int nbits)
{
	for (unsigned int k = 0; k < WORDS(nbits); k++)
		if (counted(b1, k, nbits) != counted(b2, k, nbits))
			return false;
	return true;
}

_public_ bool __bitmap_intersects(const unsigned long *b1, const unsigned long *b2,
				  unsigned int nbits)
{
	for (unsigned int k = 0; k < WORDS(nbits); k++)
		if (counted(b1, k, nbits) & b2[k])
			return true;
	return false;
}

_public_ bool __bitmap_subset(const unsigned long *b1, const unsigned long *b2, unsigned int nbits)
{
	for (unsigned int k = 0; k < WORDS(nbits); k++)
		if (counted(b1, k, nbits) & ~b2[k])
			return false;
	return true;
}

_public_ unsigned int __bitmap_weight(const unsigned long *bitmap, unsigned int nbits)
{
	unsigned int w = 0;

	for (unsigned int k = 0; k < WORDS(nbits); k++)
		w += (unsigned int)__builtin_popcountl(counted(bitmap, k, nbits));
	return w;
}

/* Set (@set) or clear the @len bits from @start, whole words in the middle. */
static void fill_range(unsigned long *map, unsigned int start, int len, bool set)
{
	unsigned long *p = map + start / BPL;
	unsigned long mask = FIRST_WORD_MASK(start);
	unsigned int end = start + (unsigned int)len;

	if (len <= 0)
		return;
	for (; p < map + (end - 1) / BPL; p++, mask = ~0UL)
		*p = set ? *p | mask : *p & ~mask;
	mask &= LAST_WORD_MASK(end);
	*p = set ? *p | mask : *p & ~mask;
}

_public_ void __bitmap_set(unsigned long *map, unsigned int start, int len)
{
	fill_range(map, start, len, true);
}

_public_ void __bitmap_clear(unsigned long *map, unsigned int start, int len)
{
	fill_range(map, start, len, false);
}

static bool bit_of(const unsigned long *a, unsigned int n)
{
	return (a[n / BPL] >> (n % BPL)) & 1;
}

static void put_bit(unsigned long *a, unsigned int n, bool v)
{
	if (v)
		a[n / BPL] |= 1UL << (n % BPL);
	else
		a[n / BPL] &= ~(1UL << (n % BPL));
}

/* A bit at a time, in the order that lets @dst be @src: upwards for a right shift. */
_public_ void __bitmap_shift_right(unsigned long *dst, const unsigned long *src, unsigned int shift,
				   unsigned int nbits)
{
	for (unsigned int n = 0; n < nbits; n++)
		put_bit(dst, n, shift < nbits - n && bit_of(src, n + shift));
}

_public_ void __bitmap_shift_left(unsigned long *dst, const unsigned long *src, unsigned int shift,
				  unsigned int nbits)
{
	for (unsigned int n = nbits; n-- > 0;)
		put_bit(dst, n, n >= shift && bit_of(src, n - shift));
}

_public_ unsigned long bitmap_find_next_zero_area_off(unsigned long *map, unsigned long size,
						      unsigned long start, unsigned int nr,
						      unsigned long align_mask,
						      unsigned long align_offset)
{
	unsigned long index, end, i;

	for (;;) {
		index = _find_next_zero_bit(map, size, start);
		/* Up to the alignment asked for. */
		index = ((index + align_offset + align_mask) & ~align_mask) - align_offset;
		end = index + nr;
		if (end > size)
			return end;
		i = _find_next_bit(map, end, index);
		if (i >= end)
			return index;
		start = i + 1;
	}
}
