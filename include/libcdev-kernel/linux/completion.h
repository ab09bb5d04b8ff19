/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/completion.h>, from libcdev's <libcdev/ksync.h>: sleeping
 * waits end early only for the interruptible forms, when the caller of the
 * request is interrupted by a signal.
 */
#ifndef LIBCDEV_KERNEL_LINUX_COMPLETION_H
#define LIBCDEV_KERNEL_LINUX_COMPLETION_H

#include <linux/wait.h>
#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>

/* Sleeping in atomic context is reported at the driver's line (kcheck.h). */
#define wait_for_completion(x) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (wait_for_completion)(x))
#define wait_for_completion_interruptible(x) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (wait_for_completion_interruptible)(x))
#define wait_for_completion_killable(x) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (wait_for_completion_killable)(x))
#define wait_for_completion_timeout(x, t) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (wait_for_completion_timeout)(x, t))
#define wait_for_completion_interruptible_timeout(x, t) \
	(__libcdev_might_sleep(__FILE__, __LINE__), \
	 (wait_for_completion_interruptible_timeout)(x, t))

#endif
