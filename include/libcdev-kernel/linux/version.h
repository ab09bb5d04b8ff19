/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/version.h>: the kernel API release this layer
 * follows, 6.6 (a long-term release): one-argument class_create() (6.4 and
 * later), two-argument DEFINE_SEMAPHORE() (6.4), struct proc_ops (5.6).
 * Drivers that test LINUX_VERSION_CODE take the branches for that release;
 * the older forms of class_create() and DEFINE_SEMAPHORE() build too, so
 * drivers written for 6.1 (the kernel of Debian 12) do unchanged.
 */
#ifndef LIBCDEV_KERNEL_LINUX_VERSION_H
#define LIBCDEV_KERNEL_LINUX_VERSION_H

#define KERNEL_VERSION(a, b, c)	 (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
#define LINUX_VERSION_MAJOR	 6
#define LINUX_VERSION_PATCHLEVEL 6
#define LINUX_VERSION_SUBLEVEL	 0
#define LINUX_VERSION_CODE	 KERNEL_VERSION(6, 6, 0)

#endif
