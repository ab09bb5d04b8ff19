/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sysrq.h>: SysRq actions of drivers
 * (<libcdev/sysrq.h>); the kernel's own actions are the host kernel's.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SYSRQ_H
#define LIBCDEV_KERNEL_LINUX_SYSRQ_H

#include <linux/errno.h>
#include <linux/types.h>
#include <libcdev/sysrq.h>

#endif
