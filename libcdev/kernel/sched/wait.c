/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/sched/wait.c:
 * wait queues. prepare_to_wait() and finish_wait() are in core.c, beside
 * schedule(), whose per-thread wait state they share.
 *
 * A wait queue is a mutex, a condition variable and a sequence count bumped
 * by each wake-up. A task records the queue it sleeps on, so an interrupt
 * (FUSE_INTERRUPT for a caller hit by a signal) can wake exactly that queue.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/core.h"
#include "backend/backend.h"

_public_ void init_waitqueue_head(wait_queue_head_t *wq)
{
	pthread_mutex_init(&wq->lock, NULL);
	pthread_cond_init(&wq->cond, NULL);
	wq->seq = 0;
	wq->head = NULL;
	wq->sleepers = 0;
}

_public_ void add_wait_queue(wait_queue_head_t *wq, struct wait_queue_entry *e)
{
	pthread_mutex_lock(&wq->lock);
	e->next = wq->head;
	if (wq->head)
		wq->head->pprev = &e->next;
	wq->head = e;
	e->pprev = &wq->head;
	pthread_mutex_unlock(&wq->lock);
}

static void __remove_wait_queue(struct wait_queue_entry *e)
{
	if (!e->pprev)
		return;
	*e->pprev = e->next;
	if (e->next)
		e->next->pprev = e->pprev;
	e->next = NULL;
	e->pprev = NULL;
}

_public_ void remove_wait_queue(wait_queue_head_t *wq, struct wait_queue_entry *e)
{
	pthread_mutex_lock(&wq->lock);
	__remove_wait_queue(e);
	pthread_mutex_unlock(&wq->lock);
}

_public_ bool waitqueue_active(wait_queue_head_t *wq)
{
	bool active;

	pthread_mutex_lock(&wq->lock);
	active = wq->head != NULL || wq->sleepers != 0;
	pthread_mutex_unlock(&wq->lock);
	return active;
}

_public_ void __wake_up(wait_queue_head_t *wq, unsigned int mode, int nr, void *key)
{
	struct wait_queue_entry *e, *next;

	(void)mode, (void)nr; /* every sleeper re-tests its condition: waking all is safe */
	pthread_mutex_lock(&wq->lock);
	wq->seq++;
	pthread_cond_broadcast(&wq->cond);
	/* An entry's func may remove the entry itself (poll entries are one-shot). */
	for (e = wq->head; e; e = next) {
		next = e->next;
		if (e->func)
			e->func(e, mode, 0, key);
	}
	pthread_mutex_unlock(&wq->lock);
}

_public_ unsigned long libcdev_wait_prepare(wait_queue_head_t *wq)
{
	unsigned long seq;

	pthread_mutex_lock(&wq->lock);
	seq = wq->seq;
	wq->sleepers++;
	pthread_mutex_unlock(&wq->lock);
	return seq;
}

_public_ void libcdev_wait_finish(wait_queue_head_t *wq)
{
	pthread_mutex_lock(&wq->lock);
	wq->sleepers--;
	pthread_mutex_unlock(&wq->lock);
}

_public_ void libcdev_wait_deadline(struct timespec *dl, long timeout_ms)
{
	clock_gettime(CLOCK_MONOTONIC, dl);
	if (timeout_ms < 0)
		timeout_ms = 0;
	dl->tv_sec += timeout_ms / 1000;
	dl->tv_nsec += (timeout_ms % 1000) * 1000000L;
	if (dl->tv_nsec >= 1000000000L) {
		dl->tv_sec++;
		dl->tv_nsec -= 1000000000L;
	}
}

_public_ long libcdev_wait_remaining(const struct timespec *dl)
{
	struct timespec now;
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (dl->tv_sec - now.tv_sec) * 1000 + (dl->tv_nsec - now.tv_nsec) / 1000000L;
	return ms > 0 ? ms : 0;
}

static void task_set_waiting(struct task_struct *t, wait_queue_head_t *wq)
{
	pthread_mutex_lock(t->wait_lock);
	t->waiting_on = wq;
	pthread_mutex_unlock(t->wait_lock);
}

_public_ int libcdev_wait_sleep(wait_queue_head_t *wq, unsigned long seq, bool interruptible,
				long timeout_ms)
{
	struct task_struct *t = task_current();
	struct timespec dl;
	int ret = 0, r;

	if (timeout_ms >= 0)
		libcdev_wait_deadline(&dl, timeout_ms);
	if (interruptible)
		task_watch_interrupts(t);
	/* Recorded for every sleep: wake_up_process() ends uninterruptible ones too. */
	task_set_waiting(t, wq);
	pthread_mutex_lock(&wq->lock);
	while (wq->seq == seq) {
		if (interruptible && signal_pending(t)) {
			ret = -ERESTARTSYS;
			break;
		}
		if (timeout_ms < 0) {
			pthread_cond_wait(&wq->cond, &wq->lock);
			continue;
		}
		/* The monotonic clock, whatever the condition was initialised
		 * with: DECLARE_WAIT_QUEUE_HEAD() can only use the default. */
		r = pthread_cond_clockwait(&wq->cond, &wq->lock, CLOCK_MONOTONIC, &dl);
		if (r == ETIMEDOUT) {
			ret = -ETIMEDOUT;
			break;
		}
	}
	pthread_mutex_unlock(&wq->lock);
	task_set_waiting(t, NULL);
	return ret;
}
