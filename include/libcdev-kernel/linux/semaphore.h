/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/semaphore.h>, from libcdev's <libcdev/ksync.h>: sleeping
 * waits end early only for the interruptible forms, when the caller of the
 * request is interrupted by a signal.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SEMAPHORE_H
#define LIBCDEV_KERNEL_LINUX_SEMAPHORE_H

#include <linux/wait.h>
#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>

/*
 * Sleeping in atomic context is reported at the driver's line (kcheck.h).
 * The macros wrap the library's names, which <libcdev/names.h> maps the
 * kernel's to: a call is checked, a bare name still is the function.
 */
#define libcdev_down(sem) (__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_down)(sem))
#define libcdev_down_interruptible(sem) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_down_interruptible)(sem))
#define libcdev_down_killable(sem) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_down_killable)(sem))
#define libcdev_down_timeout(sem, j) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_down_timeout)(sem, j))

#endif
