/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libcdev/libcdev-private.h"
#include "leaders.h"
#include "workers.h"

static _Thread_local bool leading;

bool lf_leading(void)
{
	return leading;
}

static void *lf_main(void *arg)
{
	struct lf_pool *pool = arg;

	pthread_mutex_lock(&pool->lock);
	for (;;) {
		while (pool->has_leader) {
			pool->nr_followers++;
			pthread_cond_wait(&pool->cond, &pool->lock);
			pool->nr_followers--;
		}
		pool->has_leader = true;
		leading = true;
		pthread_mutex_unlock(&pool->lock);
		do
			pool->lead(pool);
		while (leading);
		pthread_mutex_lock(&pool->lock);
	}
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

void lf_promote(struct lf_pool *pool)
{
	if (!leading)
		return;
	leading = false;
	pthread_mutex_lock(&pool->lock);
	pool->has_leader = false;
	if (pool->nr_followers > 0)
		pthread_cond_signal(&pool->cond);
	else if (pool->nr_threads < pool->max_threads && lf_spawn_locked(pool) < 0)
		/* Not fatal: the next thread to finish its request leads. */
		libcdev_log(LOG_WARNING, "cannot start a request thread: %u serve", pool->nr_threads);
	pthread_mutex_unlock(&pool->lock);
}

static unsigned int lf_max_threads(void)
{
	const char *s = getenv("LIBCDEV_MAX_THREADS");
	long v = s && *s ? strtol(s, NULL, 10) : 0;

	return v > 0 ? (unsigned int)v : LF_DEFAULT_MAX_THREADS;
}

int lf_start(struct lf_pool *pool)
{
	int err;

	pthread_mutex_lock(&pool->lock);
	pool->max_threads = lf_max_threads();
	err = lf_spawn_locked(pool);
	pthread_mutex_unlock(&pool->lock);
	if (err)
		pr_err_lib("cannot start a request thread: %s", strerror(-err));
	return err;
}
