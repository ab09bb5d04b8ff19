/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kprobes.h>: probes on any instruction of the
 * kernel. Planting one means writing a breakpoint into running code and
 * stepping the instruction it covers out of line: user space cannot do that
 * safely to its own text. So the calls are those of a kernel built without
 * CONFIG_KPROBES: registering fails with -EOPNOTSUPP and no handler is ever
 * called (libcdev-kernel(7), "Instrumentation"). The symbols a probe names
 * are the process's (<linux/kallsyms.h>).
 */
#ifndef LIBCDEV_KERNEL_LINUX_KPROBES_H
#define LIBCDEV_KERNEL_LINUX_KPROBES_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/errno.h>
#include <linux/kallsyms.h>
#include <linux/list.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/types.h>

/* The calls take the kernel's arguments; the stubs among them use none. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

/* Sections of code no probe may go in: nothing to keep out here. */
#define __kprobes
#define NOKPROBE_SYMBOL(fname)
#define __NOKPROBE_SYMBOL(fname)

#define KPROBE_FLAG_GONE      1
#define KPROBE_FLAG_DISABLED  2
#define KPROBE_FLAG_OPTIMIZED 4
#define KPROBE_FLAG_FTRACE    8

typedef unsigned char kprobe_opcode_t;

struct kprobe;
struct kretprobe_instance;

typedef int (*kprobe_pre_handler_t)(struct kprobe *, struct pt_regs *);
typedef void (*kprobe_post_handler_t)(struct kprobe *, struct pt_regs *, unsigned long flags);
typedef int (*kretprobe_handler_t)(struct kretprobe_instance *, struct pt_regs *);

struct kprobe {
	struct hlist_node hlist;
	struct list_head list;
	unsigned long nmissed;
	kprobe_opcode_t *addr;	 /* where: an address, or */
	const char *symbol_name; /* a symbol and @offset into it */
	unsigned int offset;
	kprobe_pre_handler_t pre_handler;
	kprobe_post_handler_t post_handler;
	kprobe_opcode_t opcode;
	u32 flags;
};

struct kretprobe {
	struct kprobe kp;
	kretprobe_handler_t handler;
	kretprobe_handler_t entry_handler;
	int maxactive;
	int nmissed;
	size_t data_size;
};

struct kretprobe_instance {
	struct kretprobe *rp; /* private */
	kprobe_opcode_t *ret_addr;
	void *fp;
	char data[];
};

static inline struct kretprobe *get_kretprobe(struct kretprobe_instance *ri)
{
	return ri->rp;
}

static inline unsigned long get_kretprobe_retaddr(struct kretprobe_instance *ri)
{
	return (unsigned long)ri->ret_addr;
}

static inline int register_kprobe(struct kprobe *p)
{
	return -EOPNOTSUPP;
}

static inline int register_kprobes(struct kprobe **kps, int num)
{
	return -EOPNOTSUPP;
}

static inline void unregister_kprobe(struct kprobe *p)
{
}

static inline void unregister_kprobes(struct kprobe **kps, int num)
{
}

static inline int register_kretprobe(struct kretprobe *rp)
{
	return -EOPNOTSUPP;
}

static inline int register_kretprobes(struct kretprobe **rps, int num)
{
	return -EOPNOTSUPP;
}

static inline void unregister_kretprobe(struct kretprobe *rp)
{
}

static inline void unregister_kretprobes(struct kretprobe **rps, int num)
{
}

static inline int disable_kprobe(struct kprobe *kp)
{
	return -EOPNOTSUPP;
}

static inline int enable_kprobe(struct kprobe *kp)
{
	return -EOPNOTSUPP;
}

static inline int disable_kretprobe(struct kretprobe *rp)
{
	return disable_kprobe(&rp->kp);
}

static inline int enable_kretprobe(struct kretprobe *rp)
{
	return enable_kprobe(&rp->kp);
}

static inline struct kprobe *get_kprobe(void *addr)
{
	return NULL;
}

static inline struct kprobe *kprobe_running(void)
{
	return NULL;
}

static inline bool kprobe_gone(struct kprobe *p)
{
	return p->flags & KPROBE_FLAG_GONE;
}

static inline bool kprobe_disabled(struct kprobe *p)
{
	return p->flags & (KPROBE_FLAG_DISABLED | KPROBE_FLAG_GONE);
}

static inline bool within_kprobe_blacklist(unsigned long addr)
{
	return true;
}

#pragma GCC diagnostic pop

#endif
