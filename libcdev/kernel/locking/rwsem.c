/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/locking/rwsem.c:
 * read-write semaphores, a count changed atomically (readers, or -1 for a
 * writer) plus a wait queue that readers and writers sleep on.
 *
 * A waiting writer is counted, and new readers wait while there is one:
 * otherwise readers that keep overlapping would hold a writer off for ever
 * (the kernel hands the lock off to a writer that waited too long). The
 * waits are the wait queue's own (wait_event*), which lose no wake-up and
 * end an interruptible sleep when the caller of the request is interrupted.
 */
#include <errno.h>

#include <libcdev/ksync.h>

#include "core/core.h"
#include "kernel/internal.h"

_public_ void init_rwsem(struct rw_semaphore *sem)
{
	init_waitqueue_head(&sem->wait);
	sem->count = 0;
	sem->writers_waiting = 0;
}

/* Take it for reading if no writer holds it and, unless @barge, none waits. */
static bool read_take(struct rw_semaphore *sem, bool barge)
{
	int c = __atomic_load_n(&sem->count, __ATOMIC_RELAXED);

	while (c >= 0) {
		if (!barge && __atomic_load_n(&sem->writers_waiting, __ATOMIC_RELAXED))
			return false;
		if (__atomic_compare_exchange_n(&sem->count, &c, c + 1, false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return true;
	}
	return false;
}

static bool write_take(struct rw_semaphore *sem)
{
	int free = 0;

	return __atomic_compare_exchange_n(&sem->count, &free, -1, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

_public_ int down_read_trylock(struct rw_semaphore *sem)
{
	return read_take(sem, false);
}

_public_ void down_read(struct rw_semaphore *sem)
{
	wait_event(sem->wait, read_take(sem, false));
}

_public_ int down_read_interruptible(struct rw_semaphore *sem)
{
	return wait_event_interruptible(sem->wait, read_take(sem, false)) ? -EINTR : 0;
}

_public_ int down_read_killable(struct rw_semaphore *sem)
{
	return down_read_interruptible(sem);
}

_public_ void up_read(struct rw_semaphore *sem)
{
	/* The last reader out lets a waiting writer in. */
	if (__atomic_sub_fetch(&sem->count, 1, __ATOMIC_RELEASE) == 0 &&
	    waitqueue_active(&sem->wait))
		wake_up_all(&sem->wait);
}

_public_ int down_write_trylock(struct rw_semaphore *sem)
{
	return write_take(sem);
}

/* Wait as a writer: counted while waiting, so that new readers keep out. */
static int write_wait(struct rw_semaphore *sem, bool interruptible)
{
	int ret = 0;

	if (write_take(sem))
		return 0;
	__atomic_add_fetch(&sem->writers_waiting, 1, __ATOMIC_RELAXED);
	if (interruptible)
		ret = wait_event_interruptible(sem->wait, write_take(sem)) ? -EINTR : 0;
	else
		wait_event(sem->wait, write_take(sem));
	/* The last writer to give up waiting lets the readers it held off in. */
	if (__atomic_sub_fetch(&sem->writers_waiting, 1, __ATOMIC_RELAXED) == 0 && ret)
		wake_up_all(&sem->wait);
	return ret;
}

_public_ void down_write(struct rw_semaphore *sem)
{
	write_wait(sem, false);
}

_public_ int down_write_killable(struct rw_semaphore *sem)
{
	return write_wait(sem, true);
}

_public_ void up_write(struct rw_semaphore *sem)
{
	__atomic_store_n(&sem->count, 0, __ATOMIC_RELEASE);
	if (waitqueue_active(&sem->wait))
		wake_up_all(&sem->wait);
}

_public_ void downgrade_write(struct rw_semaphore *sem)
{
	/* From the writer's -1 to one reader, atomically: no writer can slip in between. */
	__atomic_store_n(&sem->count, 1, __ATOMIC_RELEASE);
	if (waitqueue_active(&sem->wait))
		wake_up_all(&sem->wait);
}

_public_ int rwsem_is_locked(struct rw_semaphore *sem)
{
	return __atomic_load_n(&sem->count, __ATOMIC_RELAXED) != 0;
}

_public_ int rwsem_is_contended(struct rw_semaphore *sem)
{
	return waitqueue_active(&sem->wait);
}
