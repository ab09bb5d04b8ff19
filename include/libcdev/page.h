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

#include <stdbool.h>

#include <libcdev/compiler.h>
#include <libcdev/names.h>

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

/* The flags of pin_user_pages_fast() that mean something here (the kernel's values). */
#define LIBCDEV_FOLL_WRITE    0x01
#define LIBCDEV_FOLL_LONGTERM 0x10000
#define LIBCDEV_FOLL_KNOWN    (LIBCDEV_FOLL_WRITE | LIBCDEV_FOLL_LONGTERM)

/**
 * pin_user_pages_fast - pin @nr_pages of the caller's pages from @start's
 * @pages: filled with pages of this process holding what the caller's held;
 * with FOLL_WRITE, what the driver writes there reaches the caller at unpin.
 * Called within the caller's request, as copy_from_user().
 * Return: the number pinned (fewer where the caller maps no more), -EFAULT
 * when none could be, -EINVAL for flags this layer does not know.
 */
long pin_user_pages_fast(unsigned long start, int nr_pages, unsigned int gup_flags,
			 struct page **pages);
/** unpin_user_page - give back a page pin_user_pages_fast() pinned */
void unpin_user_page(struct page *page);
void unpin_user_pages(struct page **pages, unsigned long npages);
void unpin_user_pages_dirty_lock(struct page **pages, unsigned long npages, bool make_dirty);

#endif
