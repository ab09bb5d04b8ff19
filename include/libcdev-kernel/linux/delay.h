/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/delay.h>: msleep() sleeps through signals,
 * msleep_interruptible() ends early when the caller is interrupted and
 * returns the milliseconds left. udelay()/ndelay()/mdelay() sleep too (the
 * kernel busy-waits): no context here forbids sleeping.
 */
#ifndef LIBCDEV_KERNEL_LINUX_DELAY_H
#define LIBCDEV_KERNEL_LINUX_DELAY_H

#include <errno.h>
#include <time.h>

#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>

static inline void __libcdev_nsleep(unsigned long long ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000ULL), (long)(ns % 1000000000ULL) };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

static inline void msleep(unsigned int msecs)
{
	__libcdev_nsleep(msecs * 1000000ULL);
}

static inline unsigned long msleep_interruptible(unsigned int msecs)
{
	return (unsigned long)schedule_timeout_interruptible((long)msecs);
}

static inline void ssleep(unsigned int seconds)
{
	msleep(seconds * 1000);
}

/* Sleeping in atomic context is reported at the driver's line (kcheck.h). */
#define msleep(ms) (__libcdev_might_sleep(__FILE__, __LINE__), (msleep)(ms))
#define msleep_interruptible(ms) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (msleep_interruptible)(ms))
#define ssleep(s) (__libcdev_might_sleep(__FILE__, __LINE__), (ssleep)(s))

#define ndelay(n) __libcdev_nsleep(n)
#define udelay(n) __libcdev_nsleep((n)*1000ULL)
#define mdelay(n) msleep(n)
#define usleep_range(min, max) \
	(__libcdev_might_sleep(__FILE__, __LINE__), __libcdev_nsleep((min)*1000ULL))
#define fsleep(usecs) (__libcdev_might_sleep(__FILE__, __LINE__), __libcdev_nsleep((usecs)*1000ULL))

#endif
