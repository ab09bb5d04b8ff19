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

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

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
/* The hardirq thread (irq/manage.c): started if need be, and woken for the irq_work queue. */
int hardirq_kick(void);
/* The irq_work queue (irq_work.c): whether it holds work; run it, on the hardirq thread. */
bool irq_work_pending(void);
void irq_work_run(void);
/* IRQ lines a module left requested (irq/manage.c). */
int irqs_module_stop(struct module *mod);
/* IRQ domains a module left registered (irq/irqdomain.c). */
int irq_domains_module_stop(struct module *mod);

/*
 * The kernel's struct kernel_clone_args, for the one kind of task cloned
 * here (fork.c): a kernel thread, run as a POSIX thread of this process,
 * which kernel_clone() leaves in @thread.
 */
struct kernel_clone_args {
	uint64_t flags;
	int exit_signal;
	int kthread;
	int (*fn)(void *arg);
	void *fn_arg;
	pthread_t thread;
};

pid_t kernel_clone(struct kernel_clone_args *args);

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
/*
 * The summary at unload; -ENOTRECOVERABLE in strict mode when there were
 * problems. What a @permanent module (init, no exit) holds is not one.
 */
int kcheck_module_unload(struct module *mod, unsigned int deferred_left, bool permanent);

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
/* The loaded module whose file is @path, or NULL (loader.c, for kallsyms.c). */
struct module *loader_module_of_file(const char *path);
/* @name in any loaded module, RTLD_LOCAL ones included, or NULL. */
void *loader_dlsym_any(const char *name);

/* printk() lines start with this module name (printk.c). */
void printk_set_prefix(const char *name);
/* Whether @addr is in the code of the loaded module @mod. */
bool module_owns_code(const struct module *mod, const void *addr);

/* ---- tracing (tracepoint.c, trace/) ---- */

struct trace_event_call;

/* Probes a module left on the library's tracepoints, unregistered at its unload. */
int tracepoints_module_stop(struct module *mod);
/* Events a module defined, disabled and taken away at its unload. */
int trace_events_module_stop(struct module *mod);
/*
 * Make the files of tracefs that are still to be made, once anything traces
 * (an event is listed, a line was written, an instance made): in process
 * context, never atomic. Called around each module's init.
 */
void trace_publish(void);
/* The events LIBCDEV_TRACE names, enabled in the top-level buffer once listed (at trace_publish()). */
void trace_events_env_apply(void);
/* Whether any trace event is listed. */
bool trace_events_any(void);
/* The files of the events that have none yet: made at trace_publish(), removed with the event. */
void trace_event_files_add(void);
/* The instance of index @i (0: the top level) records the event's text; under no lock. */
void trace_instance_write(unsigned int i, const char *func, const char *text);
/* A trace_printk() line from the code at @ip in the instance of index @i. */
void trace_printk_to(unsigned int i, unsigned long ip, const char *fmt, va_list ap);
/* trace_array_set_clr_event() on the instance of index @i. */
int trace_event_set(unsigned int i, const char *system, const char *event, bool enable);
/* Write what the instance of index @i has enabled, "system:event" lines, into @buf. */
size_t trace_events_enabled(unsigned int i, char *buf, size_t size);
/* At an instance's removal: its events off. */
void trace_events_instance_gone(unsigned int i);
/* Whether LIBCDEV_TRACE (a list of system:event, globs allowed) names @system:@event. */
bool trace_env_match(const char *list, const char *system, const char *event);
/*
 * The library's tracepoints, fired where it has a matching moment: a wake-up
 * of a task (wake_up_process()); a task's sleep in schedule*() (@out: it
 * leaves for the idle task, in @state) and its return from it.
 */
void trace_sched_waking(struct task_struct *p);
void trace_sched_wakeup(struct task_struct *p);
void trace_sched_switch_task(bool out, unsigned int state);

#endif
