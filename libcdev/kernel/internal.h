/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the deferred-work sources share: the per-thread context
 * count (the kernel's preempt_count) and the report of what a module left
 * running at unload.
 */
#ifndef LIBCDEV_KDEFER_PRIVATE_H
#define LIBCDEV_KDEFER_PRIVATE_H

#include <libcdev/kdefer.h>

/* Contexts a thread is in, as bits of the kernel's preempt_count. */
enum kcontext {
	KCONTEXT_SOFTIRQ,	/* a timer callback or a tasklet */
	KCONTEXT_HARDIRQ,	/* the hard part of an IRQ handler */
};

void kcontext_enter(enum kcontext ctx);
void kcontext_exit(enum kcontext ctx);

/* The name of the function at @fn (its symbol), or its address: the kernel's %ps. */
void kdefer_fn_name(const void *fn, char *buf, size_t size);

/* Each module's share of libcdev_module_defer_stop(). */
int timers_module_stop(struct module *mod);
int workqueues_module_stop(struct module *mod);
int kthreads_module_stop(struct module *mod, bool *keep_mapped);
/* Platform drivers a module left registered (platform.c). */
int platform_module_stop(struct module *mod);
/* IRQ lines a module left requested (irq.c). */
int irqs_module_stop(struct module *mod);
/* /proc entries a module left (fs/proc.c). */
int proc_module_stop(struct module *mod);

/* The queue schedule() without a queue of its own sleeps on, for this thread (ksync.c). */
void sched_set_own_queue(wait_queue_head_t *wq);

/* Milliseconds of the monotonic clock: the value of `jiffies`. */
unsigned long kdefer_jiffies(void);

/* Whether @t is a delayed work's timer; *@fn is then the work's function. */
bool timer_is_delayed_work(const struct timer_list *t, work_func_t *fn);

/* The softirq thread's wait for a running timer or tasklet to end. */
bool softirq_on_this_thread(void);

/* The kernel's rules, checked (kcheck.c). */
enum kcheck_kind {
	KCHECK_SLEEP,		/* sleeping in atomic context */
	KCHECK_LOCK_HELD,	/* a lock held when a file operation or callback returned */
	KCHECK_BAD_UNLOCK,	/* a lock released by a thread that does not hold it */
	KCHECK_DEFERRED,	/* timers, works, threads left at unload */
	KCHECK_LEAK,		/* kmalloc() memory not freed at unload */
	KCHECK_KINDS
};

void kcheck_count(enum kcheck_kind kind, unsigned int n);
unsigned int kcheck_spinlocks_held(void);
/* After a driver's function @fn (a file operation, a callback) returned: locks left held. */
void kcheck_on_return(const char *what, const void *fn);
/* The summary at unload; -ENOTRECOVERABLE in strict mode when there were problems. */
int kcheck_module_unload(struct module *mod, unsigned int deferred_left);

#endif
