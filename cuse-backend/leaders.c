/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "libcdev/libcdev-private.h"
#include "leaders.h"

/* This thread left the idle ones (lf_promote()): it is in a method. */
static _Thread_local bool promoted;

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

/* An idle thread that waited LF_IDLE_SECONDS for nothing ends, unless no other is idle. */
static bool lf_retire(struct lf_pool *pool)
{
	int idle = atomic_load(&pool->nr_idle);

	while (idle > 1)
		if (atomic_compare_exchange_weak(&pool->nr_idle, &idle, idle - 1))
			return true;
	return false;
}

/* Back among the idle threads after a method: requests are served again. */
static void lf_unpromote(struct lf_pool *pool)
{
	promoted = false;
	atomic_fetch_add(&pool->nr_idle, 1);
	atomic_store(&pool->refusing, false);
}

static void *lf_main(void *arg)
{
	struct lf_pool *pool = arg;

	for (;;) {
		struct epoll_event ev;
		int nr;

		if (atomic_load(&pool->stopped)) {
			atomic_fetch_sub(&pool->nr_idle, 1);
			break;
		}
		nr = epoll_wait(pool->epfd, &ev, 1, LF_IDLE_SECONDS * 1000);
		if (nr == 0 && lf_retire(pool))
			break;
		if (nr < 0 && errno != EINTR)
			pr_err_lib("%s: epoll_wait: %s", pool->name, strerror(errno));
		if (nr <= 0 || ev.data.ptr == &pool->stopfd)
			continue;
		pool->event(pool, ev.data.ptr);
		if (promoted)
			lf_unpromote(pool);
	}
	pthread_mutex_lock(&pool->lock);
	pool->nr_threads--;
	pthread_mutex_unlock(&pool->lock);
	if (pool->thread_exit)
		pool->thread_exit();
	return NULL;
}

/* Called with pool->lock held: one more thread, idle from the start, or -errno. */
static int lf_spawn_locked(struct lf_pool *pool)
{
	pthread_t t;
	int err;

	atomic_fetch_add(&pool->nr_idle, 1);
	err = thread_start_nosig(&t, lf_main, pool);
	if (err)
		atomic_fetch_sub(&pool->nr_idle, 1);
	else
		pool->nr_threads++;
	return err;
}

/* Called with pool->lock held: say once, until a thread is free again, why requests fail. */
static void lf_refuse_locked(struct lf_pool *pool, int err)
{
	if (atomic_exchange(&pool->refusing, true))
		return;
	if (err == -EAGAIN)
		pr_err_lib("%s: all %u request threads are in driver methods (LIBCDEV_MAX_THREADS): "
			   "requests fail EAGAIN until one returns", pool->name, pool->max_threads);
	else
		pr_err_lib("%s: cannot start a request thread (%s): requests fail EAGAIN until one "
			   "returns", pool->name, strerror(-err));
}

int lf_promote(struct lf_pool *pool)
{
	int err;

	if (promoted)
		return 0;
	/* Another thread is idle: it receives the next request. The common case. */
	if (atomic_fetch_sub(&pool->nr_idle, 1) > 1) {
		promoted = true;
		return 0;
	}
	pthread_mutex_lock(&pool->lock);
	if (pool->nr_threads >= pool->max_threads)
		err = -EAGAIN;
	else
		err = lf_spawn_locked(pool);
	if (err)
		lf_refuse_locked(pool, err);
	pthread_mutex_unlock(&pool->lock);
	if (err) {
		atomic_fetch_add(&pool->nr_idle, 1);
		return -EAGAIN;
	}
	promoted = true;
	return 0;
}

void lf_stop(struct lf_pool *pool)
{
	uint64_t one = 1;

	atomic_store(&pool->stopped, true);
	/* Level-triggered and never read: it wakes every waiting thread, one after the other. */
	if (write(pool->stopfd, &one, sizeof(one)) < 0)
		pr_err_lib("%s: cannot stop the request threads: %s", pool->name, strerror(errno));
}

static int lf_ctl(struct lf_pool *pool, int op, int fd, void *data)
{
	struct epoll_event ev = { .events = EPOLLIN | EPOLLONESHOT, .data.ptr = data };

	return epoll_ctl(pool->epfd, op, fd, &ev) < 0 ? -errno : 0;
}

int lf_add(struct lf_pool *pool, int fd, void *data)
{
	return lf_ctl(pool, EPOLL_CTL_ADD, fd, data);
}

int lf_rearm(struct lf_pool *pool, int fd, void *data)
{
	return lf_ctl(pool, EPOLL_CTL_MOD, fd, data);
}

void lf_del(struct lf_pool *pool, int fd)
{
	epoll_ctl(pool->epfd, EPOLL_CTL_DEL, fd, NULL);
}

static unsigned int lf_max_threads(void)
{
	const char *s = getenv("LIBCDEV_MAX_THREADS");
	long v = s && *s ? strtol(s, NULL, 10) : 0;

	if (v <= 0)
		return LF_DEFAULT_MAX_THREADS;
	return v < 2 ? 2 : v > 65536 ? 65536 : (unsigned int)v;
}

/* Called with pool->lock held: the epoll set, with the stop event in it. */
static int lf_make_set_locked(struct lf_pool *pool)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.ptr = &pool->stopfd };
	uint64_t v;

	if (pool->epfd >= 0) {
		/* Started again after a stop. */
		if (read(pool->stopfd, &v, sizeof(v)) < 0 && errno != EAGAIN)
			return -errno;
		return 0;
	}
	pool->epfd = epoll_create1(EPOLL_CLOEXEC);
	pool->stopfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (pool->epfd >= 0 && pool->stopfd >= 0 &&
	    epoll_ctl(pool->epfd, EPOLL_CTL_ADD, pool->stopfd, &ev) == 0)
		return 0;
	v = errno;
	if (pool->epfd >= 0)
		close(pool->epfd);
	if (pool->stopfd >= 0)
		close(pool->stopfd);
	pool->epfd = pool->stopfd = -1;
	return -(int)v;
}

int lf_start(struct lf_pool *pool)
{
	int err;

	pthread_mutex_lock(&pool->lock);
	err = lf_make_set_locked(pool);
	if (!err) {
		pool->max_threads = lf_max_threads();
		atomic_store(&pool->stopped, false);
		err = lf_spawn_locked(pool);
	}
	pthread_mutex_unlock(&pool->lock);
	if (err)
		pr_err_lib("%s: cannot start a request thread: %s", pool->name, strerror(-err));
	return err;
}
