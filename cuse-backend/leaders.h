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
 *
 * The pool is bounded and never waits for a thread: when every thread is in
 * a method, lf_promote() fails and the leader keeps leading, so the caller
 * refuses the request rather than leaving the next ones unread. A follower
 * idle for LF_IDLE_SECONDS retires.
 */
#ifndef LIBCDEV_LEADERS_H
#define LIBCDEV_LEADERS_H

#include <pthread.h>
#include <stdbool.h>

struct lf_pool {
	/* Called again and again in the leader until it calls lf_promote() or lf_stop(). */
	void (*lead)(struct lf_pool *pool);
	/* Called in a thread that ends (retires or stops): frees what it kept. */
	void (*thread_exit)(void);
	const char *name;		/* for the log */
	unsigned int max_threads;

	pthread_mutex_t lock;
	pthread_cond_t cond;		/* followers wait here for the leadership */
	bool has_leader, stopped, refusing;
	unsigned int nr_threads, nr_followers;
};

#define LF_POOL_INIT(lead_fn, exit_fn, pool_name) { .lead = (lead_fn), .thread_exit = (exit_fn), \
	.name = (pool_name), .lock = PTHREAD_MUTEX_INITIALIZER }

#define LF_DEFAULT_MAX_THREADS	256
#define LF_IDLE_SECONDS		5

/*
 * Start the pool's first thread, which becomes the leader; the bound is
 * LIBCDEV_MAX_THREADS (at least 2: a leader and one method), or
 * LF_DEFAULT_MAX_THREADS. 0 or a negative errno.
 */
int lf_start(struct lf_pool *pool);

/*
 * In the leader: give up the leadership before running something that may
 * block. 0, or -EAGAIN when no thread could take it over (all of
 * max_threads are busy, or none could be started): the caller is still the
 * leader then, and must not block. A no-op in a thread that is not leading.
 */
int lf_promote(struct lf_pool *pool);

/* In the leader, when there is nothing more to receive: every thread ends once idle. */
void lf_stop(struct lf_pool *pool);

/* Whether the calling thread leads a pool. */
bool lf_leading(void);

/* Start a detached thread with every signal blocked (signals belong to libcdev_run()). */
int thread_start_nosig(pthread_t *thread, void *(*fn)(void *), void *arg);

#endif
