/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "libcdev/libcdev-private.h"
#include "workers.h"

#define WORKERS_MAX 1024

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_cond = PTHREAD_COND_INITIALIZER;
static struct work *queue_head, **queue_tail = &queue_head;
static unsigned int nr_threads, nr_idle, nr_queued;

int thread_start_nosig(pthread_t *thread, void *(*fn)(void *), void *arg)
{
	sigset_t all, old;
	pthread_attr_t attr;
	int r;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	r = pthread_create(thread, &attr, fn, arg);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return -r;
}

static void *worker_main(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&pool_lock);
	for (;;) {
		struct work *w;

		while (!queue_head) {
			nr_idle++;
			pthread_cond_wait(&pool_cond, &pool_lock);
			nr_idle--;
		}
		w = queue_head;
		nr_queued--;
		queue_head = w->next;
		if (!queue_head)
			queue_tail = &queue_head;
		pthread_mutex_unlock(&pool_lock);
		w->fn(w);
		pthread_mutex_lock(&pool_lock);
	}
	return NULL;
}

int workers_queue(struct work *w)
{
	pthread_t t;
	int err = 0;

	w->next = NULL;
	pthread_mutex_lock(&pool_lock);
	/* Idle threads already signalled may not have taken their job yet: count jobs. */
	if (nr_idle < nr_queued + 1 && nr_threads < WORKERS_MAX) {
		err = thread_start_nosig(&t, worker_main, NULL);
		if (!err) {
			nr_threads++;
		} else if (nr_threads == 0) {
			/* Nobody could run it: not queued, the caller keeps (and frees) it. */
			pthread_mutex_unlock(&pool_lock);
			pr_err_lib("cannot start a worker thread: %s", strerror(-err));
			return err;
		}
		err = 0;	/* else the job waits for a busy thread */
	} else {
		pthread_cond_signal(&pool_cond);
	}
	*queue_tail = w;
	queue_tail = &w->next;
	nr_queued++;
	pthread_mutex_unlock(&pool_lock);
	return err;
}
