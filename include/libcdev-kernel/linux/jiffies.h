/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/jiffies.h>: HZ is 1000, so a jiffy is a
 * millisecond. `jiffies` and `jiffies_64` are variables, as in the kernel
 * (a struct may have a field named jiffies): INITIAL_JIFFIES plus the
 * milliseconds of the monotonic clock, kept current by the library's tick
 * (libcdev-kernel(7), "Time"). time_after() and friends handle the wrap as
 * in the kernel.
 */
#ifndef LIBCDEV_KERNEL_LINUX_JIFFIES_H
#define LIBCDEV_KERNEL_LINUX_JIFFIES_H

#include <linux/types.h>
#include <libcdev/names.h>
#include <libcdev/wait.h>

/* The library's libcdev_jiffies and libcdev_jiffies_64 (names.h): one object on 64-bit hosts. */
extern unsigned long volatile jiffies;
extern u64 jiffies_64;

static inline u64 get_jiffies_64(void)
{
	return (u64)jiffies; /* the same object, read once (64-bit) */
}

#define MAX_JIFFY_OFFSET ((long)(~0UL >> 1) - 1)

#define time_after(a, b)	  ((long)((b) - (a)) < 0)
#define time_before(a, b)	  time_after(b, a)
#define time_after_eq(a, b)	  ((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	  time_after_eq(b, a)
#define time_in_range(a, b, c)	  (time_after_eq(a, b) && time_before_eq(a, c))
#define time_is_after_jiffies(a)  time_before(jiffies, a)
#define time_is_before_jiffies(a) time_after(jiffies, a)

#define time_after64(a, b)	    ((s64)((b) - (a)) < 0)
#define time_before64(a, b)	    time_after64(b, a)
#define time_after_eq64(a, b)	    ((s64)((a) - (b)) >= 0)
#define time_before_eq64(a, b)	    time_after_eq64(b, a)
#define time_is_after_jiffies64(a)  time_before64(get_jiffies_64(), a)
#define time_is_before_jiffies64(a) time_after64(get_jiffies_64(), a)

#define usecs_to_jiffies(u) ((long)(((u) + 999) / 1000))
#define jiffies_to_usecs(j) ((unsigned int)(j)*1000U)
#define nsecs_to_jiffies(n) ((unsigned long)((n) / 1000000))
#define jiffies_to_nsecs(j) ((u64)(j)*1000000ULL)

#endif
