/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the library's side of <linux/kprobes.h> and <linux/fprobe.h>:
 * kprobes, kretprobes and fprobes on the library's traceable functions.
 *
 * The kernel plants a kprobe by writing a breakpoint into running code, or,
 * on a function's first instruction, through ftrace. Here only the second
 * kind exists: a probe goes on the entry of a direct-call site (a traceable
 * function, libcdev-kernel(7), "INSTRUMENTATION"), whose entry call already
 * leads to a slot; its handlers run there with the registers the function
 * was entered with, and a return probe's when it returns.
 */
#ifndef LIBCDEV_KPROBES_H
#define LIBCDEV_KPROBES_H

#include <stddef.h>
#include <stdint.h>

#include <libcdev/ftrace.h>
#include <libcdev/list_head.h>
#include <libcdev/names.h>
#include <libcdev/ptrace.h>

#define KPROBE_FLAG_GONE      1
#define KPROBE_FLAG_DISABLED  2
#define KPROBE_FLAG_OPTIMIZED 4
#define KPROBE_FLAG_FTRACE    8

typedef unsigned char kprobe_opcode_t;

struct kprobe;
struct kretprobe_instance;
struct rethook;

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
	uint32_t flags;
};

struct kretprobe {
	struct kprobe kp;
	kretprobe_handler_t handler;
	kretprobe_handler_t entry_handler;
	int maxactive; /* calls in flight at once; 0 for the kernel's default */
	int nmissed;
	size_t data_size;
	struct rethook *rh; /* private */
};

struct kretprobe_instance {
	struct kretprobe *rp; /* private */
	kprobe_opcode_t *ret_addr;
	void *fp; /* the frame: where the return address was */
	char data[] __attribute__((aligned(16)));
};

struct fprobe {
	struct ftrace_ops ops; /* private: its sites in filter_ips, probes in private */
	unsigned long nmissed;
	unsigned int flags;
	struct rethook *rethook;
	size_t entry_data_size;
	int nr_maxactive;
	void (*entry_handler)(struct fprobe *fp, unsigned long entry_ip, struct pt_regs *regs,
			      void *entry_data);
	void (*exit_handler)(struct fprobe *fp, unsigned long entry_ip, struct pt_regs *regs,
			     void *entry_data);
};

#define FPROBE_FL_DISABLED	1
#define FPROBE_FL_KPROBE_SHARED 2

/*
 * register_kprobe - plant @p at @p->addr, or at @p->symbol_name + @p->offset
 *
 * Return: 0; -EINVAL for both or neither given, a probe already planted, or
 * an address that is not the entry of a traceable function (offset 0);
 * -ENOENT for a symbol kallsyms does not know; -EBUSY while an ftrace
 * direct trampoline holds the function.
 */
int register_kprobe(struct kprobe *p);
int register_kprobes(struct kprobe **kps, int num);
/* Returns once no handler of @p runs, but in the caller's own thread. */
void unregister_kprobe(struct kprobe *p);
void unregister_kprobes(struct kprobe **kps, int num);
int disable_kprobe(struct kprobe *kp);
int enable_kprobe(struct kprobe *kp);
/* The first probe planted at @addr, or NULL. */
struct kprobe *get_kprobe(void *addr);
/* The probe whose handler this thread runs, or NULL. */
struct kprobe *kprobe_running(void);

/* As register_kprobe(), and the function's return is probed too: -ENOMEM for no room. */
int register_kretprobe(struct kretprobe *rp);
int register_kretprobes(struct kretprobe **rps, int num);
void unregister_kretprobe(struct kretprobe *rp);
void unregister_kretprobes(struct kretprobe **rps, int num);

/*
 * register_fprobe - probe every traceable function whose name matches the
 * glob @filter and not @notfilter: -EINVAL if none does.
 */
int register_fprobe(struct fprobe *fp, const char *filter, const char *notfilter);
/* The functions at @addrs: -EINVAL if one is not traceable. */
int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs, int num);
/* The functions named @syms: -ENOENT if kallsyms does not know one. */
int register_fprobe_syms(struct fprobe *fp, const char **syms, int num);
/* -EINVAL if @fp is not registered. */
int unregister_fprobe(struct fprobe *fp);

#endif
