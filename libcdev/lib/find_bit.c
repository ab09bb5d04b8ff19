/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - lib/find_bit.c: the bit searches of <linux/find.h>, a word at
 * a time. Each search reads only the words that hold bits below its size,
 * and the bits of the last word past the size count for nothing.
 */
#include <limits.h>

#include "core/core.h"
#include <libcdev/bitmap.h>

#define BPL ((unsigned long)(CHAR_BIT * sizeof(unsigned long)))

enum word_of { SET, ZERO, AND, ANDNOT };

static unsigned long word(const unsigned long *a, const unsigned long *b, unsigned long i,
			  enum word_of how)
{
	switch (how) {
	case ZERO:
		return ~a[i];
	case AND:
		return a[i] & b[i];
	case ANDNOT:
		return a[i] & ~b[i];
	default:
		return a[i];
	}
}

/* The first bit at or after @start, below @nbits, of the words @how makes of @a and @b. */
static unsigned long find_next(const unsigned long *a, const unsigned long *b, unsigned long nbits,
			       unsigned long start, enum word_of how)
{
	unsigned long i, w, bit;

	if (start >= nbits)
		return nbits;
	i = start / BPL;
	w = word(a, b, i, how) & (~0UL << (start % BPL));
	while (!w) {
		if (++i * BPL >= nbits)
			return nbits;
		w = word(a, b, i, how);
	}
	bit = i * BPL + (unsigned long)__builtin_ctzl(w);
	return bit < nbits ? bit : nbits;
}

_public_ unsigned long _find_next_bit(const unsigned long *addr, unsigned long nbits,
				      unsigned long start)
{
	return find_next(addr, NULL, nbits, start, SET);
}

_public_ unsigned long _find_next_zero_bit(const unsigned long *addr, unsigned long nbits,
					   unsigned long start)
{
	return find_next(addr, NULL, nbits, start, ZERO);
}

_public_ unsigned long _find_next_and_bit(const unsigned long *addr1, const unsigned long *addr2,
					  unsigned long nbits, unsigned long start)
{
	return find_next(addr1, addr2, nbits, start, AND);
}

_public_ unsigned long _find_next_andnot_bit(const unsigned long *addr1, const unsigned long *addr2,
					     unsigned long nbits, unsigned long start)
{
	return find_next(addr1, addr2, nbits, start, ANDNOT);
}

_public_ unsigned long _find_last_bit(const unsigned long *addr, unsigned long size)
{
	unsigned long i, w;

	if (!size)
		return size;
	i = (size - 1) / BPL;
	/* Only the bits of the last word below @size. */
	w = addr[i] & (~0UL >> (BPL - 1 - (size - 1) % BPL));
	for (;;) {
		if (w)
			return i * BPL + BPL - 1 - (unsigned long)__builtin_clzl(w);
		if (i-- == 0)
			return size;
		w = addr[i];
	}
}

_public_ unsigned long __find_nth_bit(const unsigned long *addr, unsigned long size,
				      unsigned long n)
{
	for (unsigned long i = 0; i * BPL < size; i++) {
		unsigned long w = addr[i], bits = size - i * BPL;
		unsigned long k;

		if (bits < BPL)
			w &= (1UL << bits) - 1;
		k = (unsigned long)__builtin_popcountl(w);
		if (n >= k) {
			n -= k;
			continue;
		}
		/* The bit is in this word: drop its n lowest set bits. */
		while (n--)
			w &= w - 1;
		return i * BPL + (unsigned long)__builtin_ctzl(w);
	}
	return size;
}
