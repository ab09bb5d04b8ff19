/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the kernel's sleeping locks and explicit waits: mutexes
 * (include/linux/mutex.h), counting semaphores (semaphore.h), completions
 * (completion.h), read-write semaphores (rwsem.h), and the task-state waits of wait.h and sched.h
 * (prepare_to_wait(), schedule(), schedule_timeout()).
 *
 * All of them sleep on a wait queue, so an interrupted caller (a signal
 * delivered as FUSE_INTERRUPT) ends their interruptible forms with the
 * kernel's codes: -EINTR for mutex_lock_interruptible() and
 * down_interruptible(), -ERESTARTSYS for wait_for_completion_interruptible().
 * Not in <libcdev/libcdev.h>: the names are the kernel's and short
 * (down(), up()); include this header, or the kernel-compatible headers of
 * libcdev-kernel(7).
 */
#ifndef LIBCDEV_KSYNC_H
#define LIBCDEV_KSYNC_H

#include <stdbool.h>

#include <libcdev/names.h>
#include <libcdev/wait.h>

/* ---- mutexes ---- */

struct mutex {
	wait_queue_head_t wait;
	int locked; /* 0 or 1, changed atomically */
};

#define __MUTEX_INITIALIZER(name)                             \
	{                                                     \
		__WAIT_QUEUE_HEAD_INITIALIZER((name).wait), 0 \
	}
#define DEFINE_MUTEX(name) struct mutex name = __MUTEX_INITIALIZER(name)

void mutex_init(struct mutex *lock);
void mutex_destroy(struct mutex *lock);
void mutex_lock(struct mutex *lock);
/** mutex_lock_interruptible - 0 with the lock held, or -EINTR if interrupted */
int mutex_lock_interruptible(struct mutex *lock);
/** mutex_lock_killable - as mutex_lock_interruptible(): every signal counts here */
int mutex_lock_killable(struct mutex *lock);
/** mutex_trylock - 1 if the lock was taken, 0 if it is held */
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);
bool mutex_is_locked(struct mutex *lock);

/* ---- counting semaphores ---- */

struct semaphore {
	wait_queue_head_t wait;
	int count; /* changed atomically */
};

#define __SEMAPHORE_INITIALIZER(name, n)                      \
	{                                                     \
		__WAIT_QUEUE_HEAD_INITIALIZER((name).wait), n \
	}
/*
 * Two arguments since Linux 6.4; before, one, for a binary semaphore. Both
 * forms build, so drivers of either release do.
 */
#define __libcdev_pick_2nd(_1, _2, fn, ...) fn
#define __DEFINE_SEMAPHORE_N(name, n)	    struct semaphore name = __SEMAPHORE_INITIALIZER(name, n)
#define __DEFINE_SEMAPHORE_1(name)	    __DEFINE_SEMAPHORE_N(name, 1)
#define DEFINE_SEMAPHORE(...) \
	__libcdev_pick_2nd(__VA_ARGS__, __DEFINE_SEMAPHORE_N, __DEFINE_SEMAPHORE_1)(__VA_ARGS__)

void sema_init(struct semaphore *sem, int val);
void down(struct semaphore *sem);
/** down_interruptible - 0 with a unit taken, or -EINTR if interrupted */
int down_interruptible(struct semaphore *sem);
int down_killable(struct semaphore *sem);
/** down_trylock - 0 if a unit was taken, 1 if none was free (the kernel's inverse sense) */
int down_trylock(struct semaphore *sem);
/** down_timeout - 0, or -ETIME when @timeout jiffies passed without a free unit */
int down_timeout(struct semaphore *sem, long timeout);
void up(struct semaphore *sem);

/* ---- read-write semaphores ---- */

/*
 * Many readers or one writer. A writer that waits keeps new readers out, so
 * that a stream of readers cannot starve it (as the kernel's handoff does).
 */
struct rw_semaphore {
	wait_queue_head_t wait;
	int count;	     /* readers holding it, -1 for a writer; changed atomically */
	int writers_waiting; /* changed atomically */
};

#define __RWSEM_INITIALIZER(name)                                \
	{                                                        \
		__WAIT_QUEUE_HEAD_INITIALIZER((name).wait), 0, 0 \
	}
#define DECLARE_RWSEM(name) struct rw_semaphore name = __RWSEM_INITIALIZER(name)

void init_rwsem(struct rw_semaphore *sem);
void down_read(struct rw_semaphore *sem);
/** down_read_interruptible - 0 with the lock held for reading, or -EINTR if interrupted */
int down_read_interruptible(struct rw_semaphore *sem);
/** down_read_killable - as down_read_interruptible(): every signal counts here */
int down_read_killable(struct rw_semaphore *sem);
/** down_read_trylock - 1 if taken for reading, 0 if a writer holds it or waits */
int down_read_trylock(struct rw_semaphore *sem);
void up_read(struct rw_semaphore *sem);
void down_write(struct rw_semaphore *sem);
/** down_write_killable - 0 with the lock held for writing, or -EINTR if interrupted */
int down_write_killable(struct rw_semaphore *sem);
/** down_write_trylock - 1 if taken for writing, 0 if anyone holds it */
int down_write_trylock(struct rw_semaphore *sem);
void up_write(struct rw_semaphore *sem);
/** downgrade_write - turn the writer's hold into a reader's, letting other readers in */
void downgrade_write(struct rw_semaphore *sem);
/** rwsem_is_locked - whether a reader or a writer holds it */
int rwsem_is_locked(struct rw_semaphore *sem);
/** rwsem_is_contended - whether anyone waits for it */
int rwsem_is_contended(struct rw_semaphore *sem);

/* ---- completions ---- */

struct completion {
	wait_queue_head_t wait;
	unsigned int done; /* UINT_MAX after complete_all() */
};

#define COMPLETION_INITIALIZER(work)                          \
	{                                                     \
		__WAIT_QUEUE_HEAD_INITIALIZER((work).wait), 0 \
	}
#define DECLARE_COMPLETION(work) struct completion work = COMPLETION_INITIALIZER(work)

void init_completion(struct completion *x);
void reinit_completion(struct completion *x);
void complete(struct completion *x);
void complete_all(struct completion *x);
void wait_for_completion(struct completion *x);
/** wait_for_completion_interruptible - 0, or -ERESTARTSYS if interrupted */
int wait_for_completion_interruptible(struct completion *x);
int wait_for_completion_killable(struct completion *x);
/** wait_for_completion_timeout - 0 on timeout, else the jiffies left (at least 1) */
unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout);
/** ... as above; -ERESTARTSYS if interrupted */
long wait_for_completion_interruptible_timeout(struct completion *x, unsigned long timeout);
/** try_wait_for_completion - consume a completion without sleeping; false if none */
bool try_wait_for_completion(struct completion *x);
/** completion_done - true if a wait would not sleep */
bool completion_done(struct completion *x);

/* ---- task states and explicit waits ---- */

#define TASK_RUNNING	     0x0
#define TASK_KILLABLE	     TASK_UNINTERRUPTIBLE
#define MAX_SCHEDULE_TIMEOUT ((long)(~0UL >> 1))

/** libcdev_set_current_state - what set_current_state() does: the next schedule() sleeps in @state */
void libcdev_set_current_state(unsigned int state);
#define set_current_state(state)   libcdev_set_current_state(state)
#define __set_current_state(state) libcdev_set_current_state(state)

/*
 * A wait entry's function: nothing to do here, a wake-up always ends the
 * sleep of schedule(); the entry stays queued until finish_wait().
 */
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync,
			     void *key);
int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync,
			  void *key);

/**
 * prepare_to_wait - queue @wq_entry on @wq_head (if not yet) and set the task's state
 *
 * A wake-up of @wq_head after this call ends the next schedule() at once, so
 * testing the condition between prepare_to_wait() and schedule() loses none.
 */
void prepare_to_wait(wait_queue_head_t *wq_head, struct wait_queue_entry *wq_entry, int state);
void prepare_to_wait_exclusive(wait_queue_head_t *wq_head, struct wait_queue_entry *wq_entry,
			       int state);
/** finish_wait - back to TASK_RUNNING, and off the queue */
void finish_wait(wait_queue_head_t *wq_head, struct wait_queue_entry *wq_entry);

/**
 * schedule_timeout - sleep in the state set before, for at most @timeout jiffies
 *
 * In TASK_RUNNING it returns at once. In TASK_INTERRUPTIBLE a pending signal
 * ends it. Return: the jiffies left (0 when the time ran out). Afterwards the
 * task is TASK_RUNNING again.
 */
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);
long schedule_timeout_uninterruptible(long timeout);
/** schedule - schedule_timeout(MAX_SCHEDULE_TIMEOUT) */
void schedule(void);

#endif
