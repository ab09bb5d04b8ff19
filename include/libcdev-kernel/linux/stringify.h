/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/stringify.h>. */
#ifndef LIBCDEV_KERNEL_LINUX_STRINGIFY_H
#define LIBCDEV_KERNEL_LINUX_STRINGIFY_H

#define __stringify_1(x...) #x
#define __stringify(x...)   __stringify_1(x)

#endif
