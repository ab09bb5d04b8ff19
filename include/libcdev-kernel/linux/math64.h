/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/math64.h>: 64-bit division and multiplication
 * helpers. On a 64-bit host they are the plain operators; the 128-bit
 * products use the compiler's unsigned __int128. Division by zero is the
 * C operators' (SIGFPE), as it would be a divide error in the kernel.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MATH64_H
#define LIBCDEV_KERNEL_LINUX_MATH64_H

#include <linux/types.h>
#include <asm/div64.h>

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = (u32)(dividend % divisor);
	return dividend / divisor;
}

static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = (s32)(dividend % divisor);
	return dividend / divisor;
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

#define div64_long(x, y) div64_s64((x), (y))
#define div64_ul(x, y)	 div64_u64((x), (y))

static inline u64 mul_u32_u32(u32 a, u32 b)
{
	return (u64)a * b;
}

/* (a * mul) >> shift with the full 96/128-bit product, truncated to 64 bits. */
static inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static inline u64 mul_u64_u64_shr(u64 a, u64 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static inline u64 mul_s64_u64_shr(s64 a, u64 b, unsigned int shift)
{
	u64 ret = mul_u64_u64_shr(a < 0 ? 0 - (u64)a : (u64)a, b, shift);

	return a < 0 ? 0 - ret : ret;
}

/* (a * mul) / divisor without overflow of the product. */
static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 divisor)
{
	return (u64)(((unsigned __int128)a * mul) / divisor);
}

static inline u64 mul_u64_u64_div_u64(u64 a, u64 mul, u64 div)
{
	return (u64)(((unsigned __int128)a * mul) / div);
}

#define DIV64_U64_ROUND_UP(ll, d)                 \
	__extension__({                           \
		u64 _tmp = (d);                   \
		div64_u64((ll) + _tmp - 1, _tmp); \
	})
#define DIV64_U64_ROUND_CLOSEST(dividend, divisor)      \
	__extension__({                                 \
		u64 _tmp = (divisor);                   \
		div64_u64((dividend) + _tmp / 2, _tmp); \
	})
#define DIV_U64_ROUND_UP(ll, d)                 \
	__extension__({                         \
		u32 _tmp = (d);                 \
		div_u64((ll) + _tmp - 1, _tmp); \
	})
#define DIV_U64_ROUND_CLOSEST(dividend, divisor)           \
	__extension__({                                    \
		u32 _tmp = (divisor);                      \
		div_u64((u64)(dividend) + _tmp / 2, _tmp); \
	})
/* Halves round away from zero, whatever the signs. */
#define DIV_S64_ROUND_CLOSEST(dividend, divisor)                         \
	__extension__({                                                  \
		s64 __x = (dividend);                                    \
		s32 __d = (divisor);                                     \
		((__x > 0) == (__d > 0)) ? div_s64(__x + __d / 2, __d) : \
					   div_s64(__x - __d / 2, __d);  \
	})

#endif
