/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/log2.h>: powers of two and integer logarithms. */
#ifndef LIBCDEV_KERNEL_LINUX_LOG2_H
#define LIBCDEV_KERNEL_LINUX_LOG2_H

#include <linux/types.h>

static inline bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

/* ilog2 - the floor of log2(@n); @n must not be 0 */
#define ilog2(n) \
	((int)(sizeof(unsigned long long) * 8 - 1) - __builtin_clzll((unsigned long long)(n)))

static inline unsigned long roundup_pow_of_two(unsigned long n)
{
	return n <= 1 ? 1UL : 1UL << (ilog2(n - 1) + 1);
}

static inline unsigned long rounddown_pow_of_two(unsigned long n)
{
	return 1UL << ilog2(n);
}

static inline int order_base_2(unsigned long n)
{
	return n <= 1 ? 0 : ilog2(n - 1) + 1;
}

#endif
