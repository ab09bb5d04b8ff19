/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Read-write semaphores through <linux/rwsem.h>: readers share, a writer
 * excludes everyone, a waiting writer keeps new readers out until it has
 * had its turn, downgrade_write() lets readers in and no writer, the
 * _killable forms end with -EINTR on "a signal" without taking the lock,
 * and the sleeping forms are checked at the driver's line as mutexes are.
 *
 * A thread that must be asleep is waited for through waitqueue_active()
 * (bounded, no sleeps); "a signal" is libcdev_task_interrupt().
 */
#include <linux/module.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

#include <pthread.h>
#include <sched.h>
#include <string.h>

#include "test-util.h"

struct waiter {
	pthread_t thread;
	struct task_struct *task;
	int (*fn)(struct rw_semaphore *sem);
	struct rw_semaphore *sem;
	int ret;
	int done;
};

static void *waiter_main(void *arg)
{
	struct waiter *w = arg;

	__atomic_store_n(&w->task, current, __ATOMIC_RELEASE);
	w->ret = w->fn(w->sem);
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void waiter_start(struct waiter *w, int (*fn)(struct rw_semaphore *),
			 struct rw_semaphore *sem)
{
	memset(w, 0, sizeof(*w));
	w->fn = fn;
	w->sem = sem;
	assert_int_equal(pthread_create(&w->thread, NULL, waiter_main, w), 0);
	while (!__atomic_load_n(&w->task, __ATOMIC_ACQUIRE))
		sched_yield();
}

static void wait_until_sleeping(struct rw_semaphore *sem)
{
	for (int i = 0; i < 5000000 && !waitqueue_active(&sem->wait); i++)
		sched_yield();
	assert_true(waitqueue_active(&sem->wait));
}

static int waiter_join(struct waiter *w)
{
	pthread_join(w->thread, NULL);
	return w->ret;
}

static int do_read(struct rw_semaphore *sem)
{
	down_read(sem);
	up_read(sem);
	return 1;
}

static int do_write(struct rw_semaphore *sem)
{
	down_write(sem);
	/* A writer is alone: no reader got in beside it. */
	assert_false(down_read_trylock(sem));
	up_write(sem);
	return 1;
}

static int do_write_killable(struct rw_semaphore *sem)
{
	int ret = down_write_killable(sem);

	if (!ret)
		up_write(sem);
	return ret;
}

static int do_read_killable(struct rw_semaphore *sem)
{
	int ret = down_read_killable(sem);

	if (!ret)
		up_read(sem);
	return ret;
}

static void test_readers_share(void **state)
{
	DECLARE_RWSEM(sem);
	struct waiter w;

	(void)state;
	down_read(&sem);
	/* A second reader, on another thread, gets in at once. */
	waiter_start(&w, do_read, &sem);
	assert_int_equal(waiter_join(&w), 1);
	assert_int_equal(down_read_trylock(&sem), 1);
	assert_int_equal(down_write_trylock(&sem), 0);
	assert_true(rwsem_is_locked(&sem));
	up_read(&sem);
	up_read(&sem);
	assert_false(rwsem_is_locked(&sem));
	assert_int_equal(down_write_trylock(&sem), 1);
	up_write(&sem);
}

static void test_writer_excludes(void **state)
{
	struct rw_semaphore sem;
	struct waiter w;

	(void)state;
	init_rwsem(&sem);
	down_write(&sem);
	assert_int_equal(down_read_trylock(&sem), 0);
	assert_int_equal(down_write_trylock(&sem), 0);
	waiter_start(&w, do_read, &sem);
	wait_until_sleeping(&sem);
	assert_true(rwsem_is_contended(&sem));
	assert_false(__atomic_load_n(&w.done, __ATOMIC_ACQUIRE));
	up_write(&sem);
	assert_int_equal(waiter_join(&w), 1);
	assert_false(rwsem_is_locked(&sem));
}

static void test_waiting_writer_first(void **state)
{
	DECLARE_RWSEM(sem);
	struct waiter writer, reader;

	(void)state;
	down_read(&sem);
	waiter_start(&writer, do_write, &sem);
	wait_until_sleeping(&sem);
	/* New readers wait behind the writer, though only readers hold the lock. */
	assert_int_equal(down_read_trylock(&sem), 0);
	waiter_start(&reader, do_read, &sem);
	for (int i = 0; i < 1000; i++)
		sched_yield();
	assert_false(__atomic_load_n(&reader.done, __ATOMIC_ACQUIRE));
	up_read(&sem);
	assert_int_equal(waiter_join(&writer), 1);
	assert_int_equal(waiter_join(&reader), 1);
	assert_false(rwsem_is_locked(&sem));
}

static void test_downgrade(void **state)
{
	DECLARE_RWSEM(sem);
	struct waiter r, w;

	(void)state;
	down_write(&sem);
	waiter_start(&r, do_read, &sem);
	wait_until_sleeping(&sem);
	downgrade_write(&sem);
	/* The sleeping reader gets in beside us; a writer does not. */
	assert_int_equal(waiter_join(&r), 1);
	assert_int_equal(down_write_trylock(&sem), 0);
	waiter_start(&w, do_write, &sem);
	wait_until_sleeping(&sem);
	up_read(&sem);
	assert_int_equal(waiter_join(&w), 1);
}

static void test_killable(void **state)
{
	DECLARE_RWSEM(sem);
	struct waiter w, r;

	(void)state;
	down_read(&sem);
	waiter_start(&w, do_write_killable, &sem);
	wait_until_sleeping(&sem);
	waiter_start(&r, do_read_killable, &sem); /* held off by the waiting writer */
	libcdev_task_interrupt(w.task);
	assert_int_equal(waiter_join(&w), -EINTR);
	/* The writer gave up: the reader it held off gets in, and the writer never held it. */
	assert_int_equal(waiter_join(&r), 0);
	up_read(&sem);
	assert_false(rwsem_is_locked(&sem));

	down_write(&sem);
	waiter_start(&r, do_read_killable, &sem);
	wait_until_sleeping(&sem);
	libcdev_task_interrupt(r.task);
	assert_int_equal(waiter_join(&r), -EINTR);
	up_write(&sem);
	assert_int_equal(down_read_interruptible(&sem), 0);
	up_read(&sem);
}

static DEFINE_SPINLOCK(spin);

static void test_checked(void **state)
{
	DECLARE_RWSEM(sem);
	char site[48];
	int line;

	(void)state;
	test_log_everything();
	spin_lock(&spin);
	line = __LINE__ + 1;
	down_read(&sem);
	up_read(&sem);
	spin_unlock(&spin);
	snprintf(site, sizeof(site), "test-krwsem.c:%d", line);
	assert_non_null(
		strstr(test_log_peek(), "BUG: sleeping function called from invalid context"));
	assert_non_null(strstr(test_log_take(), site));

	line = __LINE__ + 1;
	up_write(&sem);
	snprintf(site, sizeof(site), "test-krwsem.c:%d", line);
	assert_non_null(strstr(test_log_peek(), "WARNING: bad unlock balance detected!"));
	assert_non_null(strstr(test_log_take(), site));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_readers_share),
		cmocka_unit_test(test_writer_excludes),
		cmocka_unit_test(test_waiting_writer_first),
		cmocka_unit_test(test_downgrade),
		cmocka_unit_test(test_killable),
		cmocka_unit_test(test_checked),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
