/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/mm.h>: PAGE_SIZE and the allocators, and pages of
 * plain memory (<libcdev/page.h>: a struct page * is its page's address).
 * There is no mmap through CUSE: a driver's .mmap is never called and the
 * caller of mmap(2) gets ENODEV (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_MM_H
#define LIBCDEV_KERNEL_LINUX_MM_H

#include <asm/page.h>
#include <linux/gfp.h>
#include <libcdev/names.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <libcdev/page.h>

#define virt_to_page(addr)     libcdev_virt_to_page(addr)
#define page_address(page)     libcdev_page_address(page)
#define offset_in_page(p)      libcdev_offset_in_page((const void *)(p))
#define page_to_virt(page)     page_address(page)
#define virt_addr_valid(addr)  ((addr) != NULL)
#define lowmem_page_address(p) page_address(p)

#define FOLL_WRITE    LIBCDEV_FOLL_WRITE
#define FOLL_LONGTERM LIBCDEV_FOLL_LONGTERM

struct vm_area_struct;
struct pt_regs;

typedef unsigned int vm_fault_t;
#define VM_FAULT_OOM	 0x000001
#define VM_FAULT_SIGBUS	 0x000002
#define VM_FAULT_SIGSEGV 0x000040

/*
 * The page fault handler: no process memory faults into a driver here, so
 * it answers as for an address no mapping can serve (mm/memory.c).
 */
vm_fault_t handle_mm_fault(struct vm_area_struct *vma, unsigned long address, unsigned int flags,
			   struct pt_regs *regs);

#endif
