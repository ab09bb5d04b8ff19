/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the files of kernel/ share: the per-thread context count
 * (the kernel's preempt_count), the names of callbacks for reports, what a
 * module left running at unload, the rule checks' counters, and the module
 * loader's reading of module files.
 *
 * Included by: the files of libcdev/kernel/ and its subfolders only.
 */
#ifndef LIBCDEV_KERNEL_INTERNAL_H
#define LIBCDEV_KERNEL_INTERNAL_H

#include <stdbool.h>

#include <libcdev/kdefer.h>

/* Contexts a thread is in, as bits of the kernel's preempt_count. */
enum kcontext {
	KCONTEXT_SOFTIRQ, /* a timer callback or a tasklet */
	KCONTEXT_HARDIRQ, /* the hard part of an IRQ handler */
	KCONTEXT_PREEMPT, /* preempt_disable() */
	KCONTEXTS
};

void kcontext_enter(enum kcontext ctx);
void kcontext_exit(enum kcontext ctx);

/* The name of the function at @fn (its symbol), or its address: the kernel's %ps. */
void kdefer_fn_name(const void *fn, char *buf, size_t size);

/* Each module's share of libcdev_module_defer_stop(). */
int timers_module_stop(struct module *mod);
int workqueues_module_stop(struct module *mod);
int kthreads_module_stop(struct module *mod, bool *keep_mapped);
/* IRQ lines a module left requested (irq/manage.c). */
int irqs_module_stop(struct module *mod);

/* The queue schedule() without a queue of its own sleeps on, for this thread (semaphore.c). */
void sched_set_own_queue(wait_queue_head_t *wq);

/*
 * `jiffies` (time/jiffies.c): jiffies_update() stores the clock's value and
 * returns it (jiffies_touch() is in core.h).
 */
unsigned long jiffies_update(void);

/* Whether @t is a delayed work's timer; *@fn is then the work's function. */
bool timer_is_delayed_work(const struct timer_list *t, work_func_t *fn);

/* The softirq thread's wait for a running timer or tasklet to end. */
bool softirq_on_this_thread(void);

/* The kernel's rules, checked (checks.c). */
enum kcheck_kind {
	KCHECK_SLEEP,	   /* sleeping in atomic context */
	KCHECK_LOCK_HELD,  /* a lock held when a file operation or callback returned */
	KCHECK_BAD_UNLOCK, /* a lock released by a thread that does not hold it */
	KCHECK_DEFERRED,   /* timers, works, threads left at unload */
	KCHECK_LEAK,	   /* kmalloc() memory not freed at unload */
	KCHECK_KINDS
};

void kcheck_count(enum kcheck_kind kind, unsigned int n);
unsigned int kcheck_spinlocks_held(void);
/* The summary at unload; -ENOTRECOVERABLE in strict mode when there were problems. */
int kcheck_module_unload(struct module *mod, unsigned int deferred_left);

/* ---- modules (kernel/module/, kernel/params.c, kernel/printk/) ---- */

/* Called for each symbol a module needs; a non-zero return stops the walk with it. */
typedef int (*module_symbol_fn)(const char *name, bool weak, void *data);

/*
 * Call @fn for each undefined symbol of the dynamic symbol table of the
 * 64-bit ELF shared object @path (elf.c, libcdev_module_info_next_needed()).
 * Return: 0, what @fn returned, -ENOEXEC (not a well-formed ELF64 shared
 * object) or -errno of opening it.
 */
int module_each_needed_symbol(const char *path, module_symbol_fn fn, void *data);

/*
 * Whether the module @path says (MODULE_LICENSE, in .modinfo) it is under a
 * GPL-compatible licence, as the kernel decides it: 1, 0, or -errno.
 */
int module_license_gpl(const char *path);

/* The name of the loaded module whose code is at @addr, or NULL. */
const char *module_name_of_code(const void *addr);

struct module;

/* Whether other loaded modules use @mod's exports (loader.c); they go first. */
bool loader_has_holders(const struct module *mod);

/* printk() lines start with this module name (printk.c). */
void printk_set_prefix(const char *name);

#endif
