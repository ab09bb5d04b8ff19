/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/highmem.h>: mapping pages into the address space,
 * as on x86_64, which has no high memory: every page is mapped already, so
 * kmap() and kmap_local_page() give its address. kmap_atomic() keeps its
 * rule, as the kernel's does: it disables preemption until kunmap_atomic(),
 * so a sleep in between is reported (in_atomic() is true).
 */
#ifndef LIBCDEV_KERNEL_LINUX_HIGHMEM_H
#define LIBCDEV_KERNEL_LINUX_HIGHMEM_H

#include <linux/bug.h>
#include <linux/mm.h>
#include <linux/preempt.h>
#include <linux/string.h>
#include <linux/uaccess.h>

static inline void *kmap(struct page *page)
{
	return page_address(page);
}

static inline void kunmap(struct page *page)
{
	(void)page;
}

static inline void *kmap_local_page(struct page *page)
{
	return page_address(page);
}

#define kmap_local_folio(folio, offset) ((char *)page_address((struct page *)(folio)) + (offset))
#define kunmap_local(addr)		((void)(addr))

static inline void *kmap_atomic(struct page *page)
{
	preempt_disable();
	return page_address(page);
}

#define kunmap_atomic(addr)       \
	do {                      \
		(void)(addr);     \
		preempt_enable(); \
	} while (0)

static inline void clear_highpage(struct page *page)
{
	memset(page_address(page), 0, PAGE_SIZE);
}

static inline void copy_highpage(struct page *to, struct page *from)
{
	memcpy(page_address(to), page_address(from), PAGE_SIZE);
}

static inline void zero_user_segments(struct page *page, unsigned int start1, unsigned int end1,
				      unsigned int start2, unsigned int end2)
{
	char *p = page_address(page);

	BUG_ON(end1 > PAGE_SIZE || end2 > PAGE_SIZE);
	if (end1 > start1)
		memset(p + start1, 0, end1 - start1);
	if (end2 > start2)
		memset(p + start2, 0, end2 - start2);
}

static inline void zero_user_segment(struct page *page, unsigned int start, unsigned int end)
{
	zero_user_segments(page, start, end, 0, 0);
}

static inline void zero_user(struct page *page, unsigned int start, unsigned int size)
{
	zero_user_segments(page, start, start + size, 0, 0);
}

static inline void memcpy_from_page(char *to, struct page *page, size_t offset, size_t len)
{
	BUG_ON(offset + len > PAGE_SIZE);
	memcpy(to, (char *)page_address(page) + offset, len);
}

static inline void memcpy_to_page(struct page *page, size_t offset, const char *from, size_t len)
{
	BUG_ON(offset + len > PAGE_SIZE);
	memcpy((char *)page_address(page) + offset, from, len);
}

static inline void memzero_page(struct page *page, size_t offset, size_t len)
{
	BUG_ON(offset + len > PAGE_SIZE);
	memset((char *)page_address(page) + offset, 0, len);
}

#endif
