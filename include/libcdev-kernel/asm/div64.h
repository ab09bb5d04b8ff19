/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/div64.h>: do_div(n, base) divides the u64 lvalue
 * @n by the u32 @base in place and returns the remainder (@n is evaluated
 * more than once, as in the kernel).
 */
#ifndef LIBCDEV_KERNEL_ASM_DIV64_H
#define LIBCDEV_KERNEL_ASM_DIV64_H

#include <stdint.h>

#define do_div(n, base)                                  \
	__extension__({                                  \
		uint32_t __base = (base);                \
		uint32_t __rem = (uint64_t)(n) % __base; \
		(n) = (uint64_t)(n) / __base;            \
		__rem;                                   \
	})

#endif
