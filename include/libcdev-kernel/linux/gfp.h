/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/gfp.h>: the allocation flags, and the page
 * allocator (alloc_pages(), __get_free_pages() and their frees). All memory
 * is the host process's; only __GFP_ZERO changes it (the memory is zeroed),
 * and a sleeping allocation in atomic context is reported, as for kmalloc().
 * Pages are aligned blocks of 2^order pages, accounted to their module.
 */
#ifndef LIBCDEV_KERNEL_LINUX_GFP_H
#define LIBCDEV_KERNEL_LINUX_GFP_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/types.h>
#include <libcdev/kcheck.h>
#include <libcdev/module.h>
#include <libcdev/page.h>

#define __GFP_DMA	     ((gfp_t)0x01u)
#define __GFP_HIGHMEM	     ((gfp_t)0x02u)
#define __GFP_DMA32	     ((gfp_t)0x04u)
#define __GFP_RECLAIMABLE    ((gfp_t)0x10u)
#define __GFP_HIGH	     ((gfp_t)0x20u)
#define __GFP_IO	     ((gfp_t)0x40u)
#define __GFP_FS	     ((gfp_t)0x80u)
#define __GFP_ZERO	     ((gfp_t)0x100u)
#define __GFP_NOWARN	     ((gfp_t)0x2000u)
#define __GFP_RETRY_MAYFAIL  ((gfp_t)0x4000u)
#define __GFP_NOFAIL	     ((gfp_t)0x8000u)
#define __GFP_NORETRY	     ((gfp_t)0x10000u)
#define __GFP_ACCOUNT	     ((gfp_t)0x400000u)
#define __GFP_DIRECT_RECLAIM ((gfp_t)0x400u)
#define __GFP_KSWAPD_RECLAIM ((gfp_t)0x800u)
#define __GFP_RECLAIM	     (__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)

#define GFP_ATOMIC	   (__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL	   (__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT (GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOWAIT	   (__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO	   (__GFP_RECLAIM)
#define GFP_NOFS	   (__GFP_RECLAIM | __GFP_IO)
#define GFP_USER	   (__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_DMA		   __GFP_DMA
#define GFP_DMA32	   __GFP_DMA32
#define GFP_HIGHUSER	   (GFP_USER | __GFP_HIGHMEM)

/* The page allocator. A struct page * is its page's address (<libcdev/page.h>). */
static inline struct page *__libcdev_alloc_pages_at(gfp_t flags, unsigned int order,
						    const char *file, int line)
{
	size_t size = LIBCDEV_PAGE_SIZE << order;
	void *p;

	if (flags & __GFP_DIRECT_RECLAIM)
		__libcdev_might_sleep(file, line);
	if (order > 10)
		return NULL; /* MAX_ORDER on x86 */
	p = aligned_alloc(LIBCDEV_PAGE_SIZE, size);
	if (p && (flags & __GFP_ZERO))
		memset(p, 0, size);
	libcdev_kmem_track((uintptr_t)p, size, THIS_MODULE, file, line);
	return (struct page *)p;
}

static inline void __free_pages(struct page *page, unsigned int order)
{
	(void)order;
	if (!page)
		return;
	libcdev_kmem_untrack((uintptr_t)page);
	free(page);
}

#define alloc_pages(gfp, order) __libcdev_alloc_pages_at(gfp, order, __FILE__, __LINE__)
#define alloc_page(gfp)		alloc_pages(gfp, 0)
#define __get_free_pages(gfp, order) \
	((unsigned long)__libcdev_alloc_pages_at(gfp, order, __FILE__, __LINE__))
#define __get_free_page(gfp) __get_free_pages(gfp, 0)
#define get_zeroed_page(gfp) __get_free_pages((gfp) | __GFP_ZERO, 0)
#define __free_page(page)    __free_pages(page, 0)
#define free_pages(addr, order)                                                \
	do {                                                                   \
		if (addr)                                                      \
			__free_pages((struct page *)(uintptr_t)(addr), order); \
	} while (0)
#define free_page(addr) free_pages(addr, 0)

#endif
