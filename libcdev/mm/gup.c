/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - mm/gup.c: pinning the caller's pages (pin_user_pages_fast(),
 * unpin_user_page() and friends).
 *
 * The caller's memory is another process's here, and a struct page * is an
 * address of this one (<libcdev/page.h>). So a pinned page is a page of our
 * own holding what the caller's page held when it was pinned, read through
 * copy_from_user(): a page the caller has not mapped cannot be pinned, as in
 * the kernel. A page pinned for writing (FOLL_WRITE) keeps a second copy as
 * it was read: what the driver wrote into it reaches the caller when it is
 * unpinned, as the kernel's writes reach the caller's memory whether or not
 * the page is marked dirty (that only matters to a file's page cache), and
 * only the bytes the driver changed are written back, never older contents
 * over bytes the caller changed meanwhile. Both ends run within the caller's
 * request, as its copies do: a driver unpins before its ioctl or write
 * returns.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/page.h>
#include <libcdev/uaccess.h>

#define PAGE_SIZE LIBCDEV_PAGE_SIZE

struct pin {
	struct pin *next;
	void *page;
	unsigned long uaddr; /* the caller's page */
	void *as_read;	     /* FOLL_WRITE: the page as pinned; NULL for read-only pins */
};

static pthread_mutex_t pins_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pin *pins;

static void pin_free(struct pin *p)
{
	free(p->as_read);
	free(p->page);
	free(p);
}

/* A copy of the caller's page at @uaddr, or NULL if it is not mapped or memory is short. */
static struct pin *pin_one(unsigned long uaddr, bool write)
{
	struct pin *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->uaddr = uaddr;
	p->page = aligned_alloc(PAGE_SIZE, PAGE_SIZE);
	if (!p->page)
		goto fail;
	if (copy_from_user(p->page, (const void __user *)uaddr, PAGE_SIZE))
		goto fail;
	if (write) {
		p->as_read = malloc(PAGE_SIZE);
		if (!p->as_read)
			goto fail;
		memcpy(p->as_read, p->page, PAGE_SIZE);
	}
	return p;
fail:
	pin_free(p);
	return NULL;
}

static void pins_add(struct pin *p)
{
	pthread_mutex_lock(&pins_lock);
	p->next = pins;
	pins = p;
	pthread_mutex_unlock(&pins_lock);
}

/* The pin of @page, taken off the list; NULL if @page is not pinned. */
static struct pin *pins_take(const struct page *page)
{
	struct pin **pp, *p = NULL;

	pthread_mutex_lock(&pins_lock);
	for (pp = &pins; *pp; pp = &(*pp)->next) {
		if ((*pp)->page == (const void *)page) {
			p = *pp;
			*pp = p->next;
			break;
		}
	}
	pthread_mutex_unlock(&pins_lock);
	return p;
}

_public_ long pin_user_pages_fast(unsigned long start, int nr_pages, unsigned int gup_flags,
				  struct page **pages)
{
	bool write = gup_flags & LIBCDEV_FOLL_WRITE;
	int n;

	if (nr_pages < 0 || (gup_flags & ~LIBCDEV_FOLL_KNOWN))
		return -EINVAL;
	start &= ~(PAGE_SIZE - 1);
	for (n = 0; n < nr_pages; n++) {
		struct pin *p = pin_one(start + (unsigned long)n * PAGE_SIZE, write);

		if (!p)
			break;
		pins_add(p);
		pages[n] = p->page;
	}
	/* As the kernel's: what was pinned, or -EFAULT when not even the first page was. */
	return n || !nr_pages ? n : -EFAULT;
}

/* The runs of bytes the driver changed in @p, written back to the caller. */
static void pin_write_back(const struct pin *p)
{
	const unsigned char *now = p->page, *then = p->as_read;
	unsigned long i = 0;

	while (i < PAGE_SIZE) {
		unsigned long end;

		if (now[i] == then[i]) {
			i++;
			continue;
		}
		for (end = i + 1; end < PAGE_SIZE && now[end] != then[end]; end++)
			;
		if (copy_to_user((void __user *)(p->uaddr + i), now + i, end - i))
			pr_err_lib("unpin_user_page: the caller's page at %#lx is gone", p->uaddr);
		i = end;
	}
}

static void unpin(struct page *page)
{
	struct pin *p = pins_take(page);

	if (!p) {
		pr_err_lib("unpin_user_page: %p is not a pinned page", (void *)page);
		return;
	}
	if (p->as_read)
		pin_write_back(p);
	pin_free(p);
}

_public_ void unpin_user_page(struct page *page)
{
	unpin(page);
}

_public_ void unpin_user_pages(struct page **pages, unsigned long npages)
{
	for (unsigned long i = 0; i < npages; i++)
		unpin(pages[i]);
}

/* Marking dirty tells a file's page cache; the caller's memory gets the writes either way. */
_public_ void unpin_user_pages_dirty_lock(struct page **pages, unsigned long npages,
					  bool make_dirty)
{
	(void)make_dirty;
	unpin_user_pages(pages, npages);
}
