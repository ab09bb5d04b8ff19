/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/timekeeping.h>: see <linux/ktime.h>. */
#ifndef LIBCDEV_KERNEL_LINUX_TIMEKEEPING_H
#define LIBCDEV_KERNEL_LINUX_TIMEKEEPING_H

#include <linux/ktime.h>

#endif
