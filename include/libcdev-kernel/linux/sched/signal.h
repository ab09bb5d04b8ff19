/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sched/signal.h>: signal_pending() and struct
 * signal_struct (current->signal->tty). Which signal interrupted the caller
 * is not known here (FUSE says only "interrupted"), so
 * fatal_signal_pending() is signal_pending().
 *
 * `current` becomes libcdev_current_signal(): the caller's controlling
 * terminal is read from /proc on the first use of `current` in a request,
 * only by drivers that include this header (or <linux/tty.h>).
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCHED_SIGNAL_H
#define LIBCDEV_KERNEL_LINUX_SCHED_SIGNAL_H

#include <linux/sched.h>

#undef get_current
#define get_current() (libcdev_current_signal())
#undef current
#define current get_current()

#endif
