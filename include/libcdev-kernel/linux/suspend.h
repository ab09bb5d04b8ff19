/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/suspend.h>: the PM notifiers
 * (register_pm_notifier(), PM_SUSPEND_PREPARE ...) and pm_suspend(), from
 * libcdev's <libcdev/suspend.h>: a process has no platform suspend, so
 * standby and mem are not valid states (-EINVAL); suspend-to-idle tells the
 * notifiers as the kernel's suspend test does, and returns.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SUSPEND_H
#define LIBCDEV_KERNEL_LINUX_SUSPEND_H

#include <linux/freezer.h>
#include <linux/init.h>
#include <linux/notifier.h>
#include <linux/pm.h>
#include <libcdev/suspend.h>

#endif
