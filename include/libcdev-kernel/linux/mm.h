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
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/types.h>
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

struct pt_regs;

#define PAGE_ALIGNED(addr) IS_ALIGNED((unsigned long)(addr), PAGE_SIZE)

/* A page's protection, as x86's: its bits are the page table's. */
typedef struct {
	unsigned long pgprot;
} pgprot_t;

#define pgprot_val(x)		  ((x).pgprot)
#define __pgprot(x)		  ((pgprot_t){ (x) })
/* x86's cache-mode bits of a page with the default PAT: PWT for write-combining, PCD for uncached. */
#define pgprot_noncached(prot)	  __pgprot((pgprot_val(prot) & ~0x18UL) | 0x10UL)
#define pgprot_writecombine(prot) __pgprot((pgprot_val(prot) & ~0x18UL) | 0x08UL)

/* The kernel's vm_flags bits. */
#define VM_NONE	      0x00000000UL
#define VM_READ	      0x00000001UL
#define VM_WRITE      0x00000002UL
#define VM_EXEC	      0x00000004UL
#define VM_SHARED     0x00000008UL
#define VM_MAYREAD    0x00000010UL
#define VM_MAYWRITE   0x00000020UL
#define VM_MAYEXEC    0x00000040UL
#define VM_MAYSHARE   0x00000080UL
#define VM_IO	      0x00004000UL
#define VM_DONTCOPY   0x00020000UL
#define VM_DONTEXPAND 0x00040000UL
#define VM_NORESERVE  0x00200000UL
#define VM_PFNMAP     0x00000400UL
#define VM_DONTDUMP   0x04000000UL

struct file;
struct vm_operations_struct;

/* A mapping of a process: what a driver's .mmap is given, which is never called here. */
struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;
	unsigned long vm_pgoff; /* in pages, into the file */
	unsigned long vm_flags;
	pgprot_t vm_page_prot;
	const struct vm_operations_struct *vm_ops;
	struct file *vm_file;
	void *vm_private_data;
};

/*
 * Mapping pages into the caller's address space: no process's page tables are
 * reachable from here (the caller of mmap(2) gets ENODEV before any .mmap),
 * so a driver that asks anyway gets the same.
 */
static inline int remap_pfn_range(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn,
				  unsigned long size, pgprot_t prot)
{
	(void)vma, (void)addr, (void)pfn, (void)size, (void)prot;
	return -ENODEV;
}

static inline int vm_iomap_memory(struct vm_area_struct *vma, phys_addr_t start, unsigned long len)
{
	(void)vma, (void)start, (void)len;
	return -ENODEV;
}

#define io_remap_pfn_range remap_pfn_range

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
