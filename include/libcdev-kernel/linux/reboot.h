/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/reboot.h>: reboot notifiers and the restart,
 * halt and power-off calls (<libcdev/reboot.h>): the notifiers run, then
 * the host process ends instead of the machine (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_REBOOT_H
#define LIBCDEV_KERNEL_LINUX_REBOOT_H

#include <linux/notifier.h>
#include <libcdev/reboot.h>

#endif
