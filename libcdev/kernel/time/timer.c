/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/time/timer.c and kernel/softirq.c:
 * timers and tasklets, run by one "softirq" thread per process.
 *
 * Pending timers are a list sorted by expiry (equal times keep the order
 * they were armed in, as the kernel's wheel does for one bucket); the thread
 * sleeps until the first one is due or a tasklet is scheduled. One lock
 * guards both lists and what the thread runs, so timer_delete_sync() and
 * tasklet_kill() can wait for the end of a running callback: the kernel's
 * rule that after them the callback's memory may be freed.
 */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "core/core.h"
#include "kernel/internal.h"

static pthread_mutex_t softirq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t softirq_kick; /* new first timer or new tasklet */
static pthread_cond_t softirq_done; /* a callback ended */
static bool softirq_started;
static pthread_t softirq_thread;
static struct timer_list *timers; /* pending, by expiry */
static struct tasklet_struct *tasklets, **tasklets_tail = &tasklets;
static const struct timer_list *running_timer;
static const struct tasklet_struct *running_tasklet;

bool softirq_on_this_thread(void)
{
	return softirq_started && pthread_equal(pthread_self(), softirq_thread);
}

static void run_timer(struct timer_list *t)
{
	void (*fn)(struct timer_list *) = t->function;

	running_timer = t;
	pthread_mutex_unlock(&softirq_lock);
	kcontext_enter(KCONTEXT_SOFTIRQ);
	if (fn)
		fn(t);
	kcheck_on_return("timer callback", (const void *)fn);
	kcontext_exit(KCONTEXT_SOFTIRQ);
	pthread_mutex_lock(&softirq_lock);
	running_timer = NULL;
	pthread_cond_broadcast(&softirq_done);
}

static void run_tasklet(struct tasklet_struct *t)
{
	running_tasklet = t;
	t->state |= 1UL << TASKLET_STATE_RUN;
	t->state &= ~(1UL << TASKLET_STATE_SCHED);
	pthread_mutex_unlock(&softirq_lock);
	kcontext_enter(KCONTEXT_SOFTIRQ);
	if (t->use_callback)
		t->callback(t);
	else
		t->func(t->data);
	kcheck_on_return("tasklet",
			 t->use_callback ? (const void *)t->callback : (const void *)t->func);
	kcontext_exit(KCONTEXT_SOFTIRQ);
	pthread_mutex_lock(&softirq_lock);
	t->state &= ~(1UL << TASKLET_STATE_RUN);
	running_tasklet = NULL;
	pthread_cond_broadcast(&softirq_done);
}

/* The first scheduled tasklet that is not disabled, taken off the list. */
static struct tasklet_struct *tasklet_take(void)
{
	struct tasklet_struct **pp, *t;

	for (pp = &tasklets; (t = *pp); pp = &t->next) {
		if (__atomic_load_n(&t->count, __ATOMIC_ACQUIRE))
			continue;
		*pp = t->next;
		if (tasklets_tail == &t->next)
			tasklets_tail = pp;
		t->next = NULL;
		return t;
	}
	return NULL;
}

/* Until the monotonic clock reaches the jiffy @expires (they count from INITIAL_JIFFIES). */
static void sleep_until(unsigned long expires)
{
	unsigned long ms = expires - INITIAL_JIFFIES;
	struct timespec dl = { (time_t)(ms / 1000UL), (long)(ms % 1000UL) * 1000000L };

	pthread_cond_clockwait(&softirq_kick, &softirq_lock, CLOCK_MONOTONIC, &dl);
}

static void *softirq_main(void *arg)
{
	struct tasklet_struct *tl;

	(void)arg;
	pthread_mutex_lock(&softirq_lock);
	for (;;) {
		tl = tasklet_take();
		if (tl) {
			run_tasklet(tl);
			continue;
		}
		if (timers && (long)(jiffies_update() - timers->expires) >= 0) {
			struct timer_list *t = timers;

			timers = t->next;
			t->next = NULL;
			t->pending = 0;
			run_timer(t);
			continue;
		}
		if (timers)
			sleep_until(timers->expires);
		else
			pthread_cond_wait(&softirq_kick, &softirq_lock);
	}
	return NULL;
}

/* Under softirq_lock: the thread exists (started on first use, never stopped). */
static int softirq_start_locked(void)
{
	pthread_attr_t attr;
	int err;

	if (softirq_started)
		return 0;
	pthread_cond_init(&softirq_kick, NULL);
	pthread_cond_init(&softirq_done, NULL);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&softirq_thread, &attr, softirq_main, NULL);
	pthread_attr_destroy(&attr);
	if (err) {
		pr_err_lib("cannot start the thread of timers and tasklets: %s", strerror(err));
		return -err;
	}
	softirq_started = true;
	return 0;
}

/* ---- timers ---- */

_public_ void libcdev_timer_setup(struct timer_list *timer, void (*fn)(struct timer_list *),
				  unsigned int flags, struct module *owner)
{
	timer->next = NULL;
	timer->expires = 0;
	timer->function = fn;
	timer->flags = flags;
	timer->owner = owner;
	timer->pending = 0;
}

static void timer_unlink_locked(struct timer_list *timer)
{
	struct timer_list **pp;

	for (pp = &timers; *pp; pp = &(*pp)->next)
		if (*pp == timer) {
			*pp = timer->next;
			break;
		}
	timer->next = NULL;
	timer->pending = 0;
}

static void timer_insert_locked(struct timer_list *timer)
{
	struct timer_list **pp;

	for (pp = &timers; *pp; pp = &(*pp)->next)
		if ((long)((*pp)->expires - timer->expires) > 0)
			break;
	timer->next = *pp;
	*pp = timer;
	timer->pending = 1;
	if (timers == timer)
		pthread_cond_signal(&softirq_kick);
}

_public_ int mod_timer(struct timer_list *timer, unsigned long expires)
{
	int was;

	jiffies_touch();
	pthread_mutex_lock(&softirq_lock);
	was = timer->pending;
	if (was)
		timer_unlink_locked(timer);
	/* A shut-down timer has no function: the kernel ignores it silently. */
	if (timer->function && softirq_start_locked() == 0) {
		timer->expires = expires;
		timer_insert_locked(timer);
	}
	pthread_mutex_unlock(&softirq_lock);
	return was;
}

_public_ void add_timer(struct timer_list *timer)
{
	mod_timer(timer, timer->expires);
}

_public_ int timer_pending(const struct timer_list *timer)
{
	int p;

	pthread_mutex_lock(&softirq_lock);
	p = timer->pending;
	pthread_mutex_unlock(&softirq_lock);
	return p;
}

_public_ int libcdev_timer_delete(struct timer_list *timer)
{
	int was;

	pthread_mutex_lock(&softirq_lock);
	was = timer->pending;
	if (was)
		timer_unlink_locked(timer);
	pthread_mutex_unlock(&softirq_lock);
	return was;
}

static int timer_delete_wait(struct timer_list *timer, bool shutdown)
{
	int was;

	pthread_mutex_lock(&softirq_lock);
	was = timer->pending;
	if (was)
		timer_unlink_locked(timer);
	if (shutdown)
		timer->function = NULL;
	while (running_timer == timer && !softirq_on_this_thread())
		pthread_cond_wait(&softirq_done, &softirq_lock);
	/* The callback may have re-armed itself before it ended. */
	if (timer->pending) {
		timer_unlink_locked(timer);
		was = 1;
	}
	pthread_mutex_unlock(&softirq_lock);
	return was;
}

_public_ int timer_delete_sync(struct timer_list *timer)
{
	return timer_delete_wait(timer, false);
}

_public_ int timer_shutdown_sync(struct timer_list *timer)
{
	return timer_delete_wait(timer, true);
}

/* ---- tasklets ---- */

_public_ void libcdev_tasklet_setup(struct tasklet_struct *t,
				    void (*callback)(struct tasklet_struct *), struct module *owner)
{
	t->next = NULL;
	t->state = 0;
	t->count = 0;
	t->use_callback = true;
	t->callback = callback;
	t->data = 0;
	t->owner = owner;
}

_public_ void libcdev_tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long),
				   unsigned long data, struct module *owner)
{
	libcdev_tasklet_setup(t, NULL, owner);
	t->use_callback = false;
	t->func = func;
	t->data = data;
}

_public_ void tasklet_schedule(struct tasklet_struct *t)
{
	pthread_mutex_lock(&softirq_lock);
	if (!(t->state & (1UL << TASKLET_STATE_SCHED)) && softirq_start_locked() == 0) {
		t->state |= 1UL << TASKLET_STATE_SCHED;
		t->next = NULL;
		*tasklets_tail = t;
		tasklets_tail = &t->next;
		pthread_cond_signal(&softirq_kick);
	}
	pthread_mutex_unlock(&softirq_lock);
}

_public_ void tasklet_hi_schedule(struct tasklet_struct *t)
{
	tasklet_schedule(t);
}

static void tasklet_unlink_locked(struct tasklet_struct *t)
{
	struct tasklet_struct **pp;

	for (pp = &tasklets; *pp; pp = &(*pp)->next)
		if (*pp == t) {
			*pp = t->next;
			if (tasklets_tail == &t->next)
				tasklets_tail = pp;
			break;
		}
	t->next = NULL;
	t->state &= ~(1UL << TASKLET_STATE_SCHED);
}

static void tasklet_wait_locked(struct tasklet_struct *t)
{
	while (running_tasklet == t && !softirq_on_this_thread())
		pthread_cond_wait(&softirq_done, &softirq_lock);
}

_public_ void tasklet_kill(struct tasklet_struct *t)
{
	pthread_mutex_lock(&softirq_lock);
	/* The kernel waits for a scheduled one to run; a disabled one never would. */
	while ((t->state & (1UL << TASKLET_STATE_SCHED)) &&
	       !__atomic_load_n(&t->count, __ATOMIC_ACQUIRE) && !softirq_on_this_thread())
		pthread_cond_wait(&softirq_done, &softirq_lock);
	tasklet_unlink_locked(t);
	tasklet_wait_locked(t);
	pthread_mutex_unlock(&softirq_lock);
}

_public_ void tasklet_disable_nosync(struct tasklet_struct *t)
{
	__atomic_add_fetch(&t->count, 1, __ATOMIC_ACQ_REL);
}

_public_ void tasklet_disable(struct tasklet_struct *t)
{
	tasklet_disable_nosync(t);
	pthread_mutex_lock(&softirq_lock);
	tasklet_wait_locked(t);
	pthread_mutex_unlock(&softirq_lock);
}

_public_ void tasklet_enable(struct tasklet_struct *t)
{
	pthread_mutex_lock(&softirq_lock);
	if (__atomic_sub_fetch(&t->count, 1, __ATOMIC_ACQ_REL) == 0 && softirq_started)
		pthread_cond_signal(&softirq_kick);
	pthread_mutex_unlock(&softirq_lock);
}

/* ---- module unload ---- */

static void timer_report(const struct timer_list *t)
{
	work_func_t work_fn;
	char name[128];

	if (timer_is_delayed_work(t, &work_fn)) {
		kdefer_fn_name((const void *)work_fn, name, sizeof(name));
		printk(KERN_WARNING "delayed work %s still pending at module unload: cancelled\n",
		       name);
		return;
	}
	kdefer_fn_name((const void *)t->function, name, sizeof(name));
	printk(KERN_WARNING "timer %s still pending at module unload: cancelled\n", name);
}

static int timers_module_stop_locked(struct module *mod)
{
	char name[128];
	int n = 0;

	for (struct timer_list **pp = &timers; *pp;) {
		struct timer_list *t = *pp;

		if (t->owner != mod) {
			pp = &t->next;
			continue;
		}
		timer_report(t);
		timer_unlink_locked(t);
		n++;
	}
	for (struct tasklet_struct **pp = &tasklets; *pp;) {
		struct tasklet_struct *t = *pp;

		if (t->owner != mod) {
			pp = &t->next;
			continue;
		}
		kdefer_fn_name(t->use_callback ? (const void *)t->callback : (const void *)t->func,
			       name, sizeof(name));
		printk(KERN_WARNING "tasklet %s still scheduled at module unload: cancelled\n",
		       name);
		tasklet_unlink_locked(t);
		n++;
	}
	return n;
}

int timers_module_stop(struct module *mod)
{
	int n;

	pthread_mutex_lock(&softirq_lock);
	n = timers_module_stop_locked(mod);
	/* A callback of the module still running would run unmapped code: wait. */
	while ((running_timer && running_timer->owner == mod) ||
	       (running_tasklet && running_tasklet->owner == mod))
		pthread_cond_wait(&softirq_done, &softirq_lock);
	/* It may have re-armed itself meanwhile. */
	n += timers_module_stop_locked(mod);
	pthread_mutex_unlock(&softirq_lock);
	return n;
}
