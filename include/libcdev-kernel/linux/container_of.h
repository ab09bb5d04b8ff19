/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/container_of.h>. */
#ifndef LIBCDEV_KERNEL_LINUX_CONTAINER_OF_H
#define LIBCDEV_KERNEL_LINUX_CONTAINER_OF_H

#include <linux/compiler.h>
#include <linux/stddef.h>

#endif
