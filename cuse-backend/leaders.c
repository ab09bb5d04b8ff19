/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libcdev/libcdev-private.h"
#include "leaders.h"

static _Thread_local bool leading;

bool lf_leading(void)
{
	return leading;
}

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

/*
 * Called with pool->lock held, in a thread without work: wait to lead.
 * False when the thread should end instead: the pool stopped, or it was
 * idle for LF_IDLE_SECONDS while another thread led.
 */
static bool lf_wait_to_lead(struct lf_pool *pool)
{
	struct timespec deadline;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += LF_IDLE_SECONDS;
	/* A thread is free again: requests are served again. */
	pool->refusing = false;
	while (pool->has_leader && !pool->stopped) {
		int r;

		pool->nr_followers++;
		r = pthread_cond_timedwait(&pool->cond, &pool->lock, &deadline);
		pool->nr_followers--;
		if (r == ETIMEDOUT && pool->has_leader)
			return false;
	}
	return !pool->stopped;
}

static void *lf_main(void *arg)
{
	struct lf_pool *pool = arg;

	pthread_mutex_lock(&pool->lock);
	while (lf_wait_to_lead(pool)) {
		pool->has_leader = true;
		leading = true;
		pthread_mutex_unlock(&pool->lock);
		do
			pool->lead(pool);
		while (leading);
		pthread_mutex_lock(&pool->lock);
	}
	pool->nr_threads--;
	pthread_mutex_unlock(&pool->lock);
	if (pool->thread_exit)
		pool->thread_exit();
	return NULL;
}

/* Called with pool->lock held: one more thread, or -errno. */
static int lf_spawn_locked(struct lf_pool *pool)
{
	pthread_t t;
	int err = thread_start_nosig(&t, lf_main, pool);

	if (!err)
		pool->nr_threads++;
	return err;
}

/* Called with pool->lock held: say once, until a thread is free again, why requests fail. */
static void lf_refuse_locked(struct lf_pool *pool, int err)
{
	if (pool->refusing)
		return;
	pool->refusing = true;
	if (err == -EAGAIN)
		pr_err_lib("%s: all %u request threads are in driver methods (LIBCDEV_MAX_THREADS): "
			   "requests fail EAGAIN until one returns", pool->name, pool->max_threads);
	else
		pr_err_lib("%s: cannot start a request thread (%s): requests fail EAGAIN until one "
			   "returns", pool->name, strerror(-err));
}

int lf_promote(struct lf_pool *pool)
{
	int err = 0;

	if (!leading)
		return 0;
	pthread_mutex_lock(&pool->lock);
	if (pool->nr_followers > 0)
		pthread_cond_signal(&pool->cond);
	else if (pool->nr_threads >= pool->max_threads)
		err = -EAGAIN;
	else
		err = lf_spawn_locked(pool);
	if (err)
		lf_refuse_locked(pool, err);
	else
		pool->has_leader = false;
	pthread_mutex_unlock(&pool->lock);
	if (err)
		return -EAGAIN;
	leading = false;
	return 0;
}

void lf_stop(struct lf_pool *pool)
{
	pthread_mutex_lock(&pool->lock);
	pool->stopped = true;
	pool->has_leader = false;
	pthread_cond_broadcast(&pool->cond);
	pthread_mutex_unlock(&pool->lock);
	leading = false;
}

static unsigned int lf_max_threads(void)
{
	const char *s = getenv("LIBCDEV_MAX_THREADS");
	long v = s && *s ? strtol(s, NULL, 10) : 0;

	if (v <= 0)
		return LF_DEFAULT_MAX_THREADS;
	return v < 2 ? 2 : v > 65536 ? 65536 : (unsigned int)v;
}

int lf_start(struct lf_pool *pool)
{
	pthread_condattr_t attr;
	int err;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&pool->cond, &attr);
	pthread_condattr_destroy(&attr);
	pthread_mutex_lock(&pool->lock);
	pool->max_threads = lf_max_threads();
	err = lf_spawn_locked(pool);
	pthread_mutex_unlock(&pool->lock);
	if (err)
		pr_err_lib("%s: cannot start a request thread: %s", pool->name, strerror(-err));
	return err;
}
