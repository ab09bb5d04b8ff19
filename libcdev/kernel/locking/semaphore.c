/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/locking/semaphore.c:
 * counting semaphores, a count changed atomically plus a wait queue.
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
		if (__atomic_compare_exchange_n(&sem->count, &c, c - 1, false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
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
