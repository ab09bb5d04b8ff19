/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The request threads (fuse-common/leaders.c) on pipes rather than kernel
 * connections: each byte written is a request, read by one of the channel's
 * receivers, which waits in a blocking read(2). A method that blocks leaves
 * another receiver reading; a request that would leave its channel with no
 * receiver, when no thread can start, is refused; lf_del() ends receivers
 * blocked in their read, and a receiver may end its own channel.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fuse-common/leaders.h"

/*
 * Linked with --wrap=pthread_create: while fail_thread_start is set, every
 * thread the pool starts fails to start, as when threads or memory run out.
 */
int __real_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
			  void *arg);
int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
			  void *arg);
static atomic_bool fail_thread_start;

int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
			  void *arg)
{
	if (atomic_load(&fail_thread_start))
		return EAGAIN;
	return __real_pthread_create(thread, attr, fn, arg);
}

#include "test-util.h"

/* What a request (one byte) asks of the thread that reads it. */
enum {
	REQ_QUICK = 'q', /* leave the idle receivers, count, return */
	REQ_BLOCK = 'b', /* leave the idle receivers, wait until released */
	REQ_END = 'd',	 /* end its own channel (lf_del()), as a method may */
};

struct pipe_chan {
	struct lf_chan chan;
	int fds[2];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int quick, blocked, refused, ended_own; /* under lock */
static bool released;			       /* under lock */
static atomic_int exits;		       /* threads that ended */

static int pipe_receive(struct lf_chan *chan)
{
	struct pipe_chan *p = chan->data;
	char c;
	ssize_t n = read(p->fds[0], &c, 1);

	if (n < 0)
		return -errno;
	return n == 0 ? 0 : (unsigned char)c;
}

static void count(int *what)
{
	pthread_mutex_lock(&lock);
	(*what)++;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

static void pipe_process(struct lf_chan *chan, int res);
static void pipe_thread_exit(void)
{
	atomic_fetch_add(&exits, 1);
}

static struct lf_pool pool = LF_POOL_INIT(pipe_receive, pipe_process, pipe_thread_exit, "test");

static void pipe_process(struct lf_chan *chan, int res)
{
	if (res <= 0)
		return;
	if (res == REQ_END) {
		lf_del(&pool, chan);
		count(&ended_own);
		return;
	}
	if (lf_promote(&pool) < 0) {
		count(&refused);
		return;
	}
	if (res == REQ_QUICK) {
		count(&quick);
		return;
	}
	pthread_mutex_lock(&lock);
	blocked++;
	pthread_cond_broadcast(&cond);
	while (!released)
		pthread_cond_wait(&cond, &lock);
	blocked--;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

static unsigned int pool_threads(void)
{
	unsigned int n;

	pthread_mutex_lock(&pool.lock);
	n = pool.nr_threads;
	pthread_mutex_unlock(&pool.lock);
	return n;
}

/* Wait (at most 10 s) until *what is at least @n. */
static void wait_for(const int *what, int n)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 10;
	int have;

	pthread_mutex_lock(&lock);
	while (*what < n)
		if (pthread_cond_timedwait(&cond, &lock, &until) == ETIMEDOUT)
			break;
	have = *what;
	pthread_mutex_unlock(&lock);
	if (have < n)
		fail_msg("waited for %d, have %d (quick %d, blocked %d, refused %d, threads %u)", n,
			 have, quick, blocked, refused, pool_threads());
}

static void send_req(struct pipe_chan *p, char req)
{
	assert_int_equal(write(p->fds[1], &req, 1), 1);
}

static void release_blocked(void)
{
	pthread_mutex_lock(&lock);
	released = true;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

/* Threads end (pool->thread_exit) just after they left the counts: wait (at most 10 s). */
static void wait_exits(int n)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };

	for (int i = 0; i < 1000 && atomic_load(&exits) < n; i++)
		nanosleep(&tick, NULL);
	assert_int_equal(atomic_load(&exits), n);
}

/* Each test: a new pipe channel, the counts at 0, the bound of @max_threads. */
static void chan_start(struct pipe_chan *p, const char *max_threads)
{
	pthread_mutex_lock(&lock);
	quick = blocked = refused = ended_own = 0;
	released = false;
	pthread_mutex_unlock(&lock);
	atomic_store(&exits, 0);
	setenv("LIBCDEV_MAX_THREADS", max_threads, 1);
	assert_int_equal(lf_start(&pool), 0);
	assert_int_equal(pipe(p->fds), 0);
	assert_int_equal(lf_add(&pool, &p->chan, p), 0);
	assert_int_equal(pool_threads(), 1);
}

/* lf_del() ends every receiver, those blocked in read(2) included, before it returns. */
static void chan_end(struct pipe_chan *p)
{
	unsigned int threads = pool_threads();

	lf_del(&pool, &p->chan);
	assert_int_equal(pool_threads(), 0);
	wait_exits(threads);
	close(p->fds[0]);
	close(p->fds[1]);
}

/* Wait (at most 10 s) until the methods returned and @n receivers are idle again. */
static void wait_idle(struct pipe_chan *p, int n)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };

	for (int i = 0; i < 1000 && atomic_load(&p->chan.nr_idle) != n; i++)
		nanosleep(&tick, NULL);
	assert_int_equal(atomic_load(&p->chan.nr_idle), n);
}

static void blocked_method_leaves_a_receiver(void **state)
{
	struct pipe_chan p;

	(void)state;
	chan_start(&p, "8");
	send_req(&p, REQ_BLOCK);
	wait_for(&blocked, 1);
	send_req(&p, REQ_BLOCK);
	wait_for(&blocked, 2);
	/* Two receivers in methods, and still one reads on. */
	send_req(&p, REQ_QUICK);
	wait_for(&quick, 1);
	assert_true(pool_threads() >= 3);
	release_blocked();
	pthread_mutex_lock(&lock);
	while (blocked)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	chan_end(&p);
	assert_int_equal(refused, 0);
}

static void refused_when_no_thread_can_start(void **state)
{
	struct pipe_chan p;

	(void)state;
	test_log_everything();
	/* One receiver of the channel's own and 2 more: two block, the third is refused. */
	chan_start(&p, "2");
	send_req(&p, REQ_BLOCK);
	wait_for(&blocked, 1);
	send_req(&p, REQ_BLOCK);
	wait_for(&blocked, 2);
	assert_int_equal(pool_threads(), 3);
	send_req(&p, REQ_QUICK);
	send_req(&p, REQ_QUICK);
	wait_for(&refused, 2);
	assert_int_equal(quick, 0);
	assert_non_null(strstr(test_log_take(), "all 2 request threads are in driver methods"));
	/* The refused requests did not keep their thread: all three read again. */
	release_blocked();
	wait_idle(&p, 3);
	send_req(&p, REQ_QUICK);
	wait_for(&quick, 1);
	assert_int_equal(refused, 2);
	chan_end(&p);
}

static void receiver_ends_its_own_channel(void **state)
{
	struct pipe_chan p;
	struct timespec tick = { 0, 10 * 1000 * 1000 };

	(void)state;
	chan_start(&p, "8");
	send_req(&p, REQ_BLOCK);
	wait_for(&blocked, 1);
	release_blocked();
	pthread_mutex_lock(&lock);
	while (blocked)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	/* Two receivers now: one ends the channel, the other is cancelled in its read. */
	send_req(&p, REQ_END);
	wait_for(&ended_own, 1);
	for (int i = 0; i < 1000 && pool_threads(); i++)
		nanosleep(&tick, NULL);
	assert_int_equal(pool_threads(), 0);
	wait_exits(2);
	close(p.fds[0]);
	close(p.fds[1]);
}

/* No thread can start: the channel is not served, and nothing of it is left. */
static void channel_refused_when_no_thread_starts(void **state)
{
	struct pipe_chan p;

	(void)state;
	test_log_everything();
	setenv("LIBCDEV_MAX_THREADS", "8", 1);
	assert_int_equal(lf_start(&pool), 0);
	assert_int_equal(pipe(p.fds), 0);
	atomic_store(&fail_thread_start, true);
	assert_int_equal(lf_add(&pool, &p.chan, &p), -EAGAIN);
	atomic_store(&fail_thread_start, false);
	assert_non_null(strstr(test_log_take(), "cannot start a request thread"));
	assert_int_equal(pool_threads(), 0);
	pthread_mutex_lock(&pool.lock);
	assert_null(pool.chans);
	assert_int_equal(pool.nr_chans, 0);
	pthread_mutex_unlock(&pool.lock);
	close(p.fds[0]);
	close(p.fds[1]);
}

/*
 * A request that takes the last idle receiver, when no other can start, is
 * refused and its receiver reads on; once threads start again, requests run
 * and the pool counts only the threads that exist.
 */
static void request_refused_when_no_thread_starts(void **state)
{
	struct pipe_chan p;

	(void)state;
	test_log_everything();
	chan_start(&p, "8");
	atomic_store(&fail_thread_start, true);
	send_req(&p, REQ_QUICK);
	send_req(&p, REQ_BLOCK);
	wait_for(&refused, 2);
	atomic_store(&fail_thread_start, false);
	/* Not the bound: the log says why threads did not start. */
	assert_non_null(strstr(test_log_take(), "cannot start a request thread (Resource "
						"temporarily unavailable)"));
	assert_int_equal(pool_threads(), 1);
	wait_idle(&p, 1);
	assert_int_equal(quick + blocked, 0);
	send_req(&p, REQ_QUICK);
	wait_for(&quick, 1);
	assert_int_equal(pool_threads(), 2);
	assert_int_equal(refused, 2);
	chan_end(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(blocked_method_leaves_a_receiver),
		cmocka_unit_test(refused_when_no_thread_can_start),
		cmocka_unit_test(receiver_ends_its_own_channel),
		cmocka_unit_test(channel_refused_when_no_thread_starts),
		cmocka_unit_test(request_refused_when_no_thread_starts),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
