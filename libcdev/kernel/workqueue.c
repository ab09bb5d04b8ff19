/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/workqueue.c:
 * work queues: each queue has worker threads, started when work
 * arrives and no worker is idle, up to its max_active.
 *
 * As in the kernel, one work item never runs on two workers at once (a
 * worker skips an item another one is running), a work item may be queued
 * again while it runs, and a work function may free its own item: after the
 * call, a worker touches only its own record of what it ran. Every item
 * queued takes the next number of its queue; flushes wait for numbers, so a
 * work that requeues itself does not keep flush_work() waiting forever.
 * One lock guards all queues.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"

enum { WORK_IDLE, WORK_TIMER, WORK_QUEUED };

struct worker {
	struct worker *next;
	pthread_t thread;
	struct workqueue_struct *wq;
	struct work_struct *current_work; /* compared, never dereferenced after the call */
	unsigned long current_seq;
};

struct workqueue_struct {
	struct workqueue_struct *next; /* all queues, for module unload */
	char name[32];
	unsigned int flags;
	int max_active;
	struct module *owner;
	struct work_struct *head, **tail;
	struct worker *workers;
	int nworkers, idle;
	bool dying;
	unsigned long seq;   /* numbers given to queued items */
	pthread_cond_t more; /* work queued, or dying */
};

static pthread_mutex_t wq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wq_done = PTHREAD_COND_INITIALIZER; /* a work ended or left a queue */

#define SYSTEM_WQ(var, wqname, fl)                                                     \
	static struct workqueue_struct var##_s = { .name = wqname,                     \
						   .flags = fl,                        \
						   .max_active = WQ_DFL_ACTIVE,        \
						   .tail = &var##_s.head,              \
						   .more = PTHREAD_COND_INITIALIZER }; \
	_public_ struct workqueue_struct *var = &var##_s

SYSTEM_WQ(system_wq, "events", 0);
SYSTEM_WQ(system_highpri_wq, "events_highpri", WQ_HIGHPRI);
SYSTEM_WQ(system_long_wq, "events_long", 0);
SYSTEM_WQ(system_unbound_wq, "events_unbound", WQ_UNBOUND);
SYSTEM_WQ(system_freezable_wq, "events_freezable", WQ_FREEZABLE);
SYSTEM_WQ(system_power_efficient_wq, "events_power_efficient", WQ_POWER_EFFICIENT);

static struct workqueue_struct *all_wqs = &system_wq_s;

static void system_wqs_link(void)
{
	static bool linked;

	if (linked)
		return;
	system_wq_s.next = &system_highpri_wq_s;
	system_highpri_wq_s.next = &system_long_wq_s;
	system_long_wq_s.next = &system_unbound_wq_s;
	system_unbound_wq_s.next = &system_freezable_wq_s;
	system_freezable_wq_s.next = &system_power_efficient_wq_s;
	linked = true;
}

/* ---- workers ---- */

static bool work_running_locked(const struct work_struct *work, unsigned long upto)
{
	const struct workqueue_struct *wq = work->wq;

	if (!wq)
		return false;
	for (const struct worker *w = wq->workers; w; w = w->next)
		if (w->current_work == work && w->current_seq <= upto)
			return true;
	return false;
}

/* The first queued item no other worker is running, taken off the list. */
static struct work_struct *work_take_locked(struct workqueue_struct *wq)
{
	struct work_struct **pp, *work;

	for (pp = &wq->head; (work = *pp); pp = &work->next) {
		if (work_running_locked(work, ULONG_MAX))
			continue;
		*pp = work->next;
		if (wq->tail == &work->next)
			wq->tail = pp;
		work->next = NULL;
		work->pending = WORK_IDLE;
		return work;
	}
	return NULL;
}

static void *worker_main(void *arg)
{
	struct worker *self = arg;
	struct workqueue_struct *wq = self->wq;
	struct work_struct *work;

	pthread_mutex_lock(&wq_lock);
	for (;;) {
		work = work_take_locked(wq);
		if (work) {
			work_func_t fn = work->func;

			self->current_work = work;
			self->current_seq = work->wq_seq;
			pthread_mutex_unlock(&wq_lock);
			fn(work); /* may free @work */
			kcheck_on_return("work", (const void *)fn);
			pthread_mutex_lock(&wq_lock);
			self->current_work = NULL;
			pthread_cond_broadcast(&wq_done);
			/* An item skipped while this one ran may be free to run now. */
			pthread_cond_broadcast(&wq->more);
			continue;
		}
		if (wq->dying)
			break;
		wq->idle++;
		pthread_cond_wait(&wq->more, &wq_lock);
		wq->idle--;
	}
	pthread_mutex_unlock(&wq_lock);
	return NULL;
}

/* Under wq_lock: another worker when all are busy and the queue may have more. */
static void worker_add_locked(struct workqueue_struct *wq)
{
	struct worker *w;
	int err;

	if (wq->idle > 0 || wq->nworkers >= wq->max_active)
		return;
	w = calloc(1, sizeof(*w));
	if (!w)
		goto out_fail;
	w->wq = wq;
	err = pthread_create(&w->thread, NULL, worker_main, w);
	if (err) {
		free(w);
		goto out_fail;
	}
	w->next = wq->workers;
	wq->workers = w;
	wq->nworkers++;
	return;

out_fail:
	/* The workers there are will run it; with none, it waits for the next queueing. */
	pr_err_lib("work queue %s: cannot start a worker", wq->name);
}

static void work_enqueue_locked(struct workqueue_struct *wq, struct work_struct *work)
{
	work->wq = wq;
	work->wq_seq = ++wq->seq;
	work->pending = WORK_QUEUED;
	work->next = NULL;
	*wq->tail = work;
	wq->tail = &work->next;
	worker_add_locked(wq);
	pthread_cond_signal(&wq->more);
}

static void work_unlink_locked(struct work_struct *work)
{
	struct workqueue_struct *wq = work->wq;
	struct work_struct **pp;

	if (work->pending == WORK_QUEUED && wq)
		for (pp = &wq->head; *pp; pp = &(*pp)->next)
			if (*pp == work) {
				*pp = work->next;
				if (wq->tail == &work->next)
					wq->tail = pp;
				break;
			}
	work->next = NULL;
	work->pending = WORK_IDLE;
	pthread_cond_broadcast(&wq_done);
}

/* ---- the API ---- */

_public_ void libcdev_init_work(struct work_struct *work, work_func_t func, struct module *owner)
{
	memset(work, 0, sizeof(*work));
	work->func = func;
	work->owner = owner;
}

_public_ struct workqueue_struct *libcdev_alloc_workqueue(const char *name, unsigned int flags,
							  int max_active, struct module *owner)
{
	struct workqueue_struct *wq = calloc(1, sizeof(*wq));

	jiffies_touch();
	if (!wq)
		return NULL;
	snprintf(wq->name, sizeof(wq->name), "%s", name ? name : "");
	wq->flags = flags;
	wq->max_active = max_active > 0 ? max_active : WQ_DFL_ACTIVE;
	if (wq->max_active > WQ_MAX_ACTIVE)
		wq->max_active = WQ_MAX_ACTIVE;
	wq->owner = owner;
	wq->tail = &wq->head;
	pthread_cond_init(&wq->more, NULL);
	pthread_mutex_lock(&wq_lock);
	system_wqs_link();
	wq->next = all_wqs;
	all_wqs = wq;
	pthread_mutex_unlock(&wq_lock);
	return wq;
}

_public_ bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	bool queued = false;

	jiffies_touch();
	pthread_mutex_lock(&wq_lock);
	if (work->pending == WORK_IDLE && !work->canceling && !wq->dying) {
		work_enqueue_locked(wq, work);
		queued = true;
	}
	pthread_mutex_unlock(&wq_lock);
	return queued;
}

_public_ bool work_pending(const struct work_struct *work)
{
	return __atomic_load_n(&work->pending, __ATOMIC_ACQUIRE) != WORK_IDLE;
}

_public_ unsigned int work_busy(struct work_struct *work)
{
	unsigned int busy = 0;

	pthread_mutex_lock(&wq_lock);
	if (work->pending != WORK_IDLE)
		busy |= WORK_BUSY_PENDING;
	if (work_running_locked(work, ULONG_MAX))
		busy |= WORK_BUSY_RUNNING;
	pthread_mutex_unlock(&wq_lock);
	return busy;
}

/* Under wq_lock: wait until the instances of @work numbered up to @upto are done. */
static bool work_wait_locked(struct work_struct *work, unsigned long upto)
{
	bool waited = false;

	while ((work->pending == WORK_QUEUED && work->wq_seq <= upto) ||
	       work_running_locked(work, upto)) {
		pthread_cond_wait(&wq_done, &wq_lock);
		waited = true;
	}
	return waited;
}

_public_ bool flush_work(struct work_struct *work)
{
	bool waited;

	pthread_mutex_lock(&wq_lock);
	/* The newest instance: the queued one if any, else the one running. */
	waited = work_wait_locked(work, work->wq ? work->wq->seq : 0);
	pthread_mutex_unlock(&wq_lock);
	return waited;
}

static bool work_cancel(struct work_struct *work, bool sync)
{
	bool was;

	pthread_mutex_lock(&wq_lock);
	was = work->pending != WORK_IDLE;
	work_unlink_locked(work);
	if (sync) {
		/* A running instance may not queue it again meanwhile. */
		work->canceling++;
		while (work_running_locked(work, ULONG_MAX))
			pthread_cond_wait(&wq_done, &wq_lock);
		work->canceling--;
	}
	pthread_mutex_unlock(&wq_lock);
	return was;
}

_public_ bool cancel_work(struct work_struct *work)
{
	return work_cancel(work, false);
}

_public_ bool cancel_work_sync(struct work_struct *work)
{
	return work_cancel(work, true);
}

/* Under wq_lock: whether an item numbered up to @upto is queued or running. */
static bool wq_busy_locked(struct workqueue_struct *wq, unsigned long upto)
{
	for (struct work_struct *w = wq->head; w; w = w->next)
		if (w->wq_seq <= upto)
			return true;
	for (struct worker *k = wq->workers; k; k = k->next)
		if (k->current_work && k->current_seq <= upto)
			return true;
	return false;
}

_public_ void flush_workqueue(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&wq_lock);
	unsigned long upto = wq->seq;

	while (wq_busy_locked(wq, upto))
		pthread_cond_wait(&wq_done, &wq_lock);
	pthread_mutex_unlock(&wq_lock);
}

_public_ void drain_workqueue(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&wq_lock);
	while (wq_busy_locked(wq, ULONG_MAX))
		pthread_cond_wait(&wq_done, &wq_lock);
	pthread_mutex_unlock(&wq_lock);
}

static void wq_unlink_locked(struct workqueue_struct *wq)
{
	for (struct workqueue_struct **pp = &all_wqs; *pp; pp = &(*pp)->next)
		if (*pp == wq) {
			*pp = wq->next;
			break;
		}
}

_public_ void destroy_workqueue(struct workqueue_struct *wq)
{
	struct worker *w, *next;

	if (!wq)
		return;
	drain_workqueue(wq);
	pthread_mutex_lock(&wq_lock);
	wq->dying = true;
	pthread_cond_broadcast(&wq->more);
	wq_unlink_locked(wq);
	w = wq->workers;
	wq->workers = NULL;
	pthread_mutex_unlock(&wq_lock);
	for (; w; w = next) {
		next = w->next;
		pthread_join(w->thread, NULL);
		free(w);
	}
	pthread_cond_destroy(&wq->more);
	free(wq);
}

/* ---- delayed work ---- */

_public_ void delayed_work_timer_fn(struct timer_list *t)
{
	struct delayed_work *dwork = container_of(t, struct delayed_work, timer);

	pthread_mutex_lock(&wq_lock);
	if (dwork->work.pending == WORK_TIMER && !dwork->wq->dying)
		work_enqueue_locked(dwork->wq, &dwork->work);
	pthread_mutex_unlock(&wq_lock);
}

bool timer_is_delayed_work(const struct timer_list *t, work_func_t *fn)
{
	if (t->function != delayed_work_timer_fn)
		return false;
	*fn = container_of(t, const struct delayed_work, timer)->work.func;
	return true;
}

_public_ void libcdev_init_delayed_work(struct delayed_work *dwork, work_func_t func,
					struct module *owner)
{
	libcdev_init_work(&dwork->work, func, owner);
	libcdev_timer_setup(&dwork->timer, delayed_work_timer_fn, 0, owner);
	dwork->wq = NULL;
}

/* Under wq_lock: queue @dwork now or arm its timer (the lock order is wq_lock, then the timers'). */
static void delayed_work_arm_locked(struct workqueue_struct *wq, struct delayed_work *dwork,
				    unsigned long delay)
{
	dwork->wq = wq;
	dwork->work.wq = wq;
	if (delay == 0) {
		work_enqueue_locked(wq, &dwork->work);
		return;
	}
	dwork->work.pending = WORK_TIMER;
	mod_timer(&dwork->timer, jiffies_update() + delay);
}

_public_ bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
				 unsigned long delay)
{
	bool queued = false;

	pthread_mutex_lock(&wq_lock);
	if (dwork->work.pending == WORK_IDLE && !dwork->work.canceling && !wq->dying) {
		delayed_work_arm_locked(wq, dwork, delay);
		queued = true;
	}
	pthread_mutex_unlock(&wq_lock);
	return queued;
}

_public_ bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			       unsigned long delay)
{
	bool was;

	timer_delete(&dwork->timer);
	pthread_mutex_lock(&wq_lock);
	was = dwork->work.pending != WORK_IDLE;
	if (dwork->work.canceling || wq->dying) {
		pthread_mutex_unlock(&wq_lock);
		return was;
	}
	work_unlink_locked(&dwork->work);
	delayed_work_arm_locked(wq, dwork, delay);
	pthread_mutex_unlock(&wq_lock);
	return was;
}

static bool delayed_work_cancel(struct delayed_work *dwork, bool sync)
{
	bool was;

	pthread_mutex_lock(&wq_lock);
	dwork->work.canceling++; /* the timer, if it fires now, finds it idle */
	was = dwork->work.pending != WORK_IDLE;
	work_unlink_locked(&dwork->work);
	pthread_mutex_unlock(&wq_lock);
	if (sync)
		timer_delete_sync(&dwork->timer);
	else
		timer_delete(&dwork->timer);
	pthread_mutex_lock(&wq_lock);
	/* The timer may have queued it just before the unlink above. */
	if (dwork->work.pending != WORK_IDLE) {
		work_unlink_locked(&dwork->work);
		was = true;
	}
	while (sync && work_running_locked(&dwork->work, ULONG_MAX))
		pthread_cond_wait(&wq_done, &wq_lock);
	dwork->work.canceling--;
	pthread_mutex_unlock(&wq_lock);
	return was;
}

_public_ bool cancel_delayed_work(struct delayed_work *dwork)
{
	return delayed_work_cancel(dwork, false);
}

_public_ bool cancel_delayed_work_sync(struct delayed_work *dwork)
{
	return delayed_work_cancel(dwork, true);
}

_public_ bool flush_delayed_work(struct delayed_work *dwork)
{
	pthread_mutex_lock(&wq_lock);
	if (dwork->work.pending == WORK_TIMER) {
		pthread_mutex_unlock(&wq_lock);
		timer_delete_sync(&dwork->timer);
		pthread_mutex_lock(&wq_lock);
		if (dwork->work.pending == WORK_TIMER)
			work_enqueue_locked(dwork->wq, &dwork->work);
	}
	pthread_mutex_unlock(&wq_lock);
	return flush_work(&dwork->work);
}

_public_ bool delayed_work_pending(const struct delayed_work *dwork)
{
	return work_pending(&dwork->work);
}

/* ---- module unload ---- */

static int works_cancel_locked(struct workqueue_struct *wq, struct module *mod)
{
	char name[128];
	int n = 0;

	for (struct work_struct **pp = &wq->head; *pp;) {
		struct work_struct *w = *pp;

		if (w->owner != mod) {
			pp = &w->next;
			continue;
		}
		kdefer_fn_name((const void *)w->func, name, sizeof(name));
		printk(KERN_WARNING "work %s still queued on %s at module unload: cancelled\n",
		       name, wq->name);
		work_unlink_locked(w);
		n++;
	}
	return n;
}

/* Under wq_lock: report @mod's running works and wait for them; how many ran. */
static int works_wait_locked(struct workqueue_struct *wq, struct module *mod)
{
	char name[128];
	int n = 0;

	for (struct worker *k = wq->workers; k; k = k->next) {
		struct work_struct *w = k->current_work;

		if (!w || w->owner != mod)
			continue;
		kdefer_fn_name((const void *)w->func, name, sizeof(name));
		printk(KERN_WARNING
		       "work %s still running on %s at module unload: waiting for it\n",
		       name, wq->name);
		n++;
	}
	return n;
}

static bool wq_runs_module_locked(struct workqueue_struct *wq, struct module *mod)
{
	for (struct worker *k = wq->workers; k; k = k->next)
		if (k->current_work && k->current_work->owner == mod)
			return true;
	return false;
}

int workqueues_module_stop(struct module *mod)
{
	struct workqueue_struct *mine = NULL, *wq, *next;
	int n = 0;

	pthread_mutex_lock(&wq_lock);
	system_wqs_link();
	for (wq = all_wqs; wq; wq = wq->next) {
		n += works_cancel_locked(wq, mod);
		n += works_wait_locked(wq, mod);
		while (wq_runs_module_locked(wq, mod))
			pthread_cond_wait(&wq_done, &wq_lock);
		/* Ran again meanwhile? Then it is queued once more: cancel that too. */
		works_cancel_locked(wq, mod);
	}
	/* Queues the module allocated and did not destroy. */
	for (struct workqueue_struct **pp = &all_wqs; (wq = *pp);) {
		if (wq->owner != mod || !mod) {
			pp = &wq->next;
			continue;
		}
		printk(KERN_WARNING "workqueue %s not destroyed at module unload: destroying it\n",
		       wq->name);
		*pp = wq->next;
		wq->next = mine;
		mine = wq;
		n++;
	}
	pthread_mutex_unlock(&wq_lock);
	for (wq = mine; wq; wq = next) {
		next = wq->next;
		/* Still linked nowhere: destroy_workqueue()'s unlink finds nothing. */
		destroy_workqueue(wq);
	}
	return n;
}
