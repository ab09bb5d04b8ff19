/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - lib/genalloc.c: pools of special memory (<libcdev/genalloc.h>).
 *
 * A pool is a list of chunks, the newest first as in the kernel, so an
 * allocation tries the chunk added last first. Each chunk's bitmap has one
 * bit per 2^min_alloc_order bytes: an allocation of @size bytes takes
 * DIV_ROUND_UP(@size, 2^order) bits, and a free gives back as many. One lock
 * per pool stands for the kernel's RCU list and cmpxchg'd bitmaps.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/bitmap.h>
#include <libcdev/err.h>
#include <libcdev/genalloc.h>
#include <libcdev/platform.h>
#include <libcdev/printk.h>

#define BITS_PER_ULONG (8 * sizeof(unsigned long))

static void pool_lock(struct gen_pool *pool)
{
	pthread_mutex_lock(&pool->lock.m);
}

static void pool_unlock(struct gen_pool *pool)
{
	pthread_mutex_unlock(&pool->lock.m);
}

#define chunk_of(node) \
	((struct gen_pool_chunk *)((char *)(node)-offsetof(struct gen_pool_chunk, next_chunk)))
#define for_each_chunk(chunk, pool)                       \
	for (struct list_head *__n = (pool)->chunks.next; \
	     __n != &(pool)->chunks && ((chunk) = chunk_of(__n), 1); __n = __n->next)

static unsigned long chunk_size(const struct gen_pool_chunk *chunk)
{
	return chunk->end_addr - chunk->start_addr + 1;
}

/* The bits @size bytes take in @pool. */
static unsigned long pool_bits(const struct gen_pool *pool, size_t size)
{
	unsigned long unit = 1UL << pool->min_alloc_order;

	return (size + unit - 1) >> pool->min_alloc_order;
}

_public_ struct gen_pool *gen_pool_create(int min_alloc_order, int nid)
{
	struct gen_pool *pool = calloc(1, sizeof(*pool));

	(void)nid; /* one memory node: the process's */
	if (!pool)
		return NULL;
	pthread_mutex_init(&pool->lock.m, NULL);
	pool->chunks.next = pool->chunks.prev = &pool->chunks;
	pool->min_alloc_order = min_alloc_order;
	pool->algo = gen_pool_first_fit;
	return pool;
}

_public_ int gen_pool_add_owner(struct gen_pool *pool, unsigned long virt, unsigned long long phys,
				size_t size, int nid, void *owner)
{
	unsigned long nbits = size >> pool->min_alloc_order;
	size_t words = (nbits + BITS_PER_ULONG - 1) / BITS_PER_ULONG;
	struct gen_pool_chunk *chunk;

	(void)nid;
	chunk = calloc(1, sizeof(*chunk) + words * sizeof(unsigned long));
	if (!chunk)
		return -ENOMEM;
	chunk->phys_addr = phys;
	chunk->start_addr = virt;
	chunk->end_addr = virt + size - 1;
	chunk->owner = owner;
	chunk->avail = (long)size;

	pool_lock(pool);
	chunk->next_chunk.next = pool->chunks.next;
	chunk->next_chunk.prev = &pool->chunks;
	pool->chunks.next->prev = &chunk->next_chunk;
	pool->chunks.next = &chunk->next_chunk;
	pool_unlock(pool);
	return 0;
}

/* The chunk holding @addr, or NULL; the pool's lock held. */
static struct gen_pool_chunk *chunk_holding(struct gen_pool *pool, unsigned long addr)
{
	struct gen_pool_chunk *chunk;

	for_each_chunk(chunk,
		       pool) if (addr >= chunk->start_addr && addr <= chunk->end_addr) return chunk;
	return NULL;
}

_public_ unsigned long long gen_pool_virt_to_phys(struct gen_pool *pool, unsigned long addr)
{
	unsigned long long paddr = (unsigned long long)-1;
	struct gen_pool_chunk *chunk;

	pool_lock(pool);
	chunk = chunk_holding(pool, addr);
	if (chunk)
		paddr = chunk->phys_addr + (addr - chunk->start_addr);
	pool_unlock(pool);
	return paddr;
}

/*
 * The kernel's BUG_ON() of gen_pool_destroy(): a chunk with memory still
 * allocated. Reported, and its bookkeeping freed all the same, since what is
 * still allocated belongs to whoever added the chunk, not to the pool.
 */
static void chunk_check_unused(const struct gen_pool *pool, const struct gen_pool_chunk *chunk)
{
	unsigned long end_bit = chunk_size(chunk) >> pool->min_alloc_order;
	unsigned long bit = _find_next_bit(chunk->bits, end_bit, 0);

	if (bit < end_bit)
		printk(KERN_CRIT "kernel BUG at lib/genalloc.c: gen_pool_destroy(): pool %s has "
				 "0x%lx bytes at 0x%lx still allocated\n",
		       pool->name ? pool->name : "(unnamed)",
		       (unsigned long)(chunk_size(chunk) - (unsigned long)chunk->avail),
		       chunk->start_addr + (bit << pool->min_alloc_order));
}

_public_ void gen_pool_destroy(struct gen_pool *pool)
{
	struct list_head *node, *next;

	if (!pool)
		return;
	for (node = pool->chunks.next; node != &pool->chunks; node = next) {
		next = node->next;
		chunk_check_unused(pool, chunk_of(node));
		free(chunk_of(node));
	}
	pthread_mutex_destroy(&pool->lock.m);
	free((void *)pool->name);
	free(pool);
}

/* Take @nbits bits of @chunk with @algo: the address, or 0; the pool's lock held. */
static unsigned long chunk_alloc(struct gen_pool *pool, struct gen_pool_chunk *chunk,
				 unsigned long nbits, genpool_algo_t algo, void *data)
{
	int order = pool->min_alloc_order;
	unsigned long end_bit = chunk_size(chunk) >> order;
	unsigned long start_bit;

	start_bit =
		algo(chunk->bits, end_bit, 0, (unsigned int)nbits, data, pool, chunk->start_addr);
	if (start_bit >= end_bit)
		return 0;
	__bitmap_set(chunk->bits, (unsigned int)start_bit, (int)nbits);
	chunk->avail -= (long)(nbits << order);
	return chunk->start_addr + (start_bit << order);
}

_public_ unsigned long gen_pool_alloc_algo_owner(struct gen_pool *pool, size_t size,
						 genpool_algo_t algo, void *data, void **owner)
{
	unsigned long nbits = pool_bits(pool, size), addr = 0;
	struct gen_pool_chunk *chunk;

	if (owner)
		*owner = NULL;
	if (size == 0)
		return 0;
	pool_lock(pool);
	for_each_chunk(chunk, pool)
	{
		if ((long)size > chunk->avail)
			continue;
		addr = chunk_alloc(pool, chunk, nbits, algo, data);
		if (addr) {
			if (owner)
				*owner = chunk->owner;
			break;
		}
	}
	pool_unlock(pool);
	return addr;
}

/*
 * Whether the @nbits bits from @start_bit are all allocated. The kernel
 * BUG()s on a free of memory that is not; here that is reported and the
 * bitmap left as it was, so what others hold stays theirs.
 */
static bool chunk_range_allocated(const struct gen_pool_chunk *chunk, unsigned long start_bit,
				  unsigned long nbits)
{
	return _find_next_zero_bit(chunk->bits, start_bit + nbits, start_bit) >= start_bit + nbits;
}

_public_ void gen_pool_free_owner(struct gen_pool *pool, unsigned long addr, size_t size,
				  void **owner)
{
	unsigned long nbits = pool_bits(pool, size), start_bit;
	struct gen_pool_chunk *chunk;

	if (owner)
		*owner = NULL;
	pool_lock(pool);
	chunk = chunk_holding(pool, addr);
	if (!chunk || addr + size - 1 > chunk->end_addr)
		goto bug;
	start_bit = (addr - chunk->start_addr) >> pool->min_alloc_order;
	if (!chunk_range_allocated(chunk, start_bit, nbits))
		goto bug;
	__bitmap_clear(chunk->bits, (unsigned int)start_bit, (int)nbits);
	chunk->avail += (long)(nbits << pool->min_alloc_order);
	if (owner)
		*owner = chunk->owner;
	pool_unlock(pool);
	return;
bug:
	pool_unlock(pool);
	printk(KERN_CRIT "kernel BUG at lib/genalloc.c: gen_pool_free(): 0x%zx bytes at 0x%lx "
			 "are not allocated from pool %s\n",
	       size, addr, pool->name ? pool->name : "(unnamed)");
}

_public_ void *gen_pool_dma_alloc_algo(struct gen_pool *pool, size_t size, unsigned long long *dma,
				       genpool_algo_t algo, void *data)
{
	unsigned long vaddr;

	if (!pool)
		return NULL;
	vaddr = gen_pool_alloc_algo_owner(pool, size, algo, data, NULL);
	if (!vaddr)
		return NULL;
	if (dma)
		*dma = gen_pool_virt_to_phys(pool, vaddr);
	return (void *)vaddr;
}

_public_ void *gen_pool_dma_alloc(struct gen_pool *pool, size_t size, unsigned long long *dma)
{
	return gen_pool_dma_alloc_algo(pool, size, dma, pool ? pool->algo : NULL,
				       pool ? pool->data : NULL);
}

_public_ void *gen_pool_dma_alloc_align(struct gen_pool *pool, size_t size, unsigned long long *dma,
					int align)
{
	struct genpool_data_align data = { .align = align };

	return gen_pool_dma_alloc_algo(pool, size, dma, gen_pool_first_fit_align, &data);
}

_public_ void *gen_pool_dma_zalloc_algo(struct gen_pool *pool, size_t size, unsigned long long *dma,
					genpool_algo_t algo, void *data)
{
	void *vaddr = gen_pool_dma_alloc_algo(pool, size, dma, algo, data);

	if (vaddr)
		memset(vaddr, 0, size);
	return vaddr;
}

_public_ void *gen_pool_dma_zalloc(struct gen_pool *pool, size_t size, unsigned long long *dma)
{
	return gen_pool_dma_zalloc_algo(pool, size, dma, pool ? pool->algo : NULL,
					pool ? pool->data : NULL);
}

_public_ void *gen_pool_dma_zalloc_align(struct gen_pool *pool, size_t size,
					 unsigned long long *dma, int align)
{
	struct genpool_data_align data = { .align = align };

	return gen_pool_dma_zalloc_algo(pool, size, dma, gen_pool_first_fit_align, &data);
}

_public_ void gen_pool_for_each_chunk(struct gen_pool *pool,
				      void (*func)(struct gen_pool *pool,
						   struct gen_pool_chunk *chunk, void *data),
				      void *data)
{
	struct gen_pool_chunk *chunk;

	pool_lock(pool);
	for_each_chunk(chunk, pool) func(pool, chunk, data);
	pool_unlock(pool);
}

_public_ bool gen_pool_has_addr(struct gen_pool *pool, unsigned long start, size_t size)
{
	unsigned long end = start + size - 1;
	struct gen_pool_chunk *chunk;
	bool found = false;

	pool_lock(pool);
	for_each_chunk(chunk, pool) if (start >= chunk->start_addr && start <= chunk->end_addr)
	{
		found = end <= chunk->end_addr;
		break;
	}
	pool_unlock(pool);
	return found;
}

_public_ size_t gen_pool_avail(struct gen_pool *pool)
{
	struct gen_pool_chunk *chunk;
	size_t avail = 0;

	pool_lock(pool);
	for_each_chunk(chunk, pool) avail += (size_t)chunk->avail;
	pool_unlock(pool);
	return avail;
}

_public_ size_t gen_pool_size(struct gen_pool *pool)
{
	struct gen_pool_chunk *chunk;
	size_t size = 0;

	pool_lock(pool);
	for_each_chunk(chunk, pool) size += chunk_size(chunk);
	pool_unlock(pool);
	return size;
}

_public_ void gen_pool_set_algo(struct gen_pool *pool, genpool_algo_t algo, void *data)
{
	pool_lock(pool);
	pool->algo = algo ? algo : gen_pool_first_fit;
	pool->data = data;
	pool_unlock(pool);
}

_public_ unsigned long gen_pool_first_fit(unsigned long *map, unsigned long size,
					  unsigned long start, unsigned int nr, void *data,
					  struct gen_pool *pool, unsigned long start_addr)
{
	(void)data, (void)pool, (void)start_addr;
	return bitmap_find_next_zero_area_off(map, size, start, nr, 0, 0);
}

/* First fit, the run starting at an address that is a multiple of @data's align. */
_public_ unsigned long gen_pool_first_fit_align(unsigned long *map, unsigned long size,
						unsigned long start, unsigned int nr, void *data,
						struct gen_pool *pool, unsigned long start_addr)
{
	const struct genpool_data_align *alignment = data;
	int order = pool->min_alloc_order;
	unsigned long align = (unsigned long)alignment->align;
	unsigned long align_mask = ((align + (1UL << order) - 1) >> order) - 1;
	unsigned long align_off = (start_addr & (align - 1)) >> order;

	return bitmap_find_next_zero_area_off(map, size, start, nr, align_mask, align_off);
}

/* Exactly the run at @data's offset, or none (@size); an offset off the order is warned about. */
_public_ unsigned long gen_pool_fixed_alloc(unsigned long *map, unsigned long size,
					    unsigned long start, unsigned int nr, void *data,
					    struct gen_pool *pool, unsigned long start_addr)
{
	const struct genpool_data_fixed *fixed = data;
	int order = pool->min_alloc_order;
	unsigned long offset_bit = fixed->offset >> order;
	unsigned long start_bit;

	(void)start_addr;
	if (fixed->offset & ((1UL << order) - 1)) {
		printk(KERN_WARNING "WARNING at lib/genalloc.c in gen_pool_fixed_alloc(): "
				    "offset 0x%lx is not a multiple of 0x%lx\n",
		       fixed->offset, 1UL << order);
		return size;
	}
	start_bit = bitmap_find_next_zero_area_off(map, size, start + offset_bit, nr, 0, 0);
	return start_bit == offset_bit ? start_bit : size;
}

/* The smallest power of two >= @n (1 for 0). */
static unsigned long roundup_pow2(unsigned long n)
{
	unsigned long p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

/* First fit, the run aligned to its own size rounded up to a power of two. */
_public_ unsigned long gen_pool_first_fit_order_align(unsigned long *map, unsigned long size,
						      unsigned long start, unsigned int nr,
						      void *data, struct gen_pool *pool,
						      unsigned long start_addr)
{
	(void)data, (void)pool, (void)start_addr;
	return bitmap_find_next_zero_area_off(map, size, start, nr, roundup_pow2(nr) - 1, 0);
}

/* The smallest free run that fits, the first of those that are as small. */
_public_ unsigned long gen_pool_best_fit(unsigned long *map, unsigned long size,
					 unsigned long start, unsigned int nr, void *data,
					 struct gen_pool *pool, unsigned long start_addr)
{
	unsigned long best = size, best_len = size + 1;
	unsigned long index = bitmap_find_next_zero_area_off(map, size, start, nr, 0, 0);

	(void)data, (void)pool, (void)start_addr;
	while (index < size) {
		unsigned long next_bit = _find_next_bit(map, size, index + nr);

		if (next_bit - index < best_len) {
			best_len = next_bit - index;
			best = index;
			if (best_len == nr)
				break;
		}
		index = bitmap_find_next_zero_area_off(map, size, next_bit + 1, nr, 0, 0);
	}
	return best;
}

/*
 * The managed pools, by device: the kernel finds them among the device's
 * devres entries (devres_find()); the library's managed resources are
 * actions, so the pools are listed here, each removed by its own action.
 */
struct managed_pool {
	struct managed_pool *next;
	struct device *dev;
	struct gen_pool *pool;
};

static struct managed_pool *managed_pools;
static pthread_mutex_t managed_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether @pool's name is @name, NULL matching only an unnamed pool (devm_gen_pool_match()). */
static bool pool_named(const struct gen_pool *pool, const char *name)
{
	if (!name || !pool->name)
		return !name && !pool->name;
	return !strcmp(pool->name, name);
}

_public_ struct gen_pool *gen_pool_get(struct device *dev, const char *name)
{
	struct gen_pool *found = NULL;

	pthread_mutex_lock(&managed_lock);
	for (struct managed_pool *m = managed_pools; m; m = m->next)
		if (m->dev == dev && pool_named(m->pool, name)) {
			found = m->pool;
			break;
		}
	pthread_mutex_unlock(&managed_lock);
	return found;
}

static void devm_gen_pool_release(void *data)
{
	struct managed_pool *mp = data, **pos;

	pthread_mutex_lock(&managed_lock);
	for (pos = &managed_pools; *pos; pos = &(*pos)->next)
		if (*pos == mp) {
			*pos = mp->next;
			break;
		}
	pthread_mutex_unlock(&managed_lock);
	gen_pool_destroy(mp->pool);
	free(mp);
}

/* @pool of @dev, listed and destroyed when @dev is unbound; 0 or -ENOMEM (@pool destroyed). */
static int devm_gen_pool_manage(struct device *dev, struct gen_pool *pool)
{
	struct managed_pool *mp = calloc(1, sizeof(*mp));

	if (!mp) {
		gen_pool_destroy(pool);
		return -ENOMEM;
	}
	mp->dev = dev;
	mp->pool = pool;
	pthread_mutex_lock(&managed_lock);
	mp->next = managed_pools;
	managed_pools = mp;
	pthread_mutex_unlock(&managed_lock);
	return devm_add_action_or_reset(dev, devm_gen_pool_release, mp);
}

_public_ struct gen_pool *devm_gen_pool_create(struct device *dev, int min_alloc_order, int nid,
					       const char *name)
{
	struct gen_pool *pool;
	int ret;

	/* Each of a device's pools is found by its name: one pool per name. */
	if (gen_pool_get(dev, name))
		return ERR_PTR(-EINVAL);
	pool = gen_pool_create(min_alloc_order, nid);
	if (!pool)
		return ERR_PTR(-ENOMEM);
	if (name) {
		pool->name = strdup(name);
		if (!pool->name) {
			gen_pool_destroy(pool);
			return ERR_PTR(-ENOMEM);
		}
	}
	ret = devm_gen_pool_manage(dev, pool);
	return ret ? ERR_PTR(ret) : pool;
}
