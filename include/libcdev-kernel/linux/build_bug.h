/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/build_bug.h>: in <linux/bug.h> here. */
#ifndef LIBCDEV_KERNEL_LINUX_BUILD_BUG_H
#define LIBCDEV_KERNEL_LINUX_BUILD_BUG_H

#include <linux/bug.h>

#endif
