/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/unaligned.h>: values read and written at any
 * address, in the CPU's order or a given one (16, 24, 32 and 64 bits), as
 * drivers take them out of and put them into the byte streams of chips.
 * memcpy() is what makes the access safe at any alignment; the compiler
 * turns it into one load or store where the machine allows.
 */
#ifndef LIBCDEV_KERNEL_ASM_UNALIGNED_H
#define LIBCDEV_KERNEL_ASM_UNALIGNED_H

#include <string.h>

#include <linux/types.h>
#include <asm/byteorder.h>

/* get_unaligned(p), put_unaligned(v, p): of *p's own type, in the CPU's order. */
#define get_unaligned(p)                                               \
	({                                                             \
		__typeof__((__typeof__(*(p)))0) __v; /* unqualified */ \
		memcpy(&__v, (p), sizeof(__v));                        \
		__v;                                                   \
	})
#define put_unaligned(v, p)                     \
	do {                                    \
		__typeof__(*(p)) __v = (v);     \
		memcpy((p), &__v, sizeof(__v)); \
	} while (0)

#define LIBCDEV_UNALIGNED(bits, order)                                       \
	static inline u##bits get_unaligned_##order##bits(const void *p)     \
	{                                                                    \
		__##order##bits v;                                           \
		memcpy(&v, p, sizeof(v));                                    \
		return order##bits##_to_cpu(v);                              \
	}                                                                    \
	static inline void put_unaligned_##order##bits(u##bits val, void *p) \
	{                                                                    \
		__##order##bits v = cpu_to_##order##bits(val);               \
		memcpy(p, &v, sizeof(v));                                    \
	}
LIBCDEV_UNALIGNED(16, le)
LIBCDEV_UNALIGNED(32, le)
LIBCDEV_UNALIGNED(64, le)
LIBCDEV_UNALIGNED(16, be)
LIBCDEV_UNALIGNED(32, be)
LIBCDEV_UNALIGNED(64, be)
#undef LIBCDEV_UNALIGNED

static inline u32 __get_unaligned_cpu32(const void *p)
{
	return get_unaligned((const u32 *)p);
}

/* Three bytes, as some chips' addresses and samples are. */
static inline u32 get_unaligned_be24(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 16 | (u32)b[1] << 8 | b[2];
}

static inline u32 get_unaligned_le24(const void *p)
{
	const u8 *b = p;

	return (u32)b[2] << 16 | (u32)b[1] << 8 | b[0];
}

static inline void put_unaligned_be24(u32 val, void *p)
{
	u8 *b = p;

	b[0] = val >> 16;
	b[1] = val >> 8;
	b[2] = val;
}

static inline void put_unaligned_le24(u32 val, void *p)
{
	u8 *b = p;

	b[0] = val;
	b[1] = val >> 8;
	b[2] = val >> 16;
}

static inline u64 get_unaligned_be48(const void *p)
{
	const u8 *b = p;

	return (u64)get_unaligned_be16(b) << 32 | get_unaligned_be32(b + 2);
}

static inline void put_unaligned_be48(u64 val, void *p)
{
	u8 *b = p;

	put_unaligned_be16(val >> 32, b);
	put_unaligned_be32(val, b + 2);
}

#endif
