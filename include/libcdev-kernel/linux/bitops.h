/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/bitops.h>: atomic bit operations on arrays of
 * unsigned long (set_bit(), test_and_set_bit(), ...), their non-atomic
 * __ forms, counting and bit-number helpers (hweight, fls, __ffs, ...),
 * and the searches of <linux/find.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_BITOPS_H
#define LIBCDEV_KERNEL_LINUX_BITOPS_H

#include <stdbool.h>

#include <linux/bits.h>
#include <linux/types.h>

#define BITS_PER_TYPE(type) (sizeof(type) * BITS_PER_BYTE)
#define BITS_TO_BYTES(nr)   (((nr) + BITS_PER_BYTE - 1) / BITS_PER_BYTE)
#define BITS_TO_U32(nr)	    (((nr) + BITS_PER_TYPE(u32) - 1) / BITS_PER_TYPE(u32))
#define BITS_TO_U64(nr)	    (((nr) + BITS_PER_TYPE(u64) - 1) / BITS_PER_TYPE(u64))

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

static inline void __change_bit(long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] ^= BIT_MASK(nr);
}

static inline bool __test_and_set_bit(long nr, volatile unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__set_bit(nr, addr);
	return old;
}

static inline bool __test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__clear_bit(nr, addr);
	return old;
}

static inline bool __test_and_change_bit(long nr, volatile unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__change_bit(nr, addr);
	return old;
}

/* Set bit @nr if @value, else clear it. */
#define assign_bit(nr, addr, value)   ((value) ? set_bit(nr, addr) : clear_bit(nr, addr))
#define __assign_bit(nr, addr, value) ((value) ? __set_bit(nr, addr) : __clear_bit(nr, addr))

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

static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static inline unsigned int fls_long(unsigned long l)
{
	return l ? (unsigned int)(BITS_PER_LONG - __builtin_clzl(l)) : 0;
}

/* Bit numbers from 0; undefined for 0 (for ffz(), for ~0UL), as in the kernel. */
static inline unsigned long __ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

static inline unsigned long __fls(unsigned long word)
{
	return (unsigned long)(BITS_PER_LONG - 1 - __builtin_clzl(word));
}

#define ffz(x)	   __ffs(~(x))
#define __ffs64(x) ((unsigned long)__builtin_ctzll(x))

/* The order of the power of two at or above @count: get_count_order(5) is 3. */
static inline int get_count_order(unsigned int count)
{
	return count == 0 ? -1 : fls(count - 1);
}

static inline int get_count_order_long(unsigned long l)
{
	return l == 0UL ? -1 : (int)fls_long(l - 1);
}

/* @value with bit @index its sign bit. */
static inline s32 sign_extend32(u32 value, int index)
{
	u8 shift = 31 - index;

	return (s32)(value << shift) >> shift;
}

static inline s64 sign_extend64(u64 value, int index)
{
	u8 shift = 63 - index;

	return (s64)(value << shift) >> shift;
}

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

/* The searches and for_each_set_bit() and friends. */
#include <linux/find.h>

#endif
