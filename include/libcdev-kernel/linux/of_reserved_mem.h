/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/of_reserved_mem.h>: regions of reserved memory.
 * In a device tree they are the nodes under /reserved-memory; here, a device
 * described with a compatible, a mem= region and the property
 * "reserved-memory" (libcdev-platform(7)): the region is plain memory of the
 * process, as its register bank, which memremap() maps.
 */
#ifndef LIBCDEV_KERNEL_LINUX_OF_RESERVED_MEM_H
#define LIBCDEV_KERNEL_LINUX_OF_RESERVED_MEM_H

#include <linux/device.h>
#include <linux/of.h>
#include <libcdev/platform.h>

/* The reserved region of node @np, or NULL if @np is not a reserved-memory node. */
static inline struct reserved_mem *of_reserved_mem_lookup(struct device_node *np)
{
	return np && np->rmem.size ? &np->rmem : NULL;
}

#endif
