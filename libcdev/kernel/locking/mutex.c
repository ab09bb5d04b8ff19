/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/locking/mutex.c:
 * mutexes, a word changed atomically plus a wait queue to sleep on.
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

_public_ void mutex_init(struct mutex *lock)
{
	init_waitqueue_head(&lock->wait);
	lock->locked = 0;
}

_public_ void mutex_destroy(struct mutex *lock)
{
	(void)lock; /* nothing allocated; kept for the kernel's debug checks */
}

_public_ int mutex_trylock(struct mutex *lock)
{
	int unlocked = 0;

	return __atomic_compare_exchange_n(&lock->locked, &unlocked, 1, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
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
