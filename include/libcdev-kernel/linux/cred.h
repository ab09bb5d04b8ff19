/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/cred.h>: the caller's credentials. current_uid()
 * is its real uid and current_euid() its effective one, read when the
 * request came in (FUSE gives the effective ids, /proc/PID/status the real).
 */
#ifndef LIBCDEV_KERNEL_LINUX_CRED_H
#define LIBCDEV_KERNEL_LINUX_CRED_H

#include <linux/capability.h>
#include <linux/sched.h>
#include <linux/uidgid.h>

#define current_fsuid() current_euid()
#define current_fsgid() current_egid()

#endif
