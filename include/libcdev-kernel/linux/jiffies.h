/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/jiffies.h>: HZ is 1000, so a jiffy is a
 * millisecond; `jiffies` reads the monotonic clock (milliseconds since boot)
 * each time it is used. time_after() and friends handle the wrap as in the
 * kernel.
 */
#ifndef LIBCDEV_KERNEL_LINUX_JIFFIES_H
#define LIBCDEV_KERNEL_LINUX_JIFFIES_H

#include <time.h>

#include <linux/types.h>
#include <libcdev/wait.h>

static inline unsigned long __libcdev_jiffies(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long)ts.tv_sec * HZ + (unsigned long)ts.tv_nsec / (1000000000L / HZ);
}

#define jiffies		 (__libcdev_jiffies())
#define get_jiffies_64() ((u64)__libcdev_jiffies())
#define MAX_JIFFY_OFFSET ((long)(~0UL >> 1) - 1)

#define time_after(a, b)	  ((long)((b) - (a)) < 0)
#define time_before(a, b)	  time_after(b, a)
#define time_after_eq(a, b)	  ((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	  time_after_eq(b, a)
#define time_in_range(a, b, c)	  (time_after_eq(a, b) && time_before_eq(a, c))
#define time_is_after_jiffies(a)  time_before(jiffies, a)
#define time_is_before_jiffies(a) time_after(jiffies, a)

#define usecs_to_jiffies(u) ((long)(((u) + 999) / 1000))
#define jiffies_to_usecs(j) ((unsigned int)(j)*1000U)
#define nsecs_to_jiffies(n) ((unsigned long)((n) / 1000000))
#define jiffies_to_nsecs(j) ((u64)(j)*1000000ULL)

#endif
