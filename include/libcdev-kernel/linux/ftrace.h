/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/ftrace.h>: function tracing's structures and
 * calls, as a kernel built without dynamic ftrace and its direct calls has
 * them. Attaching to a function means patching the nops the compiler left
 * at its entry (-mfentry): running code rewritten, which user space cannot
 * do safely. So registering a direct call fails as the kernel's own stubs
 * fail (-ENOTSUPP for one address, -ENODEV for an ftrace_ops), and setting
 * a filter is -ENODEV (libcdev-kernel(7), "Instrumentation").
 *
 * Both forms of the direct call API compile: 6.1's, by address
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

/* The calls take the kernel's arguments; the stubs among them use none. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

struct ftrace_ops;
struct ftrace_regs;
struct ftrace_hash;

typedef void (*ftrace_func_t)(unsigned long ip, unsigned long parent_ip, struct ftrace_ops *op,
			      struct ftrace_regs *fregs);

enum {
	FTRACE_OPS_FL_ENABLED = 1 << 0,
	FTRACE_OPS_FL_DYNAMIC = 1 << 1,
	FTRACE_OPS_FL_SAVE_REGS = 1 << 2,
	FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED = 1 << 3,
	FTRACE_OPS_FL_RECURSION = 1 << 4,
	FTRACE_OPS_FL_STUB = 1 << 5,
	FTRACE_OPS_FL_INITIALIZED = 1 << 6,
	FTRACE_OPS_FL_DELETED = 1 << 7,
	FTRACE_OPS_FL_ADDING = 1 << 8,
	FTRACE_OPS_FL_REMOVING = 1 << 9,
	FTRACE_OPS_FL_MODIFYING = 1 << 10,
	FTRACE_OPS_FL_ALLOC_TRAMP = 1 << 11,
	FTRACE_OPS_FL_IPMODIFY = 1 << 12,
	FTRACE_OPS_FL_PID = 1 << 13,
	FTRACE_OPS_FL_RCU = 1 << 14,
	FTRACE_OPS_FL_TRACE_ARRAY = 1 << 15,
	FTRACE_OPS_FL_PERMANENT = 1 << 16,
	FTRACE_OPS_FL_DIRECT = 1 << 17,
};

/* A tracer: @func called at the entry of the functions its filter selects. */
struct ftrace_ops {
	ftrace_func_t func;
	struct ftrace_ops *next;
	unsigned long flags;
	void *private;
	ftrace_func_t saved_func;
	struct mutex local_hash_lock; /* private */
	unsigned long trampoline;
	unsigned long trampoline_size;
	unsigned long direct_call; /* 6.6: the direct trampoline */
};

#define ftrace_direct_func_count 0

/* Whether @ops is an ftrace_ops (6.6's call) or an address (6.1's). */
#define __libcdev_is_ftrace_ops(x) _Generic((x), struct ftrace_ops * : 1, default : 0)

/*
 * 6.1: by address, -ENOTSUPP; 6.6: on an ftrace_ops, -ENODEV. A call, as the
 * kernel's stubs are, so that one whose result is ignored (an exit function's
 * unregister) gives no "statement with no effect".
 */
static inline int __libcdev_ftrace_direct_stub(int is_ops, ...)
{
	return is_ops ? -ENODEV : -ENOTSUPP;
}

#define register_ftrace_direct(ip_or_ops, addr) \
	__libcdev_ftrace_direct_stub(__libcdev_is_ftrace_ops(ip_or_ops), ip_or_ops, addr)
#define unregister_ftrace_direct(ip_or_ops, addr, ...) \
	__libcdev_ftrace_direct_stub(__libcdev_is_ftrace_ops(ip_or_ops), ip_or_ops, addr)
/* 6.1: (ip, old_addr, new_addr); 6.6: (ops, addr). */
#define modify_ftrace_direct(ip_or_ops, ...) \
	__libcdev_ftrace_direct_stub(__libcdev_is_ftrace_ops(ip_or_ops), ip_or_ops)
static inline int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	return -ENODEV;
}

static inline int register_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	return -ENODEV;
}

static inline int unregister_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct_multi_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	return -ENODEV;
}

static inline unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	return 0;
}

/* Filters: as without CONFIG_DYNAMIC_FTRACE. */
static inline int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove,
				       int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
					unsigned int cnt, int remove, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len, int reset)
{
	return -ENODEV;
}

static inline void ftrace_free_filter(struct ftrace_ops *ops)
{
}

/* Whether the function tracer runs: never here. */
static inline int ftrace_is_dead(void)
{
	return 0;
}

#pragma GCC diagnostic pop

#endif
