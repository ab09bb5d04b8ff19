/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - scatterlists over plain memory (include/linux/scatterlist.h,
 * lib/scatterlist.c): an entry is a page (<libcdev/page.h>: its address),
 * an offset and a length; a table ends at the entry marked last and may be
 * chained to another. There is no IOMMU: a DMA address is the memory's
 * address in the process, and sg_dma_len() is the entry's length, as on
 * architectures without CONFIG_NEED_SG_DMA_LENGTH.
 *
 * The kernel's low bits of page_link, which a page's alignment leaves free,
 * say "chained" (SG_CHAIN) and "last" (SG_END).
 */
#ifndef LIBCDEV_SCATTERLIST_H
#define LIBCDEV_SCATTERLIST_H

#include <stdbool.h>
#include <stddef.h>

#include <libcdev/names.h>
#include <libcdev/page.h>

struct scatterlist {
	unsigned long page_link; /* the page, or the chained table; SG_CHAIN, SG_END */
	unsigned int offset;
	unsigned int length;
	unsigned long long dma_address; /* dma_addr_t: the memory's address here */
};

struct sg_table {
	struct scatterlist *sgl; /* the list */
	unsigned int nents;	 /* entries mapped (all: there is no IOMMU to merge them) */
	unsigned int orig_nents; /* entries in the list */
};

#define SG_CHAIN	  0x01UL
#define SG_END		  0x02UL
#define SG_PAGE_LINK_MASK (SG_CHAIN | SG_END)

static inline bool sg_is_chain(const struct scatterlist *sg)
{
	return sg->page_link & SG_CHAIN;
}

static inline bool sg_is_last(const struct scatterlist *sg)
{
	return sg->page_link & SG_END;
}

static inline struct scatterlist *sg_chain_ptr(const struct scatterlist *sg)
{
	return (struct scatterlist *)(sg->page_link & ~SG_PAGE_LINK_MASK);
}

static inline struct page *sg_page(const struct scatterlist *sg)
{
	return (struct page *)(sg->page_link & ~SG_PAGE_LINK_MASK);
}

/* sg_assign_page - set the entry's page, keeping its marks */
static inline void sg_assign_page(struct scatterlist *sg, struct page *page)
{
	sg->page_link = (sg->page_link & SG_PAGE_LINK_MASK) | (unsigned long)page;
}

static inline void sg_set_page(struct scatterlist *sg, struct page *page, unsigned int len,
			       unsigned int offset)
{
	sg_assign_page(sg, page);
	sg->offset = offset;
	sg->length = len;
	sg->dma_address = (unsigned long)libcdev_page_address(page) + offset;
}

/* sg_set_buf - the entry is @buflen bytes at @buf */
static inline void sg_set_buf(struct scatterlist *sg, const void *buf, unsigned int buflen)
{
	sg_set_page(sg, libcdev_virt_to_page(buf), buflen, libcdev_offset_in_page(buf));
}

static inline void *sg_virt(const struct scatterlist *sg)
{
	return (char *)libcdev_page_address(sg_page(sg)) + sg->offset;
}

/* sg_phys - there are no physical addresses: the memory's own */
static inline unsigned long long sg_phys(const struct scatterlist *sg)
{
	return (unsigned long)sg_virt(sg);
}

static inline void sg_mark_end(struct scatterlist *sg)
{
	sg->page_link = (sg->page_link | SG_END) & ~SG_CHAIN;
}

static inline void sg_unmark_end(struct scatterlist *sg)
{
	sg->page_link &= ~SG_END;
}

/* sg_chain - the @prv_nents-th entry of @prv (its last) becomes a link to @sgl */
static inline void sg_chain(struct scatterlist *prv, unsigned int prv_nents,
			    struct scatterlist *sgl)
{
	struct scatterlist *link = &prv[prv_nents - 1];

	link->offset = 0;
	link->length = 0;
	link->page_link = ((unsigned long)sgl | SG_CHAIN) & ~SG_END;
}

#define sg_dma_address(sg) ((sg)->dma_address)
#define sg_dma_len(sg)	   ((sg)->length)

/** sg_next - the entry after @sg, across a chain; NULL after the last */
struct scatterlist *sg_next(struct scatterlist *sg);
/** sg_nents - the entries of the list, up to the one marked last */
int sg_nents(struct scatterlist *sg);
/** sg_nents_for_len - the entries that hold @len bytes; -EINVAL if the list is shorter */
int sg_nents_for_len(struct scatterlist *sg, unsigned long long len);
/** sg_last - the entry marked last of a list of @nents */
struct scatterlist *sg_last(struct scatterlist *sgl, unsigned int nents);
/** sg_init_table - @nents empty entries, the last one marked */
void sg_init_table(struct scatterlist *sgl, unsigned int nents);
/** sg_init_one - a table of one entry: @buflen bytes at @buf */
void sg_init_one(struct scatterlist *sg, const void *buf, unsigned int buflen);

/*
 * sg_copy_from_buffer - copy @buflen bytes of @buf into the list's memory,
 * after @skip bytes of it for the _pcopy_ forms
 * Return: the bytes copied (fewer when the list is shorter).
 */
size_t sg_copy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			   size_t buflen);
size_t sg_copy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen);
size_t sg_pcopy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			    size_t buflen, unsigned long long skip);
size_t sg_pcopy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen,
			  unsigned long long skip);
/** sg_zero_buffer - zero @buflen bytes of the list after @skip; Return: the bytes zeroed */
size_t sg_zero_buffer(struct scatterlist *sgl, unsigned int nents, size_t buflen,
		      unsigned long long skip);

#define for_each_sg(sglist, sg, nr, __i) \
	for (__i = 0, sg = (sglist); __i < (nr); __i++, sg = sg_next(sg))
#define for_each_sgtable_sg(sgt, sg, i)	    for_each_sg((sgt)->sgl, sg, (sgt)->orig_nents, i)
#define for_each_sgtable_dma_sg(sgt, sg, i) for_each_sg((sgt)->sgl, sg, (sgt)->nents, i)

#endif
