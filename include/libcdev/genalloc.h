/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - general-purpose pools of special memory (include/linux/genalloc.h,
 * lib/genalloc.c): a pool hands out pieces of memory the heap does not
 * manage (on-chip SRAM, a device's buffer), by address. Each chunk added to a
 * pool keeps a bitmap of one bit per 2^min_alloc_order bytes; an allocation
 * is a run of clear bits found by the pool's algorithm and returns its
 * address (0 when nothing fits).
 *
 * The kernel's allocator is lock-free (RCU and cmpxchg on the bitmaps) so that
 * interrupt handlers may use it; here one lock per pool, never held across a
 * call out of the library, does the same for the threads of a process, and
 * a chunk's @avail is counted under it.
 *
 * What the kernel stops with BUG() (a pool destroyed with memory still
 * allocated, an address freed that no chunk holds or that is not allocated)
 * is reported in the kernel's words and changes nothing it should not: the
 * process goes on, as a test of the driver must.
 *
 * <linux/genalloc.h> carries the kernel's inline wrappers.
 */
#ifndef LIBCDEV_GENALLOC_H
#define LIBCDEV_GENALLOC_H

#include <stdbool.h>
#include <stddef.h>

#include <libcdev/list_head.h>
#include <libcdev/names.h>
#include <libcdev/spinlock_types.h>

struct device;
struct gen_pool;

/*
 * An allocation algorithm: the first bit of a run of @nr clear bits of @map
 * (@size bits) at or after @start, or @size when there is none.
 */
typedef unsigned long (*genpool_algo_t)(unsigned long *map, unsigned long size, unsigned long start,
					unsigned int nr, void *data, struct gen_pool *pool,
					unsigned long start_addr);

struct gen_pool {
	struct spinlock lock; /* the chunks' list, their bitmaps and @avail */
	struct list_head chunks;
	int min_alloc_order; /* log2 of the bytes one bit stands for */
	genpool_algo_t algo;
	void *data;
	const char *name;
};

struct gen_pool_chunk {
	struct list_head next_chunk;
	long avail; /* bytes not allocated (the kernel's atomic_long_t) */
	unsigned long long phys_addr;
	void *owner; /* given at gen_pool_add_owner(), returned by allocations */
	unsigned long start_addr;
	unsigned long end_addr; /* the last byte's address */
	unsigned long bits[];
};

/* The data of gen_pool_first_fit_align() and gen_pool_fixed_alloc(). */
struct genpool_data_align {
	int align; /* bytes, a power of two */
};

struct genpool_data_fixed {
	unsigned long offset; /* from the chunk's start */
};

/** gen_pool_create - an empty pool allocating 2^@min_alloc_order bytes at least; NULL without memory */
struct gen_pool *gen_pool_create(int min_alloc_order, int nid);
/**
 * gen_pool_add_owner - add @size bytes at virtual @virt, physical @phys
 * Return: 0, or -ENOMEM.
 */
int gen_pool_add_owner(struct gen_pool *pool, unsigned long virt, unsigned long long phys,
		       size_t size, int nid, void *owner);
/** gen_pool_virt_to_phys - the physical address of @addr, or -1 when no chunk holds it */
unsigned long long gen_pool_virt_to_phys(struct gen_pool *pool, unsigned long addr);
/** gen_pool_destroy - free @pool and its chunks; memory still allocated is reported */
void gen_pool_destroy(struct gen_pool *pool);
/** gen_pool_alloc_algo_owner - @size bytes found by @algo with @data: the address, or 0 */
unsigned long gen_pool_alloc_algo_owner(struct gen_pool *pool, size_t size, genpool_algo_t algo,
					void *data, void **owner);
/** gen_pool_free_owner - give back @size bytes at @addr; @owner gets the chunk's owner */
void gen_pool_free_owner(struct gen_pool *pool, unsigned long addr, size_t size, void **owner);

/* gen_pool_alloc() for DMA: the memory (NULL if none) and its physical address in @dma. */
void *gen_pool_dma_alloc(struct gen_pool *pool, size_t size, unsigned long long *dma);
void *gen_pool_dma_alloc_algo(struct gen_pool *pool, size_t size, unsigned long long *dma,
			      genpool_algo_t algo, void *data);
void *gen_pool_dma_alloc_align(struct gen_pool *pool, size_t size, unsigned long long *dma,
			       int align);
/* The same, the memory zeroed. */
void *gen_pool_dma_zalloc(struct gen_pool *pool, size_t size, unsigned long long *dma);
void *gen_pool_dma_zalloc_algo(struct gen_pool *pool, size_t size, unsigned long long *dma,
			       genpool_algo_t algo, void *data);
void *gen_pool_dma_zalloc_align(struct gen_pool *pool, size_t size, unsigned long long *dma,
				int align);

/** gen_pool_for_each_chunk - call @func for each chunk, the pool's lock held */
void gen_pool_for_each_chunk(struct gen_pool *pool,
			     void (*func)(struct gen_pool *pool, struct gen_pool_chunk *chunk,
					  void *data),
			     void *data);
/** gen_pool_avail - the bytes not allocated */
size_t gen_pool_avail(struct gen_pool *pool);
/** gen_pool_size - the bytes of all chunks */
size_t gen_pool_size(struct gen_pool *pool);
/** gen_pool_has_addr - whether one chunk holds all of [@start, @start + @size) */
bool gen_pool_has_addr(struct gen_pool *pool, unsigned long start, size_t size);
/** gen_pool_set_algo - allocate with @algo and @data from now on (NULL: first fit) */
void gen_pool_set_algo(struct gen_pool *pool, genpool_algo_t algo, void *data);

/* The algorithms. */
unsigned long gen_pool_first_fit(unsigned long *map, unsigned long size, unsigned long start,
				 unsigned int nr, void *data, struct gen_pool *pool,
				 unsigned long start_addr);
unsigned long gen_pool_fixed_alloc(unsigned long *map, unsigned long size, unsigned long start,
				   unsigned int nr, void *data, struct gen_pool *pool,
				   unsigned long start_addr);
unsigned long gen_pool_first_fit_align(unsigned long *map, unsigned long size, unsigned long start,
				       unsigned int nr, void *data, struct gen_pool *pool,
				       unsigned long start_addr);
unsigned long gen_pool_first_fit_order_align(unsigned long *map, unsigned long size,
					     unsigned long start, unsigned int nr, void *data,
					     struct gen_pool *pool, unsigned long start_addr);
unsigned long gen_pool_best_fit(unsigned long *map, unsigned long size, unsigned long start,
				unsigned int nr, void *data, struct gen_pool *pool,
				unsigned long start_addr);

/**
 * devm_gen_pool_create - gen_pool_create() destroyed when @dev is unbound,
 * found again by gen_pool_get(@dev, @name)
 * Return: the pool, ERR_PTR(-EINVAL) when @dev has one of that name (or
 * unnamed, for NULL), ERR_PTR(-ENOMEM).
 */
struct gen_pool *devm_gen_pool_create(struct device *dev, int min_alloc_order, int nid,
				      const char *name);
/** gen_pool_get - @dev's managed pool named @name (NULL: its unnamed one), or NULL */
struct gen_pool *gen_pool_get(struct device *dev, const char *name);

#endif
