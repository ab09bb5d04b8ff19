/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sched/stat.h>: the scheduler's counts, read from
 * the running kernel's /proc/loadavg ("runnable/total" tasks).
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCHED_STAT_H
#define LIBCDEV_KERNEL_LINUX_SCHED_STAT_H

#include <linux/percpu.h>
#include <linux/sched.h>
#include <libcdev/instrument.h>

#endif
