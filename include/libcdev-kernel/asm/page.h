/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/page.h>: the kernel's page size of x86 and of most
 * other architectures' defaults, 4 KiB, as a constant (drivers size arrays
 * with it); the host's own page size may differ (sysconf(_SC_PAGESIZE)).
 */
#ifndef LIBCDEV_KERNEL_ASM_PAGE_H
#define LIBCDEV_KERNEL_ASM_PAGE_H

#define PAGE_SHIFT	 12
#define PAGE_SIZE	 (1UL << PAGE_SHIFT)
#define PAGE_MASK	 (~(PAGE_SIZE - 1))
#define PAGE_ALIGN(addr) (((addr) + PAGE_SIZE - 1) & PAGE_MASK)

#endif
