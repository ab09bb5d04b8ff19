/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - leader/followers: the threads that receive requests run them.
 *
 * Of a pool of threads, one at a time is the leader: it alone waits for the
 * next event and takes it in. Before it runs what it received (a driver
 * method, which may block), it hands the leadership on with lf_promote():
 * an idle follower becomes the leader, or, when none is idle, a new thread
 * is started (up to the pool's bound). So a request costs no hand-off to
 * another thread and no allocation, and a blocked method still never stops
 * the others from being received. Everything done while leading (receiving,
 * tearing down a connection) is serialised by the leadership itself.
 */
#ifndef LIBCDEV_LEADERS_H
#define LIBCDEV_LEADERS_H

#include <pthread.h>
#include <stdbool.h>

struct lf_pool {
	/* Called again and again in the leader until it calls lf_promote(). */
	void (*lead)(struct lf_pool *pool);
	unsigned int max_threads;

	pthread_mutex_t lock;
	pthread_cond_t cond;		/* followers wait here for the leadership */
	bool has_leader;
	unsigned int nr_threads, nr_followers;
};

#define LF_POOL_INIT(lead_fn) { .lead = (lead_fn), .lock = PTHREAD_MUTEX_INITIALIZER, \
				.cond = PTHREAD_COND_INITIALIZER }

/*
 * Start the pool's first thread, which becomes the leader; the bound is
 * LIBCDEV_MAX_THREADS, or LF_DEFAULT_MAX_THREADS. 0 or a negative errno.
 */
#define LF_DEFAULT_MAX_THREADS 256
int lf_start(struct lf_pool *pool);

/*
 * In the leader: give up the leadership before running something that may
 * block. A no-op in a thread that is not leading (it already promoted).
 */
void lf_promote(struct lf_pool *pool);

/* Whether the calling thread leads a pool. */
bool lf_leading(void);

#endif
