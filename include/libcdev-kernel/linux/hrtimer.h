/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/hrtimer.h>, the basics: hrtimer_init(),
 * hrtimer_start() (relative or absolute, CLOCK_MONOTONIC or
 * CLOCK_REALTIME), HRTIMER_RESTART with hrtimer_forward_now(),
 * hrtimer_cancel(), hrtimer_try_to_cancel(), hrtimer_active(). Written for
 * libcdev on <linux/timer.h>: the callback runs on the process's softirq
 * thread in atomic context, HARD and SOFT modes alike, and its resolution is
 * a jiffy (a millisecond): it never fires early, and up to a millisecond and
 * the host's timer slack late (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_HRTIMER_H
#define LIBCDEV_KERNEL_LINUX_HRTIMER_H

#include <time.h>

#include <linux/container_of.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/types.h>

enum hrtimer_mode {
	HRTIMER_MODE_ABS = 0x00,
	HRTIMER_MODE_REL = 0x01,
	HRTIMER_MODE_PINNED = 0x02,
	HRTIMER_MODE_SOFT = 0x04,
	HRTIMER_MODE_HARD = 0x08,
	HRTIMER_MODE_ABS_PINNED = HRTIMER_MODE_ABS | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_REL_PINNED = HRTIMER_MODE_REL | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_ABS_SOFT = HRTIMER_MODE_ABS | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_SOFT = HRTIMER_MODE_REL | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_ABS_HARD = HRTIMER_MODE_ABS | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_HARD = HRTIMER_MODE_REL | HRTIMER_MODE_HARD,
};

enum hrtimer_restart {
	HRTIMER_NORESTART,
	HRTIMER_RESTART,
};

struct hrtimer {
	enum hrtimer_restart (*function)(struct hrtimer *);
	/* private */
	struct timer_list __timer;
	ktime_t __expires; /* CLOCK_MONOTONIC nanoseconds */
	clockid_t __clock;
};

/*
 * The jiffy at or after the monotonic time @expires: never early. Jiffies
 * count the milliseconds of the same clock from INITIAL_JIFFIES, and a timer
 * fires once they reach its expiry: round up.
 */
static inline unsigned long __libcdev_hrtimer_jiffies(ktime_t expires)
{
	if (expires <= 0)
		return INITIAL_JIFFIES;
	return INITIAL_JIFFIES + (unsigned long)((expires + NSEC_PER_MSEC - 1) / NSEC_PER_MSEC);
}

static inline void __libcdev_hrtimer_fire(struct timer_list *t)
{
	struct hrtimer *timer = container_of(t, struct hrtimer, __timer);

	if (timer->function(timer) == HRTIMER_RESTART)
		mod_timer(&timer->__timer, __libcdev_hrtimer_jiffies(timer->__expires));
}

static inline void hrtimer_init(struct hrtimer *timer, clockid_t clock_id, enum hrtimer_mode mode)
{
	(void)mode;
	timer_setup(&timer->__timer, __libcdev_hrtimer_fire, 0);
	timer->__expires = 0;
	timer->__clock = clock_id;
}

static inline void hrtimer_set_expires(struct hrtimer *timer, ktime_t time)
{
	timer->__expires = time;
}

static inline ktime_t hrtimer_get_expires(const struct hrtimer *timer)
{
	return timer->__expires;
}

static inline ktime_t hrtimer_cb_get_time(const struct hrtimer *timer)
{
	(void)timer;
	return ktime_get();
}

static inline void hrtimer_start(struct hrtimer *timer, ktime_t tim, const enum hrtimer_mode mode)
{
	if (mode & HRTIMER_MODE_REL)
		tim = ktime_add(ktime_get(), tim);
	else if (timer->__clock == CLOCK_REALTIME)
		tim = tim - ktime_get_real() + ktime_get();
	timer->__expires = tim;
	mod_timer(&timer->__timer, __libcdev_hrtimer_jiffies(tim));
}

static inline void hrtimer_start_expires(struct hrtimer *timer, enum hrtimer_mode mode)
{
	hrtimer_start(timer, timer->__expires, mode & ~HRTIMER_MODE_REL);
}

/* hrtimer_forward - move the expiry past @now by whole @interval steps; the count of steps */
static inline u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval)
{
	u64 n;

	if (interval <= 0 || timer->__expires > now)
		return 0;
	n = (u64)((now - timer->__expires) / interval) + 1;
	timer->__expires += (ktime_t)n * interval;
	return n;
}

static inline u64 hrtimer_forward_now(struct hrtimer *timer, ktime_t interval)
{
	return hrtimer_forward(timer, ktime_get(), interval);
}

static inline bool hrtimer_active(const struct hrtimer *timer)
{
	return timer_pending(&timer->__timer);
}

static inline bool hrtimer_is_queued(const struct hrtimer *timer)
{
	return timer_pending(&timer->__timer);
}

static inline ktime_t hrtimer_get_remaining(const struct hrtimer *timer)
{
	return timer->__expires - ktime_get();
}

/* hrtimer_try_to_cancel - 1 if it was queued, 0 if not (a running callback goes on) */
static inline int hrtimer_try_to_cancel(struct hrtimer *timer)
{
	return timer_delete(&timer->__timer);
}

/* hrtimer_cancel - 1 if it was active; on return it is neither queued nor running */
static inline int hrtimer_cancel(struct hrtimer *timer)
{
	int ret = 0;

	/* A callback that returned HRTIMER_RESTART meanwhile queued it again. */
	do
		ret |= timer_delete_sync(&timer->__timer);
	while (timer_pending(&timer->__timer));
	return ret;
}

#endif
