/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - wait queues, after include/linux/wait.h.
 *
 * A waiter sleeps until its condition holds, a wake-up on its queue, or an
 * interrupt of its task (a signal to the caller, delivered by the backend as
 * FUSE_INTERRUPT). Conditions are evaluated without any lock of the queue
 * held, so they may take the driver's own locks, as in the kernel; a
 * sequence count makes sure no wake-up between the test and the sleep is lost.
 */
#ifndef LIBCDEV_WAIT_H
#define LIBCDEV_WAIT_H

#include <pthread.h>
#include <stdbool.h>

#include <libcdev/names.h>
#include <libcdev/sched.h>

struct wait_queue_entry;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry, unsigned int mode, int flags,
				 void *key);

/* An entry whose func runs at each wake-up: poll support in the backends. */
struct wait_queue_entry {
	struct wait_queue_entry *next;
	struct wait_queue_entry **pprev;
	wait_queue_func_t func;
	void *private;
};
typedef struct wait_queue_entry wait_queue_entry_t;

struct wait_queue_head {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned long seq; /* bumped by every wake-up */
	struct wait_queue_entry *head;
	unsigned int sleepers; /* between libcdev_wait_prepare() and _finish() */
};
typedef struct wait_queue_head wait_queue_head_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name)                                     \
	{                                                                       \
		PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, NULL, 0 \
	}
#define DECLARE_WAIT_QUEUE_HEAD(name) wait_queue_head_t name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

void init_waitqueue_head(wait_queue_head_t *wq_head);
void add_wait_queue(wait_queue_head_t *wq_head, struct wait_queue_entry *wq_entry);
void remove_wait_queue(wait_queue_head_t *wq_head, struct wait_queue_entry *wq_entry);
bool waitqueue_active(wait_queue_head_t *wq_head);

/* Wake every sleeper and run every entry's func with @key (poll mask or NULL). */
void __wake_up(wait_queue_head_t *wq_head, unsigned int mode, int nr, void *key);

#define TASK_INTERRUPTIBLE   0x1
#define TASK_UNINTERRUPTIBLE 0x2
#define TASK_NORMAL	     (TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

#define wake_up(x)		     __wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_all(x)		     __wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_interruptible(x)     __wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_all(x) __wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_interruptible_poll(x, m) \
	__wake_up(x, TASK_INTERRUPTIBLE, 1, (void *)(unsigned long)(m))

/*
 * The snapshot a waiter takes before testing its condition. From then until
 * libcdev_wait_finish() the waiter counts in waitqueue_active(), as a task on the
 * kernel's queue does from prepare_to_wait() to finish_wait(): a waker that
 * sets the condition and then sees no sleeper may skip its wake-up safely.
 */
unsigned long libcdev_wait_prepare(wait_queue_head_t *wq_head);
void libcdev_wait_finish(wait_queue_head_t *wq_head);

/*
 * Sleep until a wake-up after @seq, an interrupt (if @interruptible) or
 * @timeout_ms (< 0: none). Return: 0 woken, -ERESTARTSYS interrupted,
 * -ETIMEDOUT timed out.
 */
int libcdev_wait_sleep(wait_queue_head_t *wq_head, unsigned long seq, bool interruptible,
		       long timeout_ms);

/* Milliseconds left until the deadline, at least 0. */
long libcdev_wait_remaining(const struct timespec *deadline);
void libcdev_wait_deadline(struct timespec *deadline, long timeout_ms);

#define HZ		    1000
/* The kernel's first jiffy: the low 32 bits wrap 5 minutes after boot (libcdev-kernel(7)). */
#define INITIAL_JIFFIES	    ((unsigned long)(unsigned int)(-300 * HZ))
#define msecs_to_jiffies(m) ((long)(m))
#define jiffies_to_msecs(j) ((unsigned int)(j))

#define ___wait_event(wq_head, condition, interruptible, timeout_ms)                              \
	__extension__({                                                                           \
		int __ret;                                                                        \
		for (;;) {                                                                        \
			unsigned long __seq = libcdev_wait_prepare(&(wq_head));                   \
			if (condition) {                                                          \
				libcdev_wait_finish(&(wq_head));                                  \
				__ret = 0;                                                        \
				break;                                                            \
			}                                                                         \
			__ret = libcdev_wait_sleep(&(wq_head), __seq, interruptible, timeout_ms); \
			libcdev_wait_finish(&(wq_head));                                          \
			if (__ret == -ERESTARTSYS)                                                \
				break;                                                            \
			if (__ret == -ETIMEDOUT) {                                                \
				__ret = (condition) ? 0 : -ETIMEDOUT;                             \
				break;                                                            \
			}                                                                         \
		}                                                                                 \
		__ret;                                                                            \
	})

/**
 * wait_event - sleep until @condition is true; signals do not interrupt it
 */
#define wait_event(wq_head, condition) ((void)___wait_event(wq_head, condition, false, -1L))

/**
 * wait_event_interruptible - sleep until @condition is true or a signal arrives
 *
 * Return: 0 when the condition became true, -ERESTARTSYS when interrupted
 * (the caller of read(2) etc. then sees EINTR).
 */
#define wait_event_interruptible(wq_head, condition) ___wait_event(wq_head, condition, true, -1L)

/*
 * A timed wait, interruptible or not: the jiffies left (at least 1) once
 * @condition holds, 0 when the time ran out with it false, -ERESTARTSYS when
 * interrupted. wait_event_interruptible_timeout() below, and the kernel's
 * wait_event_timeout() in libcdev-kernel's <linux/wait.h>.
 */
#define ___wait_event_timeout(wq_head, condition, timeout, intr)                   \
	__extension__({                                                            \
		struct timespec __dl;                                              \
		long __left = (timeout);                                           \
		libcdev_wait_deadline(&__dl, __left);                              \
		for (;;) {                                                         \
			unsigned long __seq = libcdev_wait_prepare(&(wq_head));    \
			int __r;                                                   \
			if (condition) {                                           \
				libcdev_wait_finish(&(wq_head));                   \
				__left = libcdev_wait_remaining(&__dl);            \
				__left = __left ? __left : 1;                      \
				break;                                             \
			}                                                          \
			__left = libcdev_wait_remaining(&__dl);                    \
			if (__left == 0) {                                         \
				libcdev_wait_finish(&(wq_head));                   \
				break;                                             \
			}                                                          \
			__r = libcdev_wait_sleep(&(wq_head), __seq, intr, __left); \
			libcdev_wait_finish(&(wq_head));                           \
			if (__r == -ERESTARTSYS) {                                 \
				__left = -ERESTARTSYS;                             \
				break;                                             \
			}                                                          \
		}                                                                  \
		__left;                                                            \
	})

/**
 * wait_event_interruptible_timeout - as wait_event_interruptible, for at most @timeout jiffies
 *
 * Return: 0 if the condition was false when the time ran out, -ERESTARTSYS if
 * interrupted, else the jiffies that were left (at least 1), as in the kernel.
 */
#define wait_event_interruptible_timeout(wq_head, condition, timeout) \
	___wait_event_timeout(wq_head, condition, timeout, true)

#endif
