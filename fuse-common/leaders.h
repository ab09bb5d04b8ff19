/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the request threads: every channel (a connection to the kernel)
 * has its own receivers, which wait in read(2) on it, and the receiver that
 * takes a request runs it.
 *
 * This is libfuse's own multi-threaded loop, once per channel: the kernel
 * wakes one waiting reader per request (fuse_dev_do_read() waits
 * exclusively), so a request costs the read(2) of it and the reply, with no
 * hand-off to another thread, no futex and no allocation. Before it runs a
 * method, which may block, a receiver leaves its channel's idle receivers
 * (lf_promote()) and, only when none is left idle, starts a new one first.
 *
 * The pool is bounded and never waits for a thread: beyond one receiver per
 * channel, at most max_threads threads; when every other thread is in a
 * method and none can start, lf_promote() fails and the caller refuses the
 * request rather than leave its channel unread. A channel that had no request
 * for LF_IDLE_SECONDS keeps one idle receiver: the others end.
 *
 * Receivers keep cancellation disabled but around the blocking read:
 * lf_del() cancels them there, and retiring ones too. So a method is never
 * cancelled, and a request read is always run.
 */
#ifndef LIBCDEV_LEADERS_H
#define LIBCDEV_LEADERS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct lf_pool;
struct lf_thread;

/* A connection to the kernel, served by its own receivers (see lf_add()). */
struct lf_chan {
	struct lf_pool *pool;
	void *data;		   /* the backend's */
	struct lf_chan *next;	   /* the pool's channels, under pool->lock */
	struct lf_thread *threads; /* its receivers, under pool->lock */
	unsigned int nr_threads;   /* under pool->lock */
	atomic_int nr_idle;	   /* receivers not in a method */
	atomic_bool ending;	   /* lf_del() */
};

struct lf_pool {
	/*
	 * Called in a receiver of @chan with cancellation enabled: wait for one
	 * request and read it. > 0 when one was read; -EINTR or -EAGAIN to try
	 * again; anything else ends the receiver (the channel is gone).
	 */
	int (*receive)(struct lf_chan *chan);
	/* Then, cancellation disabled, with receive()'s result: run the request read. */
	void (*process)(struct lf_chan *chan, int res);
	/* Called in a thread that ends (retires or its channel ends): frees what it kept. */
	void (*thread_exit)(void);
	const char *name; /* for the log */
	unsigned int max_threads;

	pthread_mutex_t lock; /* the channels, the thread counts */
	pthread_cond_t cond;  /* a receiver ended */
	struct lf_chan *chans;
	unsigned int nr_chans, nr_threads;
	bool started; /* the retiring thread runs */
	atomic_bool refusing;
};

#define LF_POOL_INIT(receive_fn, process_fn, exit_fn, pool_name)                            \
	{                                                                                   \
		.receive = (receive_fn), .process = (process_fn), .thread_exit = (exit_fn), \
		.name = (pool_name), .lock = PTHREAD_MUTEX_INITIALIZER,                     \
		.cond = PTHREAD_COND_INITIALIZER                                            \
	}

/*
 * A method that blocks holds its thread, so the bound is how many callers
 * may wait in methods at once: as many as a busy event device has (a
 * quarter of it for one device number's reads). A waiting thread costs about
 * 22 KiB of memory (its stack's used pages, its buffers' first page); the
 * rest of its stack and receive buffer is address space only. The system
 * bounds it first (vm.max_map_count: about 32,000 threads in a process), and
 * a thread that cannot start is a refusal, as the bound is.
 */
#define LF_DEFAULT_MAX_THREADS 65536
#define LF_IDLE_SECONDS	       5

/*
 * Read the bound (LIBCDEV_MAX_THREADS, at least 2: a receiver and one
 * method; or LF_DEFAULT_MAX_THREADS) and start the thread that retires idle
 * receivers. 0 or a negative errno.
 */
int lf_start(struct lf_pool *pool);

/*
 * Serve channel @chan (its connection blocking: receivers wait in read(2))
 * with a first receiver of its own, whatever the bound. 0 or a negative errno.
 */
int lf_add(struct lf_pool *pool, struct lf_chan *chan, void *data);

/*
 * Before the connection closes: end @chan's receivers (cancelled in their
 * read) and wait until none is left, but the calling thread if it is one of
 * them: it ends once back from its request.
 */
void lf_del(struct lf_pool *pool, struct lf_chan *chan);

/*
 * In a receiver: leave the idle ones before running something that may
 * block. 0, or -EAGAIN when it was its channel's last idle receiver and none
 * could start (all of max_threads are busy, or the start failed): the caller
 * is still idle then, and must not block. A no-op in a thread already out of
 * the idle ones, or in a thread that is no receiver.
 */
int lf_promote(struct lf_pool *pool);

/* Start a detached thread with every signal blocked (signals belong to libcdev_run()). */
int thread_start_nosig(pthread_t *thread, void *(*fn)(void *), void *arg);

#endif
