/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - ftrace's direct calls, after include/linux/ftrace.h: a
 * trampoline attached to one of the library's direct-call sites
 * (wake_up_process(), schedule(), ...) is called from the function's first
 * instruction, as x86-64 ftrace calls it (libcdev-kernel(7),
 * "Instrumentation").
 *
 * Not in <libcdev/libcdev.h>; <linux/ftrace.h> of libcdev-kernel carries
 * the kernel's macros.
 */
#ifndef LIBCDEV_FTRACE_H
#define LIBCDEV_FTRACE_H

#include <libcdev/ksync.h>
#include <libcdev/names.h>

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
	unsigned long *filter_ips; /* private: ftrace_set_filter_ip()'s sites */
	unsigned int nr_filter_ips;
};

/* The entry call's size: a trampoline's return address is the function + this. */
#define MCOUNT_INSN_SIZE 5

/* The start of the direct-call site covering @ip, or 0. */
unsigned long ftrace_location(unsigned long ip);
unsigned long ftrace_find_rec_direct(unsigned long ip);

/* 6.1's, by address (libcdev's names: the kernel's are the macros below). */
int libcdev_ftrace_direct_register(unsigned long ip, unsigned long addr);
int libcdev_ftrace_direct_unregister(unsigned long ip, unsigned long addr);
int libcdev_ftrace_direct_modify(unsigned long ip, unsigned long old_addr, unsigned long new_addr);

int register_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr);
int unregister_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct_multi_nolock(struct ftrace_ops *ops, unsigned long addr);

int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove, int reset);
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips, unsigned int cnt, int remove,
			  int reset);
void ftrace_free_filter(struct ftrace_ops *ops);

#endif
