/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/scatterlist.h>: scatterlists over plain memory,
 * from libcdev's <libcdev/scatterlist.h> (a page is its address; a DMA
 * address is the memory's own, libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCATTERLIST_H
#define LIBCDEV_KERNEL_LINUX_SCATTERLIST_H

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/slab.h>
#include <libcdev/scatterlist.h>

/*
 * sg_alloc_table - a list of @nents entries in one allocation (the kernel
 * chains pages of them; one piece of memory needs no chain), initialized
 * Return: 0, or -EINVAL (@nents is 0), -ENOMEM. The memory is the module's
 * (kmalloc()), reported if sg_free_table() never frees it.
 */
static inline int sg_alloc_table(struct sg_table *table, unsigned int nents, gfp_t gfp_mask)
{
	memset(table, 0, sizeof(*table));
	if (!nents)
		return -EINVAL;
	table->sgl = kmalloc_array(nents, sizeof(*table->sgl), gfp_mask);
	if (!table->sgl)
		return -ENOMEM;
	sg_init_table(table->sgl, nents);
	table->nents = table->orig_nents = nents;
	return 0;
}

static inline void sg_free_table(struct sg_table *table)
{
	kfree(table->sgl);
	memset(table, 0, sizeof(*table));
}

#endif
