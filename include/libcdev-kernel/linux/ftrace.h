/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/ftrace.h>: function tracing's structures and
 * direct calls. The kernel attaches a trampoline by patching the nop that
 * -mfentry left at a function's entry; user space does not rewrite running
 * code. Instead the library's traceable functions (wake_up_process(),
 * schedule(), ...) are built with that entry call in place: their first
 * instruction is a 5-byte call to a stub of their own that jumps through a
 * slot, a plain return until register_ftrace_direct() points it at the
 * trampoline. A trampoline written for x86-64 ftrace runs unchanged: it is
 * entered with the function's argument registers, its return address is
 * the function + MCOUNT_INSN_SIZE, and it returns into the function.
 * Unregistering returns once no thread is still in the trampoline, so the
 * module can go. Any other address is no ftrace location: -ENODEV by
 * address, -EINVAL from ftrace_set_filter_ip(), as the kernel's
 * ftrace_location() check (libcdev-kernel(7), "Instrumentation").
 *
 * Both forms of the direct call API: 6.1's, by address
 * (register_ftrace_direct(ip, addr) and the _multi calls on an ftrace_ops),
 * and 6.6's, on an ftrace_ops (register_ftrace_direct(ops, addr)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_FTRACE_H
#define LIBCDEV_KERNEL_LINUX_FTRACE_H

#include <linux/errno.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/ptrace.h>
#include <linux/trace_printk.h>
#include <linux/types.h>
#include <libcdev/ftrace.h>

/* The calls take the kernel's arguments; the stubs among them use none. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#define ftrace_direct_func_count 0

/* 6.6's on an ftrace_ops: 6.1's _multi calls; unregister may free the filter. */
static inline int __libcdev_ftrace_direct_unregister_ops(struct ftrace_ops *ops, unsigned long addr,
							 bool free_filters)
{
	int ret = unregister_ftrace_direct_multi(ops, addr);

	if (free_filters)
		ftrace_free_filter(ops);
	return ret;
}

/* The arguments after an address, or (6.6) after an ftrace_ops. */
#define __libcdev_ftrace_ops_or_ip(x, ops_fn, ip_fn) \
	_Generic((x), struct ftrace_ops * : ops_fn, default : ip_fn)
#define register_ftrace_direct(ip_or_ops, addr)                             \
	__libcdev_ftrace_ops_or_ip(ip_or_ops, register_ftrace_direct_multi, \
				   libcdev_ftrace_direct_register)(ip_or_ops, addr)
#define unregister_ftrace_direct(ip_or_ops, addr, ...)                                \
	__libcdev_ftrace_ops_or_ip(ip_or_ops, __libcdev_ftrace_direct_unregister_ops, \
				   libcdev_ftrace_direct_unregister)(ip_or_ops, addr, \
								     ##__VA_ARGS__)
/* 6.1: (ip, old_addr, new_addr); 6.6: (ops, addr). */
#define modify_ftrace_direct(ip_or_ops, ...)                              \
	__libcdev_ftrace_ops_or_ip(ip_or_ops, modify_ftrace_direct_multi, \
				   libcdev_ftrace_direct_modify)(ip_or_ops, __VA_ARGS__)
#define modify_ftrace_direct_nolock(ops, addr) modify_ftrace_direct_multi_nolock(ops, addr)

/* Filters by name need the kernel's function list: none here, -ENODEV. */
static inline int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len, int reset)
{
	return -ENODEV;
}

/* Whether the function tracer runs: never here. */
static inline int ftrace_is_dead(void)
{
	return 0;
}

#pragma GCC diagnostic pop

#endif
