/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - rethook (the kernel's kernel/trace/rethook.c): a hook on the
 * return of a call a probe saw enter. The probe takes a node from its
 * rethook's pool (none left: the call is missed, as the kernel counts it),
 * and rethook_hook() swaps the call's return address for the return
 * trampoline's; when the function returns there, the rethook's handler
 * runs with the registers, and the node goes back to the pool.
 *
 * Included by: kernel/kprobes.c, kernel/trace/fprobe.c, kernel/trace/rethook.c.
 */
#ifndef LIBCDEV_KERNEL_TRACE_RETHOOK_H
#define LIBCDEV_KERNEL_TRACE_RETHOOK_H

#include <stddef.h>

struct pt_regs;
struct rethook;

struct rethook_node {
	struct rethook *rethook;
	struct rethook_node *next; /* in the pool, or in this thread's hooked calls */
	unsigned long ret_addr;	   /* where the call returns to */
	unsigned long frame;	   /* where its return address was */
	char data[] __attribute__((aligned(16)));
};

typedef void (*rethook_handler_t)(struct rethook_node *node, void *data, struct pt_regs *regs);

/* A rethook of @num nodes with @size bytes of data each, calling @handler(node, @data, regs). */
struct rethook *rethook_alloc(void *data, rethook_handler_t handler, size_t size, int num);
/* No handler runs from here on: returns once none still does (but in this thread). */
void rethook_free(struct rethook *rh);
/* A node from the pool, or NULL if every one is in flight. */
struct rethook_node *rethook_try_get(struct rethook *rh);
/* Back to the pool, unhooked. */
void rethook_recycle(struct rethook_node *node);
/* Hook the return of the call whose return address is at @regs->sp (its first instruction's). */
void rethook_hook(struct rethook_node *node, struct pt_regs *regs);

#endif
