/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/ktime.h> and <linux/timekeeping.h>: ktime_t is
 * nanoseconds; ktime_get() is CLOCK_MONOTONIC, ktime_get_real() the wall
 * clock, ktime_get_boottime() CLOCK_BOOTTIME; conversions to and from
 * struct timespec64 (<linux/time64.h>).
 */
#ifndef LIBCDEV_KERNEL_LINUX_KTIME_H
#define LIBCDEV_KERNEL_LINUX_KTIME_H

#include <time.h>

#include <linux/jiffies.h>
#include <linux/time64.h>
#include <linux/types.h>

static inline ktime_t __libcdev_clock_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (ktime_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static inline ktime_t ktime_get(void)
{
	return __libcdev_clock_ns(CLOCK_MONOTONIC);
}
static inline ktime_t ktime_get_real(void)
{
	return __libcdev_clock_ns(CLOCK_REALTIME);
}
static inline ktime_t ktime_get_boottime(void)
{
	return __libcdev_clock_ns(CLOCK_BOOTTIME);
}
static inline u64 ktime_get_ns(void)
{
	return (u64)ktime_get();
}
static inline u64 ktime_get_real_ns(void)
{
	return (u64)ktime_get_real();
}
static inline u64 ktime_get_boottime_ns(void)
{
	return (u64)ktime_get_boottime();
}
static inline time64_t ktime_get_seconds(void)
{
	return ktime_get() / NSEC_PER_SEC;
}
static inline time64_t ktime_get_real_seconds(void)
{
	return ktime_get_real() / NSEC_PER_SEC;
}

static inline void ktime_get_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get());
}
static inline void ktime_get_real_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_real());
}

#define ktime_set(secs, nsecs)	       ((ktime_t)(secs)*NSEC_PER_SEC + (ktime_t)(nsecs))
#define ktime_add(a, b)		       ((a) + (b))
#define ktime_sub(a, b)		       ((a) - (b))
#define ktime_add_ns(kt, ns)	       ((kt) + (ktime_t)(ns))
#define ktime_add_us(kt, us)	       ((kt) + (ktime_t)(us)*NSEC_PER_USEC)
#define ktime_add_ms(kt, ms)	       ((kt) + (ktime_t)(ms)*NSEC_PER_MSEC)
#define ktime_compare(a, b)	       ((a) < (b) ? -1 : (a) > (b) ? 1 : 0)
#define ktime_after(a, b)	       ((a) > (b))
#define ktime_before(a, b)	       ((a) < (b))
#define ktime_to_ns(kt)		       ((s64)(kt))
#define ktime_to_us(kt)		       ((s64)(kt) / NSEC_PER_USEC)
#define ktime_to_ms(kt)		       ((s64)(kt) / NSEC_PER_MSEC)
#define ns_to_ktime(ns)		       ((ktime_t)(ns))
#define ms_to_ktime(ms)		       ((ktime_t)(ms)*NSEC_PER_MSEC)
#define us_to_ktime(us)		       ((ktime_t)(us)*NSEC_PER_USEC)
#define ktime_divns(kt, div)	       ((s64)(kt) / (s64)(div))
#define ktime_to_timespec64(kt)	       ns_to_timespec64(kt)
#define timespec64_to_ktime(ts)	       ((ktime_t)timespec64_to_ns(&(ts)))
#define ktime_us_delta(later, earlier) ktime_to_us(ktime_sub(later, earlier))
#define ktime_ms_delta(later, earlier) ktime_to_ms(ktime_sub(later, earlier))

#endif
