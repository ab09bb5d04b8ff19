/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/vmalloc.h>: vmalloc() is malloc() here. */
#ifndef LIBCDEV_KERNEL_LINUX_VMALLOC_H
#define LIBCDEV_KERNEL_LINUX_VMALLOC_H

#include <linux/slab.h>

static inline void *vmalloc(unsigned long size)
{
	return kmalloc(size, GFP_KERNEL);
}

static inline void *vzalloc(unsigned long size)
{
	return kzalloc(size, GFP_KERNEL);
}

static inline void vfree(const void *addr)
{
	kfree(addr);
}

#endif
