/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sched/signal.h>: signal_pending(). Which signal
 * interrupted the caller is not known here (FUSE says only "interrupted"),
 * so fatal_signal_pending() is signal_pending().
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCHED_SIGNAL_H
#define LIBCDEV_KERNEL_LINUX_SCHED_SIGNAL_H

#include <linux/sched.h>

#endif
