/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/time.h>: the kernel's, not the system's UAPI one
 * (whose struct timeval and timespec would clash with the C library's):
 * timespec64 (<linux/time64.h>), mktime64(), itimerspec64_valid() and the
 * 32-bit time_after32() family. The kernel's struct tm and time64_to_tm()
 * are not provided: the C library's <time.h> has its own struct tm.
 */
#ifndef LIBCDEV_KERNEL_LINUX_TIME_H
#define LIBCDEV_KERNEL_LINUX_TIME_H

#include <linux/time64.h>

/*
 * Seconds since 1970-01-01 00:00:00 UTC of a Gregorian date: @mon 1 to 12,
 * @day 1 to 31, @hour 0 to 24 (24:00:00 is the next day's midnight).
 */
static inline time64_t mktime64(const unsigned int year, const unsigned int mon,
				const unsigned int day, const unsigned int hour,
				const unsigned int min, const unsigned int sec)
{
	/* Years from March, so the leap day ends a year; days of 400-year eras. */
	long long y = (long long)year - (mon <= 2);
	long long era = (y >= 0 ? y : y - 399) / 400;
	long long yoe = y - era * 400;
	long long m = mon > 2 ? (long long)mon - 3 : (long long)mon + 9;
	long long doy = (153 * m + 2) / 5 + (long long)day - 1;
	long long days = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;

	return ((days * 24 + hour) * 60 + min) * 60 + sec;
}

static inline bool itimerspec64_valid(const struct itimerspec64 *its)
{
	return timespec64_valid(&its->it_interval) && timespec64_valid(&its->it_value);
}

#define time_after32(a, b)	((s32)((u32)(b) - (u32)(a)) < 0)
#define time_before32(b, a)	time_after32(a, b)
#define time_between32(t, l, h) ((u32)(h) - (u32)(l) >= (u32)(t) - (u32)(l))

#endif
