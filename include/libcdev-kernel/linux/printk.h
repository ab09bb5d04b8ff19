/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/printk.h>: printk() with KERN_* levels and the
 * pr_*() family, on the host's standard error (see printk in libcdev(7)):
 * one line per call, KERN_DEBUG only with LIBCDEV_LOG=debug. pr_cont()
 * cannot continue a line written already: it writes a line of its own.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PRINTK_H
#define LIBCDEV_KERNEL_LINUX_PRINTK_H

#include <linux/compiler.h>
#include <libcdev/printk.h>

#define KERN_CONT	 ""
#define LOGLEVEL_EMERG	 0
#define LOGLEVEL_ALERT	 1
#define LOGLEVEL_CRIT	 2
#define LOGLEVEL_ERR	 3
#define LOGLEVEL_WARNING 4
#define LOGLEVEL_NOTICE	 5
#define LOGLEVEL_INFO	 6
#define LOGLEVEL_DEBUG	 7

/* The calling thread's stack, symbolised (lib/dump_stack.c; <libcdev/instrument.h>). */
void dump_stack(void);

#define pr_warning(fmt, ...) pr_warn(fmt, ##__VA_ARGS__)
#define pr_cont(fmt, ...)    printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_devel(fmt, ...)   no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
/* Format-checked, never printed: the kernel's way to keep dead messages compiling. */
#define no_printk(fmt, ...)                         \
	__extension__({                             \
		if (0)                              \
			printk(fmt, ##__VA_ARGS__); \
		0;                                  \
	})

#define printk_once(fmt, ...)                                                 \
	__extension__({                                                       \
		static int __print_once;                                      \
		int __ret = 0;                                                \
		if (!__atomic_exchange_n(&__print_once, 1, __ATOMIC_RELAXED)) \
			__ret = printk(fmt, ##__VA_ARGS__);                   \
		__ret;                                                        \
	})
#define pr_emerg_once(fmt, ...)	 printk_once(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err_once(fmt, ...)	 printk_once(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn_once(fmt, ...)	 printk_once(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice_once(fmt, ...) printk_once(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_once(fmt, ...)	 printk_once(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug_once(fmt, ...)	 printk_once(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)

/* No rate limit here: a user-space host can afford every line. */
#define printk_ratelimited(fmt, ...)   printk(fmt, ##__VA_ARGS__)
#define pr_err_ratelimited(fmt, ...)   pr_err(fmt, ##__VA_ARGS__)
#define pr_warn_ratelimited(fmt, ...)  pr_warn(fmt, ##__VA_ARGS__)
#define pr_info_ratelimited(fmt, ...)  pr_info(fmt, ##__VA_ARGS__)
#define pr_debug_ratelimited(fmt, ...) pr_debug(fmt, ##__VA_ARGS__)

#endif
