/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <signal.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/backend.h"
#include "leaders.h"

/*
 * A receiver's state, for the retiring thread: it retires only receivers
 * waiting in their read (LF_READING), and takes them out of the idle count
 * as it does; a receiver that finds itself LF_RETIRING after its read runs
 * the request it read, if any, and ends.
 */
enum { LF_RUNNING, LF_READING, LF_RETIRING };

#define LF_CACHE_LINE 64

/*
 * A cache line each: what a receiver writes per request (state, busy) is
 * its own, so receivers of one channel do not contend but on nr_idle.
 */
struct lf_thread {
	alignas(LF_CACHE_LINE) struct lf_pool *pool;
	struct lf_chan *chan;	/* NULL once it left an ending channel (lf_del()) */
	struct lf_thread *next; /* under pool->lock */
	pthread_t tid;
	atomic_int state;
	/* It received a request since the retiring thread's last look (which clears it). */
	atomic_bool busy;
};

/* This thread, when it is a receiver. */
static _Thread_local _tls_hot_ struct lf_thread *self;
/* This thread left the idle receivers (lf_promote()): it is in a method. */
static _Thread_local _tls_hot_ bool promoted;

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

/* Called with pool->lock held: unlink @t from its channel. */
static void lf_unlink_locked(struct lf_thread *t)
{
	struct lf_thread **pp;

	for (pp = &t->chan->threads; *pp && *pp != t; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = t->next;
	t->chan->nr_threads--;
}

/*
 * Called with pool->lock held, in receiver @t: leave its channel, as when it
 * ends; lf_del() calls it in a receiver of the channel it ends, which ends
 * once back from its request.
 */
static void lf_leave_locked(struct lf_thread *t)
{
	/* Still counted idle unless in a method or retired. */
	if (!promoted && atomic_load(&t->state) != LF_RETIRING)
		atomic_fetch_sub(&t->chan->nr_idle, 1);
	lf_unlink_locked(t);
	t->chan = NULL;
}

/* The end of a receiver, by return or by cancellation in its read. */
static void lf_thread_end(void *arg)
{
	struct lf_thread *t = arg;
	struct lf_pool *pool = t->pool;

	pthread_mutex_lock(&pool->lock);
	if (t->chan)
		lf_leave_locked(t);
	pool->nr_threads--;
	pthread_cond_broadcast(&pool->cond);
	pthread_mutex_unlock(&pool->lock);
	self = NULL;
	free(t);
	if (pool->thread_exit)
		pool->thread_exit();
}

/* Back among the idle receivers after a method: requests are served again. */
static void lf_unpromote(struct lf_pool *pool, struct lf_chan *chan)
{
	promoted = false;
	atomic_fetch_add(&chan->nr_idle, 1);
	/* Read first: a store per request would bounce the pool's line between threads. */
	if (atomic_load_explicit(&pool->refusing, memory_order_relaxed))
		atomic_store(&pool->refusing, false);
}

/* Wait for a request of @t's channel with cancellation enabled: lf_del() and retiring end it there. */
static int lf_receive(struct lf_pool *pool, struct lf_thread *t)
{
	int res;

	atomic_store_explicit(&t->state, LF_READING, memory_order_release);
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
	res = pool->receive(t->chan);
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
	return res;
}

/* Receive and run requests until the channel ends, or this receiver retires. */
static void lf_serve(struct lf_thread *t)
{
	struct lf_pool *pool = t->pool;

	for (;;) {
		int reading = LF_READING, res;
		bool retiring;

		if (atomic_load(&t->chan->ending))
			return;
		res = lf_receive(pool, t);
		retiring = !atomic_compare_exchange_strong(&t->state, &reading, LF_RUNNING);
		/* Retired while it read: out of the idle count already, another one is idle. */
		if (retiring)
			promoted = true;
		if (res > 0 && !atomic_load_explicit(&t->busy, memory_order_relaxed))
			atomic_store_explicit(&t->busy, true, memory_order_relaxed);
		pool->process(t->chan, res);
		if (retiring || !t->chan)
			return;
		if (promoted)
			lf_unpromote(pool, t->chan);
		if (res <= 0 && res != -EINTR && res != -EAGAIN)
			return; /* the connection is gone */
	}
}

/*
 * Not instrumented by AddressSanitizer: a cancellation comes back here by a
 * long jump over the frames it unwound, whose stack poison is left behind,
 * and the sanitizer's own hook before the last call of pthread_cleanup_push()
 * (__pthread_unwind_next(), which does not return) then trips on it.
 */
__attribute__((no_sanitize_address)) static void *lf_main(void *arg)
{
	struct lf_thread *t = arg;

	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
	self = t;
	pthread_cleanup_push(lf_thread_end, t);
	lf_serve(t);
	pthread_cleanup_pop(1);
	return NULL;
}

/* Called with pool->lock held: one more receiver of @chan, idle from the start, or -errno. */
static int lf_spawn_locked(struct lf_pool *pool, struct lf_chan *chan)
{
	struct lf_thread *t = aligned_alloc(LF_CACHE_LINE, sizeof(*t));
	int err;

	if (!t)
		return -ENOMEM;
	memset(t, 0, sizeof(*t));
	t->pool = pool;
	t->chan = chan;
	atomic_init(&t->state, LF_RUNNING);
	atomic_fetch_add(&chan->nr_idle, 1);
	/* Linked first: the thread may end at once, and unlinks itself under the lock. */
	t->next = chan->threads;
	chan->threads = t;
	chan->nr_threads++;
	pool->nr_threads++;
	err = thread_start_nosig(&t->tid, lf_main, t);
	if (err) {
		atomic_fetch_sub(&chan->nr_idle, 1);
		lf_unlink_locked(t);
		pool->nr_threads--;
		free(t);
	}
	return err;
}

/*
 * Called with pool->lock held: say once, until a thread is free again, why
 * requests fail: @err 0 for the bound, else why a thread did not start.
 */
static void lf_refuse_locked(struct lf_pool *pool, int err)
{
	if (atomic_exchange(&pool->refusing, true))
		return;
	if (!err)
		pr_err_lib(
			"%s: all %u request threads are in driver methods (LIBCDEV_MAX_THREADS): "
			"requests fail EAGAIN until one returns",
			pool->name, pool->max_threads);
	else
		pr_err_lib("%s: cannot start a request thread (%s): requests fail EAGAIN until one "
			   "returns",
			   pool->name, strerror(-err));
}

int lf_promote(struct lf_pool *pool)
{
	struct lf_chan *chan = self ? self->chan : NULL;
	bool at_bound;
	int err;

	if (promoted || !chan)
		return 0;
	/* Another receiver is idle: it takes the next request. The common case. */
	if (atomic_fetch_sub(&chan->nr_idle, 1) > 1) {
		promoted = true;
		return 0;
	}
	pthread_mutex_lock(&pool->lock);
	/* Every channel keeps its one receiver; max_threads bounds the others. */
	at_bound = pool->nr_threads >= pool->nr_chans + pool->max_threads;
	err = at_bound ? -EAGAIN : lf_spawn_locked(pool, chan);
	if (err)
		lf_refuse_locked(pool, at_bound ? 0 : err);
	pthread_mutex_unlock(&pool->lock);
	if (err) {
		atomic_fetch_add(&chan->nr_idle, 1);
		return -EAGAIN;
	}
	promoted = true;
	return 0;
}

/* Called with pool->lock held: a channel with no request since the last look keeps one idle receiver. */
static void lf_retire_locked(struct lf_chan *chan)
{
	bool quiet = true;

	for (struct lf_thread *t = chan->threads; t; t = t->next)
		if (atomic_exchange_explicit(&t->busy, false, memory_order_relaxed))
			quiet = false;
	if (!quiet || atomic_load(&chan->ending))
		return;
	for (struct lf_thread *t = chan->threads; t; t = t->next) {
		int idle = atomic_load(&chan->nr_idle), reading = LF_READING;

		/* Out of the idle count first: lf_promote() then never counts on this one. */
		do {
			if (idle <= 1)
				return;
		} while (!atomic_compare_exchange_weak(&chan->nr_idle, &idle, idle - 1));
		if (atomic_compare_exchange_strong(&t->state, &reading, LF_RETIRING))
			pthread_cancel(t->tid);
		else
			atomic_fetch_add(&chan->nr_idle, 1);
	}
}

/* Every LF_IDLE_SECONDS: idle receivers beyond one per quiet channel end. */
static void *lf_retirer(void *arg)
{
	struct lf_pool *pool = arg;

	for (;;) {
		sleep(LF_IDLE_SECONDS);
		pthread_mutex_lock(&pool->lock);
		for (struct lf_chan *c = pool->chans; c; c = c->next)
			lf_retire_locked(c);
		pthread_mutex_unlock(&pool->lock);
	}
	return NULL;
}

int lf_add(struct lf_pool *pool, struct lf_chan *chan, void *data)
{
	int err;

	memset(chan, 0, sizeof(*chan));
	chan->pool = pool;
	chan->data = data;
	pthread_mutex_lock(&pool->lock);
	err = lf_spawn_locked(pool, chan);
	if (!err) {
		chan->next = pool->chans;
		pool->chans = chan;
		pool->nr_chans++;
	}
	pthread_mutex_unlock(&pool->lock);
	if (err)
		pr_err_lib("%s: cannot start a request thread: %s", pool->name, strerror(-err));
	return err;
}

void lf_del(struct lf_pool *pool, struct lf_chan *chan)
{
	struct lf_chan **pp;

	pthread_mutex_lock(&pool->lock);
	atomic_store(&chan->ending, true);
	if (self && self->chan == chan)
		lf_leave_locked(self);
	/* Those in a method are not cancelled there: they see ->ending before their next read. */
	for (struct lf_thread *t = chan->threads; t; t = t->next)
		pthread_cancel(t->tid);
	while (chan->nr_threads)
		pthread_cond_wait(&pool->cond, &pool->lock);
	for (pp = &pool->chans; *pp && *pp != chan; pp = &(*pp)->next)
		;
	if (*pp) {
		*pp = chan->next;
		pool->nr_chans--;
	}
	pthread_mutex_unlock(&pool->lock);
}

static unsigned int lf_max_threads(void)
{
	const char *s = getenv("LIBCDEV_MAX_THREADS");
	long v = s && *s ? strtol(s, NULL, 10) : 0;

	if (v <= 0)
		return LF_DEFAULT_MAX_THREADS;
	return v < 2 ? 2 : v > 65536 ? 65536 : (unsigned int)v;
}

/*
 * Retiring cancels a receiver in its read(2). That loses no request only
 * where a cancellation that arrives as the read returns data is not acted
 * upon there but left pending (so the request read is run): musl always,
 * glibc since 2.34 (bug 12683). With an older glibc, idle receivers stay.
 */
#if defined(__GLIBC__) && (__GLIBC__ < 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ < 34))
#define LF_CAN_RETIRE false
#else
#define LF_CAN_RETIRE true
#endif

int lf_start(struct lf_pool *pool)
{
	pthread_t t;
	int err = 0;

	pthread_mutex_lock(&pool->lock);
	pool->max_threads = lf_max_threads();
	if (!pool->started && LF_CAN_RETIRE) {
		err = thread_start_nosig(&t, lf_retirer, pool);
		pool->started = !err;
	}
	pthread_mutex_unlock(&pool->lock);
	if (err)
		pr_err_lib("%s: cannot start the thread that retires idle ones: %s", pool->name,
			   strerror(-err));
	return err;
}
