/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/sched/completion.c:
 * completions, a count of done events plus a wait queue.
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
	while (d != UINT_MAX && !__atomic_compare_exchange_n(&x->done, &d, d + 1, false,
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
		if (__atomic_compare_exchange_n(&x->done, &d, d - 1, false, __ATOMIC_ACQUIRE,
						__ATOMIC_ACQUIRE))
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

_public_ long wait_for_completion_interruptible_timeout(struct completion *x, unsigned long timeout)
{
	return wait_event_interruptible_timeout(x->wait, try_wait_for_completion(x), (long)timeout);
}

_public_ unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout)
{
	/* Uninterruptible, as the kernel's: a signal neither ends the wait nor restarts its clock. */
	return (unsigned long)___wait_event_timeout(x->wait, try_wait_for_completion(x),
						    (long)timeout, false);
}
