/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/bug.h>: BUG() aborts the host process (the
 * kernel would oops), WARN_ON() prints where and goes on, and the
 * compile-time checks of build_bug.h.
 */
#ifndef LIBCDEV_KERNEL_LINUX_BUG_H
#define LIBCDEV_KERNEL_LINUX_BUG_H

#include <stdlib.h>

#include <linux/compiler.h>
#include <libcdev/printk.h>

#define BUG()                                                                            \
	do {                                                                             \
		printk(KERN_EMERG "BUG at %s:%d in %s()", __FILE__, __LINE__, __func__); \
		abort();                                                                 \
	} while (0)
#define BUG_ON(cond)                \
	do {                        \
		if (unlikely(cond)) \
			BUG();      \
	} while (0)

#define WARN(cond, fmt, ...)                                                                      \
	__extension__({                                                                           \
		int __w = !!(cond);                                                               \
		if (unlikely(__w))                                                                \
			printk(KERN_WARNING "WARNING at %s:%d in %s(): " fmt, __FILE__, __LINE__, \
			       __func__, ##__VA_ARGS__);                                          \
		unlikely(__w);                                                                    \
	})
#define WARN_ON(cond) WARN(cond, "%s", #cond)
#define WARN_ONCE(cond, fmt, ...)                                                          \
	__extension__({                                                                    \
		static int __warned;                                                       \
		int __w = !!(cond);                                                        \
		if (unlikely(__w) && !__atomic_exchange_n(&__warned, 1, __ATOMIC_RELAXED)) \
			WARN(1, fmt, ##__VA_ARGS__);                                       \
		unlikely(__w);                                                             \
	})
#define WARN_ON_ONCE(cond) WARN_ONCE(cond, "%s", #cond)

#define BUILD_BUG_ON_MSG(cond, msg) _Static_assert(!(cond), msg)
#define BUILD_BUG_ON(cond)	    BUILD_BUG_ON_MSG(cond, "BUILD_BUG_ON failed: " #cond)
#define BUILD_BUG_ON_ZERO(e)	    ((int)(sizeof(struct { int : (-!!(e)); })))
#define static_assert(expr, ...)    _Static_assert(expr, #expr)

#endif
