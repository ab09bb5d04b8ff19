/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/time64.h>: struct timespec64 (tv_nsec always in
 * [0, NSEC_PER_SEC) once normalized, also for times before 1970), the
 * unit constants and the timespec64 arithmetic and checks.
 */
#ifndef LIBCDEV_KERNEL_LINUX_TIME64_H
#define LIBCDEV_KERNEL_LINUX_TIME64_H

#include <linux/types.h>

#define MSEC_PER_SEC  1000L
#define USEC_PER_MSEC 1000L
#define NSEC_PER_USEC 1000L
#define NSEC_PER_MSEC 1000000L
#define USEC_PER_SEC  1000000L
#define NSEC_PER_SEC  1000000000L
#define PSEC_PER_SEC  1000000000000LL
#define FSEC_PER_SEC  1000000000000000LL
#define PSEC_PER_NSEC 1000L

struct timespec64 {
	time64_t tv_sec; /* seconds */
	long tv_nsec;	 /* nanoseconds */
};

struct itimerspec64 {
	struct timespec64 it_interval;
	struct timespec64 it_value;
};

#define TIME64_MAX	    ((s64) ~((u64)1 << 63))
#define TIME64_MIN	    (-TIME64_MAX - 1)
#define KTIME_MAX	    ((s64) ~((u64)1 << 63))
#define KTIME_MIN	    (-KTIME_MAX - 1)
#define KTIME_SEC_MAX	    (KTIME_MAX / NSEC_PER_SEC)
#define KTIME_SEC_MIN	    (KTIME_MIN / NSEC_PER_SEC)
#define TIME_UPTIME_SEC_MAX (30LL * 365 * 24 * 3600)
#define TIME_SETTOD_SEC_MAX (KTIME_SEC_MAX - TIME_UPTIME_SEC_MAX)

static inline int timespec64_equal(const struct timespec64 *a, const struct timespec64 *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* < 0, 0 or > 0 as @lhs is before, at or after @rhs. */
static inline int timespec64_compare(const struct timespec64 *lhs, const struct timespec64 *rhs)
{
	if (lhs->tv_sec != rhs->tv_sec)
		return lhs->tv_sec < rhs->tv_sec ? -1 : 1;
	return lhs->tv_nsec < rhs->tv_nsec ? -1 : lhs->tv_nsec > rhs->tv_nsec;
}

/* @ts = @sec + @nsec with tv_nsec brought into [0, NSEC_PER_SEC). */
static inline void set_normalized_timespec64(struct timespec64 *ts, time64_t sec, s64 nsec)
{
	sec += nsec / NSEC_PER_SEC;
	nsec %= NSEC_PER_SEC;
	if (nsec < 0) {
		sec--;
		nsec += NSEC_PER_SEC;
	}
	ts->tv_sec = sec;
	ts->tv_nsec = (long)nsec;
}

static inline struct timespec64 timespec64_add(struct timespec64 lhs, struct timespec64 rhs)
{
	struct timespec64 ts;

	set_normalized_timespec64(&ts, lhs.tv_sec + rhs.tv_sec, (s64)lhs.tv_nsec + rhs.tv_nsec);
	return ts;
}

static inline struct timespec64 timespec64_sub(struct timespec64 lhs, struct timespec64 rhs)
{
	struct timespec64 ts;

	set_normalized_timespec64(&ts, lhs.tv_sec - rhs.tv_sec, (s64)lhs.tv_nsec - rhs.tv_nsec);
	return ts;
}

/* Normalized and not before 1970. */
static inline bool timespec64_valid(const struct timespec64 *ts)
{
	return ts->tv_sec >= 0 && (unsigned long)ts->tv_nsec < NSEC_PER_SEC;
}

/* ... and within what a ktime_t holds. */
static inline bool timespec64_valid_strict(const struct timespec64 *ts)
{
	return timespec64_valid(ts) && (unsigned long long)ts->tv_sec < KTIME_SEC_MAX;
}

static inline bool timespec64_valid_settod(const struct timespec64 *ts)
{
	return timespec64_valid(ts) && (unsigned long long)ts->tv_sec < TIME_SETTOD_SEC_MAX;
}

/* Nanoseconds, saturated at KTIME_MAX / KTIME_MIN as the kernel does. */
static inline s64 timespec64_to_ns(const struct timespec64 *ts)
{
	if (ts->tv_sec >= KTIME_SEC_MAX)
		return KTIME_MAX;
	if (ts->tv_sec <= KTIME_SEC_MIN)
		return KTIME_MIN;
	return (s64)ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

static inline struct timespec64 ns_to_timespec64(s64 nsec)
{
	struct timespec64 ts;

	set_normalized_timespec64(&ts, 0, nsec);
	return ts;
}

static inline void timespec64_add_ns(struct timespec64 *a, u64 ns)
{
	set_normalized_timespec64(a, a->tv_sec + (time64_t)(ns / NSEC_PER_SEC),
				  a->tv_nsec + (s64)(ns % NSEC_PER_SEC));
}

#endif
