/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the request threads: every idle thread waits for requests
 * itself, and the thread that receives a request runs it.
 *
 * A pool has one epoll set of channels (the connections to the kernel) and
 * threads that all wait on it, as libfuse's own multi-threaded loop lets
 * every idle thread wait in read(2) on its one connection. The kernel wakes
 * one idle thread per event; the thread reads one request, re-arms the
 * channel (its events are one-shot, so no other thread is woken for a
 * request already taken) and runs the request. Before it runs a method,
 * which may block, lf_promote() takes it out of the idle threads and, only
 * when none is left idle, starts a new one (up to the pool's bound). So a
 * request costs no hand-off to another thread, no futex and no allocation:
 * epoll_wait(2), read(2), epoll_ctl(2) and the reply.
 *
 * The pool is bounded and never waits for a thread: when every other thread
 * is in a method and none can start, lf_promote() fails and the caller
 * refuses the request rather than leaving the next ones unread. A thread idle
 * for LF_IDLE_SECONDS retires, unless it is the last idle one.
 *
 * Channels may be served by several threads at once (a request read, the
 * channel re-armed, the next request read by another thread): reading a
 * channel is non-blocking, and what an event's data point to must stay valid
 * memory for events already delivered (see cuse.c's nodes).
 */
#ifndef LIBCDEV_LEADERS_H
#define LIBCDEV_LEADERS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct lf_pool {
	/* Called in an idle thread for an event of channel @data; re-arms it with lf_rearm(). */
	void (*event)(struct lf_pool *pool, void *data);
	/* Called in a thread that ends (retires or stops): frees what it kept. */
	void (*thread_exit)(void);
	const char *name;		/* for the log */
	unsigned int max_threads;

	pthread_mutex_t lock;		/* nr_threads, starting threads */
	int epfd, stopfd;
	unsigned int nr_threads;
	atomic_int nr_idle;		/* threads not in a method (waiting or receiving) */
	atomic_bool stopped, refusing;
};

#define LF_POOL_INIT(event_fn, exit_fn, pool_name) { .event = (event_fn), \
	.thread_exit = (exit_fn), .name = (pool_name), .lock = PTHREAD_MUTEX_INITIALIZER, \
	.epfd = -1, .stopfd = -1 }

#define LF_DEFAULT_MAX_THREADS	256
#define LF_IDLE_SECONDS		5

/*
 * Make the epoll set and start the pool's first thread; the bound is
 * LIBCDEV_MAX_THREADS (at least 2: a receiver and one method), or
 * LF_DEFAULT_MAX_THREADS. 0 or a negative errno.
 */
int lf_start(struct lf_pool *pool);

/*
 * Channels: @fd (non-blocking) with its events one-shot: after an event, no
 * other comes for @fd until lf_rearm(). lf_del() before closing @fd.
 * 0 or a negative errno.
 */
int lf_add(struct lf_pool *pool, int fd, void *data);
int lf_rearm(struct lf_pool *pool, int fd, void *data);
void lf_del(struct lf_pool *pool, int fd);

/*
 * In a thread handling an event: leave the idle threads before running
 * something that may block. 0, or -EAGAIN when it was the last idle thread
 * and none could start (all of max_threads are busy, or the start failed):
 * the caller is still idle then, and must not block. A no-op in a thread
 * already out of the idle ones.
 */
int lf_promote(struct lf_pool *pool);

/* There is nothing more to receive: every thread ends once out of its method. */
void lf_stop(struct lf_pool *pool);

/* Start a detached thread with every signal blocked (signals belong to libcdev_run()). */
int thread_start_nosig(pthread_t *thread, void *(*fn)(void *), void *arg);

#endif
