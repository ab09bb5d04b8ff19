/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/compiler.h> and the attributes of
 * compiler_attributes.h. The address-space annotations (__user, __iomem,
 * __rcu, ...) mean nothing to the compiler here, as without sparse.
 */
#ifndef LIBCDEV_KERNEL_LINUX_COMPILER_H
#define LIBCDEV_KERNEL_LINUX_COMPILER_H

#include <libcdev/compiler.h>

#define __iomem
#define __rcu
#define __percpu
#define __kernel
#define __force
#define __nocast
#define __safe
#define __bitwise
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)
#define __cond_lock(x, c) (c)

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define barrier()   __asm__ __volatile__("" : : : "memory")

#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif
#define noinline __attribute__((__noinline__))
#ifndef __must_check
#define __must_check __attribute__((__warn_unused_result__))
#endif
#ifndef __maybe_unused
#define __maybe_unused __attribute__((__unused__))
#endif
#ifndef __always_unused
#define __always_unused __attribute__((__unused__))
#endif
#ifndef __used
#define __used __attribute__((__used__))
#endif
#ifndef __packed
#define __packed __attribute__((__packed__))
#endif
#ifndef __aligned
#define __aligned(x) __attribute__((__aligned__(x)))
#endif
#ifndef __printf
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#endif
#ifndef __cold
#define __cold __attribute__((__cold__))
#endif
#ifndef __weak
#define __weak __attribute__((__weak__))
#endif
#ifndef __noreturn
#define __noreturn __attribute__((__noreturn__))
#endif
#ifndef __pure
#define __pure __attribute__((__pure__))
#endif
#ifndef __section
#define __section(s) __attribute__((__section__(s)))
#endif
#ifndef fallthrough
#define fallthrough __attribute__((__fallthrough__))
#endif

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)                               \
	do {                                             \
		*(volatile __typeof__(x) *)&(x) = (val); \
	} while (0)

#endif
