/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/mmtimer.h>: the ioctls of a memory-mapped RTC
 * timer's misc device (/dev/mmtimer), the numbers user space was given by
 * the kernel's uapi header: the counter's offset in its page, resolution in
 * femtoseconds, frequency in Hz, width in bits, whether it can be mapped,
 * and its current value.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MMTIMER_H
#define LIBCDEV_KERNEL_LINUX_MMTIMER_H

#include <linux/ioctl.h>

#define MMTIMER_IOCTL_BASE 'm'

#define MMTIMER_GETOFFSET  _IO(MMTIMER_IOCTL_BASE, 0)
#define MMTIMER_GETRES	   _IOR(MMTIMER_IOCTL_BASE, 1, unsigned long)
#define MMTIMER_GETFREQ	   _IOR(MMTIMER_IOCTL_BASE, 2, unsigned long)
#define MMTIMER_GETBITS	   _IO(MMTIMER_IOCTL_BASE, 4)
#define MMTIMER_MMAPAVAIL  _IO(MMTIMER_IOCTL_BASE, 6)
#define MMTIMER_GETCOUNTER _IOR(MMTIMER_IOCTL_BASE, 9, unsigned long)

#endif
