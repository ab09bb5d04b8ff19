/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/ioctl.h>: _IO, _IOR, _IOW, _IOWR and _IOC_*
 * decoders, from the system's UAPI header (glibc's <sys/ioctl.h> includes it
 * too, so this one only chains to it).
 */
#ifndef LIBCDEV_KERNEL_LINUX_IOCTL_H
#define LIBCDEV_KERNEL_LINUX_IOCTL_H

#include_next <linux/ioctl.h>

#endif
