/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/numa.h>: NUMA_NO_NODE, the node argument that
 * asks for none in particular. A process has one memory node: every node
 * argument is taken and means the same.
 */
#ifndef LIBCDEV_KERNEL_LINUX_NUMA_H
#define LIBCDEV_KERNEL_LINUX_NUMA_H

#define NUMA_NO_NODE (-1)

#endif
