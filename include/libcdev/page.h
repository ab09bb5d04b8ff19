/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - pages of plain memory (include/linux/mm.h, asm/page.h): there is
 * no memory map in a process, so a struct page * is the address of its
 * page (a PAGE_SIZE boundary below the byte), and page_address() gives that
 * address back. Memory that is contiguous in the process is contiguous for
 * a scatterlist too, as the kernel's kmalloc() memory is.
 */
#ifndef LIBCDEV_PAGE_H
#define LIBCDEV_PAGE_H

#define LIBCDEV_PAGE_SHIFT 12
#define LIBCDEV_PAGE_SIZE  (1UL << LIBCDEV_PAGE_SHIFT)

/* Never defined: a pointer to one is the page's address. */
struct page;

static inline struct page *libcdev_virt_to_page(const void *addr)
{
	return (struct page *)((unsigned long)addr & ~(LIBCDEV_PAGE_SIZE - 1));
}

static inline void *libcdev_page_address(const struct page *page)
{
	return (void *)page;
}

static inline unsigned long libcdev_offset_in_page(const void *addr)
{
	return (unsigned long)addr & (LIBCDEV_PAGE_SIZE - 1);
}

#endif
