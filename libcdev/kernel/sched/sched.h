/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef LIBCDEV_TASK_PRIVATE_H
#define LIBCDEV_TASK_PRIVATE_H

#include <libcdev/sched.h>

/*
 * Fill a task for a request of process @tgid (thread @pid, @tgid 0 if not
 * known); @lock guards its wait state. Reads nothing: see task_fill().
 */
void task_init(struct task_struct *t, pid_t pid, pid_t tgid, uid_t uid, gid_t gid,
	       pthread_mutex_t *lock);

/*
 * Read what the request does not carry (comm, the real ids, the tgid if not
 * given) from /proc, unless done: task_init() leaves it to the first
 * libcdev_current() of the request, as most requests never ask.
 */
void task_fill(struct task_struct *t);

/* `current` without reading /proc: for what needs only the ids, the pid and the wait state. */
struct task_struct *task_current(void);

/*
 * Before an interruptible sleep, and when the driver asks for `current`
 * (to read signal_pending()): from now on an interrupt of the request must
 * reach @t, so the backend starts watching for them, once. Most requests
 * never get here, and watching costs locks of the protocol library.
 */
static inline void task_watch_interrupts(struct task_struct *t)
{
	void (*watch)(struct task_struct *task) = t->watch_interrupts;

	if (watch) {
		t->watch_interrupts = NULL;
		watch(t);
	}
}

/* Make @t the `current` of this thread (NULL: back to this thread's own task). */
void task_set_current(struct task_struct *t);

/* CLOCK_MONOTONIC_COARSE in ns: the age of what a thread remembers of a caller. */
long long monotonic_ns(void);
/* How long a thread trusts what it last read of a caller in /proc. */
#define TASK_CACHE_NS	(100 * 1000 * 1000)

#endif
