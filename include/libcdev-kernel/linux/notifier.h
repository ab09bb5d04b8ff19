/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/notifier.h>: atomic, blocking and raw notifier
 * chains (<libcdev/notifier.h>), their static and run-time initializers,
 * and the conversions between errno values and NOTIFY_* codes.
 */
#ifndef LIBCDEV_KERNEL_LINUX_NOTIFIER_H
#define LIBCDEV_KERNEL_LINUX_NOTIFIER_H

#include <linux/errno.h>
#include <linux/types.h>
#include <libcdev/kcheck.h>
#include <libcdev/notifier.h>

/* The callbacks of a blocking chain may sleep: so may its caller. */
#define libcdev_blocking_notifier_call_chain(nh, val, v) \
	(__libcdev_might_sleep(__FILE__, __LINE__),      \
	 (libcdev_blocking_notifier_call_chain)(nh, val, v))

#define __LIBCDEV_NOTIFIER_INIT                      \
	{                                            \
		{ PTHREAD_MUTEX_INITIALIZER, NULL }, \
	}
#define ATOMIC_NOTIFIER_HEAD(name)   struct atomic_notifier_head name = __LIBCDEV_NOTIFIER_INIT
#define BLOCKING_NOTIFIER_HEAD(name) struct blocking_notifier_head name = __LIBCDEV_NOTIFIER_INIT
#define RAW_NOTIFIER_HEAD(name)	     struct raw_notifier_head name = __LIBCDEV_NOTIFIER_INIT

#define __LIBCDEV_NOTIFIER_RUNTIME_INIT(nh)                  \
	do {                                                 \
		pthread_mutex_init(&(nh)->chain.lock, NULL); \
		(nh)->chain.head = NULL;                     \
	} while (0)
#define ATOMIC_INIT_NOTIFIER_HEAD(nh)	__LIBCDEV_NOTIFIER_RUNTIME_INIT(nh)
#define BLOCKING_INIT_NOTIFIER_HEAD(nh) __LIBCDEV_NOTIFIER_RUNTIME_INIT(nh)
#define RAW_INIT_NOTIFIER_HEAD(nh)	__LIBCDEV_NOTIFIER_RUNTIME_INIT(nh)

/* An errno value carried in a NOTIFY_BAD return, and back. */
static inline int notifier_from_errno(int err)
{
	return err ? NOTIFY_STOP_MASK | (NOTIFY_OK - err) : NOTIFY_OK;
}

static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

#endif
