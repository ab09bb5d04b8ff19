/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/capability.h>: the CAP_* numbers of the system's
 * UAPI header, and capable(), which tests the caller's effective set.
 */
#ifndef LIBCDEV_KERNEL_LINUX_CAPABILITY_H
#define LIBCDEV_KERNEL_LINUX_CAPABILITY_H

#include <linux/types.h>
#include_next <linux/capability.h>
#include <libcdev/sched.h>

#endif
