/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - mutexes, semaphores, completions and explicit waits, each a
 * word changed atomically plus a wait queue to sleep on.
 *
 * The fast paths are one compare-and-swap; a sleeper goes through the wait
 * queue's own protocol (wait_event*), which loses no wake-up and ends an
 * interruptible sleep when the caller is interrupted.
 */
#include <errno.h>
#include <limits.h>
#include <time.h>

#include <libcdev/ksync.h>

#include "core/core.h"
#include "kernel/internal.h"

/* ---- mutexes ---- */

_public_ void mutex_init(struct mutex *lock)
{
	init_waitqueue_head(&lock->wait);
	lock->locked = 0;
}

_public_ void mutex_destroy(struct mutex *lock)
{
	(void)lock;	/* nothing allocated; kept for the kernel's debug checks */
}

_public_ int mutex_trylock(struct mutex *lock)
{
	int unlocked = 0;

	return __atomic_compare_exchange_n(&lock->locked, &unlocked, 1, false,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

_public_ void mutex_lock(struct mutex *lock)
{
	wait_event(lock->wait, mutex_trylock(lock));
}

_public_ int mutex_lock_interruptible(struct mutex *lock)
{
	return wait_event_interruptible(lock->wait, mutex_trylock(lock)) ? -EINTR : 0;
}

_public_ int mutex_lock_killable(struct mutex *lock)
{
	return mutex_lock_interruptible(lock);
}

_public_ void mutex_unlock(struct mutex *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
	if (waitqueue_active(&lock->wait))
		wake_up(&lock->wait);
}

_public_ bool mutex_is_locked(struct mutex *lock)
{
	return __atomic_load_n(&lock->locked, __ATOMIC_RELAXED) != 0;
}

/* ---- semaphores ---- */

_public_ void sema_init(struct semaphore *sem, int val)
{
	init_waitqueue_head(&sem->wait);
	sem->count = val;
}

/* Take one unit if one is free. */
static bool sem_take(struct semaphore *sem)
{
	int c = __atomic_load_n(&sem->count, __ATOMIC_RELAXED);

	while (c > 0)
		if (__atomic_compare_exchange_n(&sem->count, &c, c - 1, false,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return true;
	return false;
}

_public_ void down(struct semaphore *sem)
{
	wait_event(sem->wait, sem_take(sem));
}

_public_ int down_interruptible(struct semaphore *sem)
{
	return wait_event_interruptible(sem->wait, sem_take(sem)) ? -EINTR : 0;
}

_public_ int down_killable(struct semaphore *sem)
{
	return down_interruptible(sem);
}

_public_ int down_trylock(struct semaphore *sem)
{
	return sem_take(sem) ? 0 : 1;
}

_public_ int down_timeout(struct semaphore *sem, long timeout)
{
	/* An uninterruptible sleep, as the kernel's: a signal neither ends it nor restarts its clock. */
	return ___wait_event_timeout(sem->wait, sem_take(sem), timeout, false) > 0 ? 0 : -ETIME;
}

_public_ void up(struct semaphore *sem)
{
	__atomic_add_fetch(&sem->count, 1, __ATOMIC_RELEASE);
	if (waitqueue_active(&sem->wait))
		wake_up(&sem->wait);
}

/* ---- completions ---- */

_public_ void init_completion(struct completion *x)
{
	init_waitqueue_head(&x->wait);
	x->done = 0;
}

_public_ void reinit_completion(struct completion *x)
{
	__atomic_store_n(&x->done, 0, __ATOMIC_RELAXED);
}

_public_ void complete(struct completion *x)
{
	unsigned int d = __atomic_load_n(&x->done, __ATOMIC_RELAXED);

	/* complete_all() made it UINT_MAX for good: no increment past it. */
	while (d != UINT_MAX &&
	       !__atomic_compare_exchange_n(&x->done, &d, d + 1, false,
					    __ATOMIC_RELEASE, __ATOMIC_RELAXED))
		;
	wake_up(&x->wait);
}

_public_ void complete_all(struct completion *x)
{
	__atomic_store_n(&x->done, UINT_MAX, __ATOMIC_RELEASE);
	wake_up_all(&x->wait);
}

_public_ bool try_wait_for_completion(struct completion *x)
{
	unsigned int d = __atomic_load_n(&x->done, __ATOMIC_ACQUIRE);

	while (d != 0) {
		if (d == UINT_MAX)
			return true;
		if (__atomic_compare_exchange_n(&x->done, &d, d - 1, false,
						__ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE))
			return true;
	}
	return false;
}

_public_ bool completion_done(struct completion *x)
{
	return __atomic_load_n(&x->done, __ATOMIC_ACQUIRE) != 0;
}

_public_ void wait_for_completion(struct completion *x)
{
	wait_event(x->wait, try_wait_for_completion(x));
}

_public_ int wait_for_completion_interruptible(struct completion *x)
{
	return wait_event_interruptible(x->wait, try_wait_for_completion(x));
}

_public_ int wait_for_completion_killable(struct completion *x)
{
	return wait_for_completion_interruptible(x);
}

_public_ long wait_for_completion_interruptible_timeout(struct completion *x,
							unsigned long timeout)
{
	return wait_event_interruptible_timeout(x->wait, try_wait_for_completion(x),
						(long)timeout);
}

_public_ unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout)
{
	/* Uninterruptible, as the kernel's: a signal neither ends the wait nor restarts its clock. */
	return (unsigned long)___wait_event_timeout(x->wait, try_wait_for_completion(x),
						    (long)timeout, false);
}

/* ---- task states and explicit waits ---- */

/*
 * The explicit wait of this thread: the state set_current_state() or
 * prepare_to_wait() chose, and the queue and wake-up count schedule() sleeps
 * on. Without a queue (set_current_state() alone) it sleeps on the thread's
 * own, which only an interrupt, wake_up_process() or the timeout ends.
 */
static __thread struct {
	unsigned int state;
	wait_queue_head_t *wq;
	unsigned long seq;
	unsigned long own_seq;	/* the own queue's, when the state was set */
} sched_wait;
static __thread wait_queue_head_t own_queue = __WAIT_QUEUE_HEAD_INITIALIZER(own_queue);
/* A kernel thread's is in its record, so wake_up_process() can reach it. */
static __thread wait_queue_head_t *own_wq;

void sched_set_own_queue(wait_queue_head_t *wq)
{
	own_wq = wq;
}

static wait_queue_head_t *sched_own_queue(void)
{
	return own_wq ? own_wq : &own_queue;
}

_public_ void libcdev_set_current_state(unsigned int state)
{
	sched_wait.state = state;
	if (state == TASK_RUNNING) {
		sched_wait.wq = NULL;
		return;
	}
	/*
	 * A wake_up_process() after this point ends the next schedule(), as the
	 * kernel's sets the task running again: the usual
	 * set_current_state(); if (!cond) schedule(); loses no wake-up.
	 */
	sched_wait.own_seq = libcdev_wait_prepare(sched_own_queue());
	libcdev_wait_finish(sched_own_queue());
}

_public_ int autoremove_wake_function(struct wait_queue_entry *e, unsigned int mode,
				      int sync, void *key)
{
	(void)e, (void)mode, (void)sync, (void)key;
	return 1;
}

_public_ int default_wake_function(struct wait_queue_entry *e, unsigned int mode,
				   int sync, void *key)
{
	return autoremove_wake_function(e, mode, sync, key);
}

_public_ void prepare_to_wait(wait_queue_head_t *wq, struct wait_queue_entry *e, int state)
{
	/* Queued before the snapshot: a waker that sees the queue empty ran before it. */
	if (!e->pprev)
		add_wait_queue(wq, e);
	sched_wait.seq = libcdev_wait_prepare(wq);
	libcdev_wait_finish(wq);	/* the entry itself keeps waitqueue_active() true */
	sched_wait.wq = wq;
	sched_wait.state = state;
}

_public_ void prepare_to_wait_exclusive(wait_queue_head_t *wq, struct wait_queue_entry *e,
					int state)
{
	/* Every sleeper re-tests its condition, so waking all is safe (see __wake_up). */
	prepare_to_wait(wq, e, state);
}

_public_ void finish_wait(wait_queue_head_t *wq, struct wait_queue_entry *e)
{
	libcdev_set_current_state(TASK_RUNNING);
	remove_wait_queue(wq, e);
}

_public_ long schedule_timeout(long timeout)
{
	wait_queue_head_t *wq = sched_wait.wq;
	unsigned long seq = sched_wait.seq;
	bool interruptible = sched_wait.state == TASK_INTERRUPTIBLE;
	struct timespec dl;
	bool forever = timeout == MAX_SCHEDULE_TIMEOUT;
	int ret;

	if (sched_wait.state == TASK_RUNNING)
		return timeout;
	if (!wq) {
		wq = sched_own_queue();
		seq = sched_wait.own_seq;
	}
	if (!forever)
		libcdev_wait_deadline(&dl, timeout);
	ret = libcdev_wait_sleep(wq, seq, interruptible, forever ? -1L : timeout);
	libcdev_set_current_state(TASK_RUNNING);
	if (forever)
		return timeout;
	return ret == -ETIMEDOUT ? 0 : libcdev_wait_remaining(&dl);
}

_public_ long schedule_timeout_interruptible(long timeout)
{
	libcdev_set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(timeout);
}

_public_ long schedule_timeout_uninterruptible(long timeout)
{
	libcdev_set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}

_public_ void schedule(void)
{
	schedule_timeout(MAX_SCHEDULE_TIMEOUT);
}
