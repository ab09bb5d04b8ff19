/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/param.h>: HZ (1000 here, <linux/jiffies.h>) and
 * USER_HZ, the tick of times(2) and clock_t values user space sees (100).
 * The kernel's CLOCKS_PER_SEC (USER_HZ) is left to the C library's
 * <time.h>, which drivers' other headers bring in with its own value.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PARAM_H
#define LIBCDEV_KERNEL_LINUX_PARAM_H

#include <linux/jiffies.h>

#define USER_HZ	       100
#define EXEC_PAGESIZE  4096
#define NOGROUP	       (-1)
#define MAXHOSTNAMELEN 64

#endif
