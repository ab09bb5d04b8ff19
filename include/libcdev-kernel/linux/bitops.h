/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/bitops.h>: atomic bit operations on arrays of
 * unsigned long (set_bit(), test_and_set_bit(), ...), their non-atomic
 * __ forms, and the find/count helpers drivers use most.
 */
#ifndef LIBCDEV_KERNEL_LINUX_BITOPS_H
#define LIBCDEV_KERNEL_LINUX_BITOPS_H

#include <stdbool.h>

#include <linux/bits.h>

static inline void set_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_RELAXED);
}

static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr), __ATOMIC_RELAXED);
}

static inline void change_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_xor(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_RELAXED);
}

static inline bool test_bit(long nr, const volatile unsigned long *addr)
{
	return (__atomic_load_n(addr + BIT_WORD(nr), __ATOMIC_RELAXED) >> (nr % BITS_PER_LONG)) & 1;
}

static inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static inline bool test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static inline bool test_and_change_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_xor(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static inline void __set_bit(long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

static inline void __clear_bit(long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

#define clear_bit_unlock(nr, addr)	clear_bit(nr, addr)
#define test_and_set_bit_lock(nr, addr) test_and_set_bit(nr, addr)

static inline unsigned int hweight_long(unsigned long w)
{
	return (unsigned int)__builtin_popcountl(w);
}
#define hweight8(w)  ((unsigned int)__builtin_popcount((unsigned char)(w)))
#define hweight16(w) ((unsigned int)__builtin_popcount((unsigned short)(w)))
#define hweight32(w) ((unsigned int)__builtin_popcount((unsigned int)(w)))
#define hweight64(w) ((unsigned int)__builtin_popcountll((unsigned long long)(w)))

/* Bit numbers from 1, 0 for none, as ffs(3). */
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static inline unsigned long __ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

static inline unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
					  unsigned long offset)
{
	for (; offset < size; offset++)
		if (test_bit((long)offset, addr))
			return offset;
	return size;
}

static inline unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size,
					       unsigned long offset)
{
	for (; offset < size; offset++)
		if (!test_bit((long)offset, addr))
			return offset;
	return size;
}

#define find_first_bit(addr, size)	find_next_bit(addr, size, 0)
#define find_first_zero_bit(addr, size) find_next_zero_bit(addr, size, 0)
#define for_each_set_bit(bit, addr, size)                        \
	for ((bit) = find_first_bit(addr, size); (bit) < (size); \
	     (bit) = find_next_bit(addr, size, (bit) + 1))

#define DECLARE_BITMAP(name, bits) unsigned long name[BITS_TO_LONGS(bits)]

#endif
