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

/*
 * Sleeping in atomic context is reported at the driver's line (kcheck.h).
 * The macros wrap the library's names, which <libcdev/names.h> maps the
 * kernel's to: a call is checked, a bare name still is the function.
 */
#define libcdev_wait_for_completion(x) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_wait_for_completion)(x))
#define libcdev_wait_for_completion_interruptible(x) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_wait_for_completion_interruptible)(x))
#define libcdev_wait_for_completion_killable(x) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_wait_for_completion_killable)(x))
#define libcdev_wait_for_completion_timeout(x, t) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_wait_for_completion_timeout)(x, t))
#define libcdev_wait_for_completion_interruptible_timeout(x, t) \
	(__libcdev_might_sleep(__FILE__, __LINE__),             \
	 (libcdev_wait_for_completion_interruptible_timeout)(x, t))

#endif
