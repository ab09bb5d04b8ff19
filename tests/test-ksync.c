/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's sleeping primitives under contention and interruption:
 * mutexes, semaphores, completions, the explicit prepare_to_wait()/schedule()
 * loop, waitqueue_active() seeing the sleepers of wait_event*(), and the real
 * versus effective uid of `current`.
 *
 * A thread that must be asleep is waited for through waitqueue_active() on
 * the queue it sleeps on (a barrier, no sleeps); "a signal" is
 * libcdev_task_interrupt() on the thread's task, as the backends deliver it.
 */
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include <libcdev/ksync.h>

#include "test-util.h"

/* A helper thread: runs @fn, publishes its task first. */
struct waiter {
	pthread_t thread;
	struct task_struct *task;
	int (*fn)(struct waiter *w);
	void *obj;
	int ret;
	int done;
};

static void *waiter_main(void *arg)
{
	struct waiter *w = arg;

	__atomic_store_n(&w->task, current, __ATOMIC_RELEASE);
	w->ret = w->fn(w);
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void waiter_start(struct waiter *w, int (*fn)(struct waiter *), void *obj)
{
	w->fn = fn;
	w->obj = obj;
	w->task = NULL;
	w->done = 0;
	assert_int_equal(pthread_create(&w->thread, NULL, waiter_main, w), 0);
	while (!__atomic_load_n(&w->task, __ATOMIC_ACQUIRE))
		sched_yield();
}

/* Bounded: a waiter that never sleeps fails the test instead of hanging it. */
static void wait_until_sleeping(wait_queue_head_t *wq)
{
	for (int i = 0; i < 5000000 && !waitqueue_active(wq); i++)
		sched_yield();
	assert_true(waitqueue_active(wq));
}

static int waiter_join(struct waiter *w)
{
	pthread_join(w->thread, NULL);
	return w->ret;
}

static int do_mutex_lock(struct waiter *w)
{
	struct mutex *m = w->obj;

	mutex_lock(m);
	mutex_unlock(m);
	return 0;
}

static int do_mutex_lock_interruptible(struct waiter *w)
{
	struct mutex *m = w->obj;
	int ret = mutex_lock_interruptible(m);

	if (ret == 0)
		mutex_unlock(m);
	return ret;
}

static void test_mutex_contention(void **state)
{
	DEFINE_MUTEX(m);
	struct waiter w;

	(void)state;
	assert_int_equal(mutex_trylock(&m), 1);
	assert_true(mutex_is_locked(&m));
	assert_int_equal(mutex_trylock(&m), 0);
	waiter_start(&w, do_mutex_lock, &m);
	wait_until_sleeping(&m.wait);
	assert_false(__atomic_load_n(&w.done, __ATOMIC_ACQUIRE));
	mutex_unlock(&m);
	assert_int_equal(waiter_join(&w), 0);
	assert_false(mutex_is_locked(&m));
	assert_false(waitqueue_active(&m.wait));
}

static void test_mutex_interrupted(void **state)
{
	struct mutex m;
	struct waiter w;

	(void)state;
	mutex_init(&m);
	mutex_lock(&m);
	waiter_start(&w, do_mutex_lock_interruptible, &m);
	wait_until_sleeping(&m.wait);
	libcdev_task_interrupt(w.task);
	assert_int_equal(waiter_join(&w), -EINTR);
	/* The interrupted waiter did not take the lock. */
	assert_true(mutex_is_locked(&m));
	mutex_unlock(&m);
	/* Uncontended, the interruptible form takes it. */
	assert_int_equal(mutex_lock_interruptible(&m), 0);
	mutex_unlock(&m);
	mutex_destroy(&m);
}

static int do_down_interruptible(struct waiter *w)
{
	return down_interruptible(w->obj);
}

static int do_down_timeout(struct waiter *w)
{
	return down_timeout(w->obj, 2000);
}

static long long monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* Linux 6.1's one-argument form: a binary semaphore. */
static void test_semaphore_one_argument(void **state)
{
	DEFINE_SEMAPHORE(bin);

	(void)state;
	assert_int_equal(bin.count, 1);
	assert_int_equal(down_trylock(&bin), 0);
	assert_int_equal(down_trylock(&bin), 1);
	up(&bin);
	assert_int_equal(down_trylock(&bin), 0);
}

static void test_semaphore(void **state)
{
	DEFINE_SEMAPHORE(sem, 2);
	long long started;
	struct waiter w;

	(void)state;
	down(&sem);
	assert_int_equal(down_trylock(&sem), 0);
	/* The kernel's inverse sense: 1 when no unit was free. */
	assert_int_equal(down_trylock(&sem), 1);
	assert_int_equal(down_timeout(&sem, 20), -ETIME);
	waiter_start(&w, do_down_interruptible, &sem);
	wait_until_sleeping(&sem.wait);
	up(&sem);
	assert_int_equal(waiter_join(&w), 0);
	assert_int_equal(down_trylock(&sem), 1);

	waiter_start(&w, do_down_interruptible, &sem);
	wait_until_sleeping(&sem.wait);
	libcdev_task_interrupt(w.task);
	assert_int_equal(waiter_join(&w), -EINTR);
	up(&sem);
	assert_int_equal(down_timeout(&sem, 1000), 0);

	/* down_timeout() sleeps uninterruptibly: a signal neither ends it nor restarts its clock. */
	started = monotonic_ms();
	waiter_start(&w, do_down_timeout, &sem);
	wait_until_sleeping(&sem.wait);
	usleep(1000 * 1000);
	libcdev_task_interrupt(w.task);
	assert_int_equal(waiter_join(&w), -ETIME);
	/* Its 2 s from the start, not from the signal half-way (3 s); slack for a busy machine. */
	assert_true(monotonic_ms() - started < 2800);
	waiter_start(&w, do_down_timeout, &sem);
	wait_until_sleeping(&sem.wait);
	libcdev_task_interrupt(w.task);
	up(&sem);
	assert_int_equal(waiter_join(&w), 0);
}

static int do_wait_for_completion(struct waiter *w)
{
	return wait_for_completion_interruptible(w->obj);
}

/* Its time left (> 0), or 0 when 2 s ran out. */
static int do_wait_for_completion_timeout(struct waiter *w)
{
	return (int)wait_for_completion_timeout(w->obj, 2000);
}

static void test_completion(void **state)
{
	DECLARE_COMPLETION(done);
	long long started;
	struct waiter w;

	(void)state;
	assert_false(completion_done(&done));
	assert_false(try_wait_for_completion(&done));
	assert_int_equal(wait_for_completion_timeout(&done, 10), 0);
	waiter_start(&w, do_wait_for_completion, &done);
	wait_until_sleeping(&done.wait);
	complete(&done);
	assert_int_equal(waiter_join(&w), 0);
	/* One complete() lets exactly one wait through. */
	assert_false(completion_done(&done));

	complete(&done);
	complete(&done);
	assert_true(try_wait_for_completion(&done));
	assert_true(wait_for_completion_timeout(&done, 1000) > 0);
	assert_false(try_wait_for_completion(&done));

	complete_all(&done);
	wait_for_completion(&done);
	wait_for_completion(&done);
	assert_true(completion_done(&done));
	reinit_completion(&done);
	assert_false(completion_done(&done));

	waiter_start(&w, do_wait_for_completion, &done);
	wait_until_sleeping(&done.wait);
	libcdev_task_interrupt(w.task);
	assert_int_equal(waiter_join(&w), -ERESTARTSYS);

	/* wait_for_completion_timeout() sleeps uninterruptibly too. */
	started = monotonic_ms();
	waiter_start(&w, do_wait_for_completion_timeout, &done);
	wait_until_sleeping(&done.wait);
	usleep(1000 * 1000);
	libcdev_task_interrupt(w.task);
	assert_int_equal(waiter_join(&w), 0);
	assert_true(monotonic_ms() - started < 2800);
	waiter_start(&w, do_wait_for_completion_timeout, &done);
	wait_until_sleeping(&done.wait);
	libcdev_task_interrupt(w.task);
	complete(&done);
	assert_true(waiter_join(&w) > 0);
}

/* The explicit loop of LDD3's scullp-style drivers, on a flag. */
static struct {
	wait_queue_head_t wq;
	int flag;
} ev;

static int do_explicit_wait(struct waiter *w)
{
	wait_queue_entry_t wait = { NULL, NULL, autoremove_wake_function, NULL };
	int ret = 0;

	(void)w;
	for (;;) {
		prepare_to_wait(&ev.wq, &wait, TASK_INTERRUPTIBLE);
		if (__atomic_load_n(&ev.flag, __ATOMIC_ACQUIRE))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&ev.wq, &wait);
	return ret;
}

static void test_explicit_wait(void **state)
{
	struct waiter w;

	(void)state;
	init_waitqueue_head(&ev.wq);
	ev.flag = 0;
	assert_false(waitqueue_active(&ev.wq));
	waiter_start(&w, do_explicit_wait, NULL);
	wait_until_sleeping(&ev.wq);
	/* The waker of the kernel's idiom: only wake when someone waits. */
	__atomic_store_n(&ev.flag, 1, __ATOMIC_RELEASE);
	if (waitqueue_active(&ev.wq))
		wake_up_interruptible(&ev.wq);
	assert_int_equal(waiter_join(&w), 0);
	assert_false(waitqueue_active(&ev.wq));

	ev.flag = 0;
	waiter_start(&w, do_explicit_wait, NULL);
	wait_until_sleeping(&ev.wq);
	libcdev_task_interrupt(w.task);
	assert_int_equal(waiter_join(&w), -ERESTARTSYS);
	assert_false(waitqueue_active(&ev.wq));
}

static int do_wait_event(struct waiter *w)
{
	(void)w;
	return wait_event_interruptible(ev.wq, __atomic_load_n(&ev.flag, __ATOMIC_ACQUIRE));
}

/*
 * The bug this fixes: a sleeper in wait_event_interruptible() was invisible
 * to waitqueue_active(), so the guarded wake-up below was skipped and the
 * sleeper never woke (the join then hangs; the bounded barrier fails first).
 */
static void test_waitqueue_active_sees_wait_event(void **state)
{
	struct waiter w;

	(void)state;
	init_waitqueue_head(&ev.wq);
	ev.flag = 0;
	waiter_start(&w, do_wait_event, NULL);
	wait_until_sleeping(&ev.wq);
	__atomic_store_n(&ev.flag, 1, __ATOMIC_RELEASE);
	if (waitqueue_active(&ev.wq))
		wake_up_interruptible(&ev.wq);
	assert_int_equal(waiter_join(&w), 0);
	assert_false(waitqueue_active(&ev.wq));
}

static void test_schedule_timeout(void **state)
{
	struct timespec a, b;
	long left, ms;

	(void)state;
	/* In TASK_RUNNING, schedule_timeout() does not sleep. */
	assert_int_equal(schedule_timeout(50), 50);
	clock_gettime(CLOCK_MONOTONIC, &a);
	left = schedule_timeout_interruptible(30);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ms = (b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
	assert_int_equal(left, 0);
	assert_true(ms >= 29);
	/* A pending signal ends an interruptible sleep at once, with time left. */
	libcdev_task_interrupt(current);
	assert_true(schedule_timeout_interruptible(10000) > 5000);
	libcdev_task_clear_interrupt(current);
}

static void test_current_ids(void **state)
{
	(void)state;
	assert_int_equal(__kuid_val(current_uid()), getuid());
	assert_int_equal(__kuid_val(current_euid()), geteuid());
	assert_int_equal(__kgid_val(current_gid()), getgid());
	assert_int_equal(__kgid_val(current_egid()), getegid());
	assert_int_equal(current->tgid, getpid());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mutex_contention),
		cmocka_unit_test(test_mutex_interrupted),
		cmocka_unit_test(test_semaphore),
		cmocka_unit_test(test_semaphore_one_argument),
		cmocka_unit_test(test_completion),
		cmocka_unit_test(test_explicit_wait),
		cmocka_unit_test(test_waitqueue_active_sees_wait_event),
		cmocka_unit_test(test_schedule_timeout),
		cmocka_unit_test(test_current_ids),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
