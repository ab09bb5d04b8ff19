/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/delay.h>: as in the kernel, udelay(), ndelay()
 * and mdelay() busy-wait (on the monotonic clock) and may be called in
 * atomic context; msleep(), msleep_interruptible(), ssleep(),
 * usleep_range(), usleep_idle_range() and fsleep() above 10 microseconds
 * sleep, and are reported in atomic context at the driver's line
 * (kcheck.h), where the kernel says "scheduling while atomic" or
 * might_sleep() does. msleep() sleeps through signals;
 * msleep_interruptible() ends early when the caller is interrupted and
 * returns the milliseconds left.
 */
#ifndef LIBCDEV_KERNEL_LINUX_DELAY_H
#define LIBCDEV_KERNEL_LINUX_DELAY_H

#include <errno.h>
#include <time.h>

#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>
#include <libcdev/names.h>

static inline void __libcdev_nsleep(unsigned long long ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000ULL), (long)(ns % 1000000000ULL) };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

static inline void __libcdev_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Spin until @ns nanoseconds of the monotonic clock have passed: never sleeps. */
static inline void __libcdev_delay_ns(unsigned long long ns)
{
	struct timespec ts;
	unsigned long long start, now;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	start = (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
	do {
		__libcdev_cpu_relax();
		clock_gettime(CLOCK_MONOTONIC, &ts);
		now = (unsigned long long)ts.tv_sec * 1000000000ULL +
		      (unsigned long long)ts.tv_nsec;
	} while (now - start < ns);
}

static inline void msleep(unsigned int msecs)
{
	__libcdev_nsleep(msecs * 1000000ULL);
}

static inline unsigned long msleep_interruptible(unsigned int msecs)
{
	/* In parentheses: the caller's line was reported, not this one (sched.h). */
	return (unsigned long)(libcdev_schedule_timeout_interruptible)((long)msecs);
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

/* Busy-waits, as the kernel's: allowed in atomic context. */
#define ndelay(n) __libcdev_delay_ns((unsigned long long)(n))
#define udelay(n) __libcdev_delay_ns((unsigned long long)(n)*1000ULL)
#define mdelay(n) __libcdev_delay_ns((unsigned long long)(n)*1000000ULL)

/*
 * The kernel's calibrated delay loop: __delay(loops_per_jiffy) spins for a
 * jiffy. A loop is a nanosecond here (the library's libcdev_loops_per_jiffy,
 * names.h, is NSEC_PER_SEC / HZ).
 */
extern unsigned long loops_per_jiffy;

static inline void __delay(unsigned long loops)
{
	__libcdev_delay_ns(loops);
}

#define usleep_range(min, max) \
	(__libcdev_might_sleep(__FILE__, __LINE__), __libcdev_nsleep((min)*1000ULL))
#define usleep_idle_range(min, max) usleep_range(min, max)
/* The kernel's thresholds: a busy-wait up to 10 us, a sleep above. */
#define fsleep(usecs)                   \
	((unsigned long)(usecs) <= 10 ? \
		 udelay(usecs) :        \
		 (__libcdev_might_sleep(__FILE__, __LINE__), __libcdev_nsleep((usecs)*1000ULL)))

#endif
