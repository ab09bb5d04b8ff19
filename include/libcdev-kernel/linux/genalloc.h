/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/genalloc.h>: pools of special memory, from
 * libcdev's <libcdev/genalloc.h> (the kernel's semantics: first fit by
 * default, addresses returned as unsigned long, 0 when nothing fits), and
 * the kernel's inline forms of adding, allocating and freeing.
 */
#ifndef LIBCDEV_KERNEL_LINUX_GENALLOC_H
#define LIBCDEV_KERNEL_LINUX_GENALLOC_H

#include <linux/atomic.h>
#include <linux/numa.h>
#include <linux/types.h>
#include <libcdev/genalloc.h>

struct device_node;

static inline int gen_pool_add_virt(struct gen_pool *pool, unsigned long addr, phys_addr_t phys,
				    size_t size, int nid)
{
	return gen_pool_add_owner(pool, addr, phys, size, nid, NULL);
}

/* A chunk without a physical address: gen_pool_virt_to_phys() gives -1 + offset. */
static inline int gen_pool_add(struct gen_pool *pool, unsigned long addr, size_t size, int nid)
{
	return gen_pool_add_virt(pool, addr, (phys_addr_t)-1, size, nid);
}

static inline unsigned long gen_pool_alloc_owner(struct gen_pool *pool, size_t size, void **owner)
{
	return gen_pool_alloc_algo_owner(pool, size, pool->algo, pool->data, owner);
}

static inline unsigned long gen_pool_alloc_algo(struct gen_pool *pool, size_t size,
						genpool_algo_t algo, void *data)
{
	return gen_pool_alloc_algo_owner(pool, size, algo, data, NULL);
}

static inline unsigned long gen_pool_alloc(struct gen_pool *pool, size_t size)
{
	return gen_pool_alloc_algo(pool, size, pool->algo, pool->data);
}

static inline void gen_pool_free(struct gen_pool *pool, unsigned long addr, size_t size)
{
	gen_pool_free_owner(pool, addr, size, NULL);
}

/*
 * A node has no phandles to follow (libcdev-platform(7): no parent, no
 * children, no references), so @propname names no pool: NULL, as the
 * kernel's when of_parse_phandle() finds no node.
 */
static inline struct gen_pool *of_gen_pool_get(struct device_node *np, const char *propname,
					       int index)
{
	(void)np, (void)propname, (void)index;
	return NULL;
}

#endif
