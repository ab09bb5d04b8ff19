/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the kernel's deferred work: timers (include/linux/timer.h),
 * tasklets (interrupt.h), work queues (workqueue.h) and kernel threads
 * (kthread.h), each run on real threads of the driver's process.
 *
 * Timer callbacks and tasklets run one at a time on one thread, the
 * process's "softirq" thread, in atomic context (in_atomic() is true there,
 * and the checks of libcdev-kernel(7) report sleeping); work items run on the
 * worker threads of their work queue and kernel threads on threads of their
 * own, both in process context, where sleeping is allowed.
 *
 * Each object records the module that set it up (THIS_MODULE, passed by the
 * kernel-compatible headers), so unloading a module can cancel and wait for
 * what its exit function left running, and say so.
 *
 * Not in <libcdev/libcdev.h>; the kernel-compatible headers
 * <linux/timer.h>, <linux/workqueue.h>, <linux/kthread.h> and
 * <linux/interrupt.h> carry the kernel's spellings.
 */
#ifndef LIBCDEV_KDEFER_H
#define LIBCDEV_KDEFER_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h> /* before the timer_delete macro below: POSIX has one too */

#include <libcdev/ksync.h>
#include <libcdev/module.h>
#include <libcdev/names.h>
#include <libcdev/sched.h>

/* ---- atomic context ---- */

/** in_atomic - true in a timer callback, a tasklet or an IRQ handler (and under a spinlock) */
bool libcdev_in_atomic(void);
/** libcdev_in_softirq - true in a timer callback or a tasklet */
bool libcdev_in_softirq(void);
/** libcdev_in_hardirq - true in the hard part of an interrupt handler */
bool libcdev_in_hardirq(void);

/* ---- timers ---- */

struct timer_list {
	struct timer_list *next; /* private: the list of pending timers */
	unsigned long expires;	 /* in jiffies (INITIAL_JIFFIES + ms of the monotonic clock) */
	void (*function)(struct timer_list *);
	unsigned int flags;
	struct module *owner; /* private */
	int pending;	      /* private, under the timer lock */
};

#define TIMER_DEFERRABLE 0x00080000
#define TIMER_PINNED	 0x00100000
#define TIMER_IRQSAFE	 0x00200000

/** libcdev_timer_setup - what timer_setup() does, for @owner */
void libcdev_timer_setup(struct timer_list *timer, void (*fn)(struct timer_list *),
			 unsigned int flags, struct module *owner);
/** mod_timer - (re)arm @timer to fire at @expires; 1 if it was pending, else 0 */
int mod_timer(struct timer_list *timer, unsigned long expires);
/** add_timer - arm @timer at its ->expires */
void add_timer(struct timer_list *timer);
/** timer_pending - whether @timer is armed and has not fired yet */
int timer_pending(const struct timer_list *timer);
/**
 * timer_delete - disarm @timer; 1 if it was pending. A running callback goes on.
 *
 * POSIX's timer_delete(timer_t) has the name in <time.h>: the kernel's is a
 * macro over libcdev_timer_delete(), defined after <time.h> was read.
 */
int libcdev_timer_delete(struct timer_list *timer);
#define timer_delete(timer) libcdev_timer_delete(timer)
/**
 * timer_delete_sync - disarm @timer and wait for its running callback to end
 *
 * Return: 1 if it was pending, else 0. Called from the callback itself, it
 * does not wait (the kernel would deadlock there).
 */
int timer_delete_sync(struct timer_list *timer);
/** timer_shutdown_sync - timer_delete_sync(), and later mod_timer() calls do nothing */
int timer_shutdown_sync(struct timer_list *timer);

/* ---- tasklets ---- */

struct tasklet_struct {
	struct tasklet_struct *next; /* private: the list of scheduled tasklets */
	unsigned long state;	     /* private: TASKLET_STATE_* bits */
	int count;		     /* disable count, atomic */
	bool use_callback;
	/* A union in the kernel; two members here, so the header stays C99. */
	void (*func)(unsigned long data);
	void (*callback)(struct tasklet_struct *t);
	unsigned long data;
	struct module *owner; /* private */
};

enum {
	TASKLET_STATE_SCHED, /* scheduled to run */
	TASKLET_STATE_RUN,   /* running */
};

void libcdev_tasklet_setup(struct tasklet_struct *t, void (*callback)(struct tasklet_struct *),
			   struct module *owner);
void libcdev_tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data,
			  struct module *owner);
/** tasklet_schedule - run @t once on the softirq thread (once more if it is running) */
void tasklet_schedule(struct tasklet_struct *t);
void tasklet_hi_schedule(struct tasklet_struct *t);
/** tasklet_kill - wait until @t is neither scheduled nor running */
void tasklet_kill(struct tasklet_struct *t);
/** tasklet_disable - keep @t from running (it stays scheduled); waits for a running one */
void tasklet_disable(struct tasklet_struct *t);
void tasklet_disable_nosync(struct tasklet_struct *t);
void tasklet_enable(struct tasklet_struct *t);

/* ---- work queues ---- */

struct workqueue_struct;
struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	struct work_struct *next; /* private: the queue's list */
	work_func_t func;
	struct module *owner;	     /* private */
	struct workqueue_struct *wq; /* private: where it was last queued */
	int pending;		     /* private: 0, or waiting for its timer, or queued */
	int canceling;		     /* private: cancel_work_sync() runs, queueing fails */
	unsigned long wq_seq;	     /* private: its place in the queue's order */
};

struct delayed_work {
	struct work_struct work;
	struct timer_list timer;
	struct workqueue_struct *wq; /* private: the queue the timer queues it on */
};

#define WQ_UNBOUND	   (1 << 1)
#define WQ_FREEZABLE	   (1 << 2)
#define WQ_MEM_RECLAIM	   (1 << 3)
#define WQ_HIGHPRI	   (1 << 4)
#define WQ_CPU_INTENSIVE   (1 << 5)
#define WQ_SYSFS	   (1 << 6)
#define WQ_POWER_EFFICIENT (1 << 7)
#define __WQ_ORDERED	   (1 << 17)
/* Threads one queue may run at once when its user asks for the default (0). */
#define WQ_DFL_ACTIVE	   16
#define WQ_MAX_ACTIVE	   512

extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_highpri_wq;
extern struct workqueue_struct *system_long_wq;
extern struct workqueue_struct *system_unbound_wq;
extern struct workqueue_struct *system_freezable_wq;
extern struct workqueue_struct *system_power_efficient_wq;

void libcdev_init_work(struct work_struct *work, work_func_t func, struct module *owner);
void libcdev_init_delayed_work(struct delayed_work *dwork, work_func_t func, struct module *owner);
/** delayed_work_timer_fn - the timer function of every delayed work: queues it */
void delayed_work_timer_fn(struct timer_list *t);
/**
 * libcdev_alloc_workqueue - alloc_workqueue() with the name already formatted
 * @max_active: worker threads at most (0: WQ_DFL_ACTIVE; 1 with __WQ_ORDERED: one at a time, in order)
 */
struct workqueue_struct *libcdev_alloc_workqueue(const char *name, unsigned int flags,
						 int max_active, struct module *owner);
/** destroy_workqueue - drain @wq (works that requeue themselves included), stop its threads, free it */
void destroy_workqueue(struct workqueue_struct *wq);
/** queue_work - queue @work on @wq; false if it was already pending */
bool queue_work(struct workqueue_struct *wq, struct work_struct *work);
/** flush_work - wait for the instance of @work queued last; true if it had to wait */
bool flush_work(struct work_struct *work);
/** cancel_work_sync - dequeue @work and wait for a running instance; true if it was pending */
bool cancel_work_sync(struct work_struct *work);
/** cancel_work - dequeue @work without waiting; true if it was pending */
bool cancel_work(struct work_struct *work);
/** work_pending - whether @work is queued and has not started */
bool work_pending(const struct work_struct *work);
/** work_busy - WORK_BUSY_PENDING and/or WORK_BUSY_RUNNING */
unsigned int work_busy(struct work_struct *work);
#define WORK_BUSY_PENDING (1 << 0)
#define WORK_BUSY_RUNNING (1 << 1)
/** flush_workqueue - wait for every work queued on @wq before the call */
void flush_workqueue(struct workqueue_struct *wq);
/** drain_workqueue - flush @wq until it is empty, works that requeue themselves included */
void drain_workqueue(struct workqueue_struct *wq);
/** queue_delayed_work - queue @dwork on @wq after @delay jiffies; false if already pending */
bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			unsigned long delay);
/** mod_delayed_work - as queue_delayed_work(), or move a pending one's time; false if it was idle */
bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork, unsigned long delay);
bool cancel_delayed_work(struct delayed_work *dwork);
bool cancel_delayed_work_sync(struct delayed_work *dwork);
/** flush_delayed_work - queue a waiting @dwork at once and wait for it */
bool flush_delayed_work(struct delayed_work *dwork);
bool delayed_work_pending(const struct delayed_work *dwork);

/* ---- kernel threads ---- */

/**
 * libcdev_kthread_create - what kthread_create() does, for @owner
 *
 * The thread is created stopped: wake_up_process() starts @threadfn(@data).
 * Return: the thread's task, or ERR_PTR(-ENOMEM)/ERR_PTR(-EAGAIN).
 */
struct task_struct *libcdev_kthread_create(struct module *owner, int (*threadfn)(void *data),
					   void *data, const char *name);
/** kthread_stop - make kthread_should_stop() true, wake @k and wait for its end; its return value */
int kthread_stop(struct task_struct *k);
/** kthread_should_stop - true once kthread_stop() was called for this thread */
bool kthread_should_stop(void);
/** kthread_complete_and_exit - complete @comp (if any) and end this kernel thread with @code */
void kthread_complete_and_exit(struct completion *comp, long code) __attribute__((noreturn));
/** kthread_exit - end this kernel thread with @code */
void kthread_exit(long code) __attribute__((noreturn));
/**
 * wake_up_process - start a kernel thread created stopped, or end the sleep of
 * schedule()/wait_event*() of @p
 *
 * Return: 1 if it woke something, 0 if @p was running.
 */
int wake_up_process(struct task_struct *p);

/*
 * libcdev_module_defer_stop - cancel and wait for what @mod left running:
 * pending timers and tasklets, queued and running works, work queues not
 * destroyed, kernel threads not stopped. Each is reported with the callback's
 * name. Called by the loader after the module's exit function.
 *
 * Return: how many were found; a kernel thread that would not stop counts
 * and makes *@keep_mapped true (its code must stay mapped).
 */
int libcdev_module_defer_stop(struct module *mod, bool *keep_mapped);

#endif
