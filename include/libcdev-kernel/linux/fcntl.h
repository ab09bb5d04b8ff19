/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/fcntl.h>: the open(2) flags drivers test
 * (O_NONBLOCK, O_ACCMODE, ...), from the C library's <fcntl.h>. The system's
 * UAPI <linux/fcntl.h> is not chained: it clashes with <fcntl.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_FCNTL_H
#define LIBCDEV_KERNEL_LINUX_FCNTL_H

#include <fcntl.h>

#endif
