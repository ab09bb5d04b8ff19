/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/tty.h>: struct tty_struct as a driver meets it,
 * the caller's controlling terminal (current->signal->tty, NULL when it has
 * none), and tty_devnum(). The struct is opaque; one terminal is always the
 * same pointer, so drivers may key state on it. No tty driver API.
 */
#ifndef LIBCDEV_KERNEL_LINUX_TTY_H
#define LIBCDEV_KERNEL_LINUX_TTY_H

#include <linux/kdev_t.h>
#include <linux/sched/signal.h>
#include <linux/types.h>

#endif
