/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/mm.h>: PAGE_SIZE and the allocators. There is no
 * mmap through CUSE: a driver's .mmap is never called and the caller of
 * mmap(2) gets ENODEV (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_MM_H
#define LIBCDEV_KERNEL_LINUX_MM_H

#include <asm/page.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

struct vm_area_struct;

#endif
