/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kernel.h>: what drivers take from it and the
 * headers it brings in: printk, min/max, container_of, ARRAY_SIZE, BUG/WARN,
 * the integer limits, rounding helpers, sprintf()-family and kstrto*(), and
 * <linux/bitops.h> as the kernel's brings it in.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KERNEL_H
#define LIBCDEV_KERNEL_LINUX_KERNEL_H

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <asm/byteorder.h>
#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/errno.h>
#include <linux/log2.h>
/* do_div(), as the kernel's brings it in (through <linux/math.h>). */
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/printk.h>
#include <linux/slab.h> /* kasprintf() */
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <libcdev/kcheck.h>
#include <libcdev/moduleparam.h>
#include <libcdev/trace.h>

#define U8_MAX	((u8)~0U)
#define S8_MAX	((s8)(U8_MAX >> 1))
#define S8_MIN	((s8)(-S8_MAX - 1))
#define U16_MAX ((u16)~0U)
#define S16_MAX ((s16)(U16_MAX >> 1))
#define S16_MIN ((s16)(-S16_MAX - 1))
#define U32_MAX ((u32)~0U)
#define S32_MAX ((s32)(U32_MAX >> 1))
#define S32_MIN ((s32)(-S32_MAX - 1))
#define U64_MAX ((u64)~0ULL)
#define S64_MAX ((s64)(U64_MAX >> 1))
#define S64_MIN ((s64)(-S64_MAX - 1))

/* The address of the code here, and of the caller (<linux/instruction_pointer.h>). */
#define _THIS_IP_                        \
	__extension__({                  \
		__label__ __here;        \
__here:                                  \
		(unsigned long)&&__here; \
	})
#define _RET_IP_ ((unsigned long)__builtin_return_address(0))

/*
 * trace_printk(): a line in the top-level trace buffer (libcdev-kernel(7),
 * TRACING); without arguments the format is written as it is (trace_puts()),
 * as the kernel does.
 */
#define __libcdev_tp_pick(_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, \
			  _16, N, ...)                                                          \
	N
#define __libcdev_tp_puts(fmt)	    __trace_bputs(_THIS_IP_, fmt)
#define __libcdev_tp_args(fmt, ...) __trace_printk(_THIS_IP_, fmt, __VA_ARGS__)
#define trace_printk(fmt, ...)                                                      \
	__libcdev_tp_pick(fmt, ##__VA_ARGS__, __libcdev_tp_args, __libcdev_tp_args, \
			  __libcdev_tp_args, __libcdev_tp_args, __libcdev_tp_args,  \
			  __libcdev_tp_args, __libcdev_tp_args, __libcdev_tp_args,  \
			  __libcdev_tp_args, __libcdev_tp_args, __libcdev_tp_args,  \
			  __libcdev_tp_args, __libcdev_tp_args, __libcdev_tp_args,  \
			  __libcdev_tp_args, __libcdev_tp_args,                     \
			  __libcdev_tp_puts)(fmt, ##__VA_ARGS__)
#define trace_puts(str)		   __trace_bputs(_THIS_IP_, str)
#define ftrace_vprintk(fmt, vargs) __ftrace_vprintk(_THIS_IP_, fmt, vargs)

#define DIV_ROUND_UP(n, d)	(((n) + (d)-1) / (d))
#define DIV_ROUND_CLOSEST(x, d) (((x) + ((d) / 2)) / (d))
#define roundup(x, y)		((((x) + ((y)-1)) / (y)) * (y))
#define rounddown(x, y)		((x) - ((x) % (y)))
#define __ALIGN_MASK(x, mask)	(((x) + (mask)) & ~(mask))
#define ALIGN(x, a)		__ALIGN_MASK(x, (__typeof__(x))(a)-1)
#define ALIGN_DOWN(x, a)	ALIGN((x) - ((a)-1), (a))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a)-1)) == 0)
#define round_up(x, y)		((((x)-1) | ((__typeof__(x))((y)-1))) + 1)
#define round_down(x, y)	((x) & ~((__typeof__(x))((y)-1)))
#define abs_diff(a, b)		((a) > (b) ? (a) - (b) : (b) - (a))

/* Like snprintf(), but returns what was written (not what would have been). */
static inline __printf(3, 0) int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int n = vsnprintf(buf, size, fmt, args);

	if (n < 0 || size == 0)
		return 0;
	return (size_t)n < size ? n : (int)(size - 1);
}

static inline __printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vscnprintf(buf, size, fmt, args);
	va_end(args);
	return n;
}

/* kstrto*(): the whole string (one trailing newline allowed), or -EINVAL/-ERANGE. */
static inline int __libcdev_kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	char *end;
	int saved = errno;

	if (*s == '-' || *s == '\0')
		return -EINVAL;
	errno = 0;
	*res = strtoull(s, &end, base);
	if (errno == ERANGE) {
		errno = saved;
		return -ERANGE;
	}
	errno = saved;
	if (end == s || (*end && !(end[0] == '\n' && end[1] == '\0')))
		return -EINVAL;
	return 0;
}

static inline int __libcdev_kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int neg = *s == '-', ret;

	ret = __libcdev_kstrtoull(s + neg, base, &v);
	if (ret)
		return ret;
	if (v > (unsigned long long)LLONG_MAX + neg)
		return -ERANGE;
	*res = neg ? (long long)(0 - v) : (long long)v;
	return 0;
}

#define __LIBCDEV_KSTRTO_U(name, type, maxv)                                \
	static inline int name(const char *s, unsigned int base, type *res) \
	{                                                                   \
		unsigned long long v;                                       \
		int ret = __libcdev_kstrtoull(s, base, &v);                 \
		if (ret)                                                    \
			return ret;                                         \
		if (v > (maxv))                                             \
			return -ERANGE;                                     \
		*res = (type)v;                                             \
		return 0;                                                   \
	}
#define __LIBCDEV_KSTRTO_S(name, type, minv, maxv)                          \
	static inline int name(const char *s, unsigned int base, type *res) \
	{                                                                   \
		long long v;                                                \
		int ret = __libcdev_kstrtoll(s, base, &v);                  \
		if (ret)                                                    \
			return ret;                                         \
		if (v < (minv) || v > (maxv))                               \
			return -ERANGE;                                     \
		*res = (type)v;                                             \
		return 0;                                                   \
	}
__LIBCDEV_KSTRTO_U(kstrtoull, unsigned long long, ULLONG_MAX)
__LIBCDEV_KSTRTO_U(kstrtoul, unsigned long, ULONG_MAX)
__LIBCDEV_KSTRTO_U(kstrtouint, unsigned int, UINT_MAX)
__LIBCDEV_KSTRTO_U(kstrtou16, u16, U16_MAX)
__LIBCDEV_KSTRTO_U(kstrtou8, u8, U8_MAX)
__LIBCDEV_KSTRTO_S(kstrtoll, long long, LLONG_MIN, LLONG_MAX)
__LIBCDEV_KSTRTO_S(kstrtol, long, LONG_MIN, LONG_MAX)
__LIBCDEV_KSTRTO_S(kstrtoint, int, INT_MIN, INT_MAX)
__LIBCDEV_KSTRTO_S(kstrtos16, s16, S16_MIN, S16_MAX)
__LIBCDEV_KSTRTO_S(kstrtos8, s8, S8_MIN, S8_MAX)

#define simple_strtoul(cp, endp, base)	strtoul(cp, endp, base)
#define simple_strtol(cp, endp, base)	strtol(cp, endp, base)
#define simple_strtoull(cp, endp, base) strtoull(cp, endp, base)

/* Sleeping is allowed in every context a driver's methods run in here. */
#define might_sleep() __libcdev_might_sleep(__FILE__, __LINE__)
#define might_resched() \
	do {            \
	} while (0)
#define cond_resched() 0

#endif
