/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/semaphore.h>, from libcdev's <libcdev/ksync.h>: sleeping
 * waits end early only for the interruptible forms, when the caller of the
 * request is interrupted by a signal.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SEMAPHORE_H
#define LIBCDEV_KERNEL_LINUX_SEMAPHORE_H

#include <linux/wait.h>
#include <libcdev/ksync.h>

#endif
