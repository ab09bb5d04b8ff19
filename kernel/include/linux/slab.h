/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/slab.h>: kmalloc() and friends on the C library's
 * allocator, and kmem caches of fixed-size objects (with their constructor
 * run on each allocation, as for a fresh slab object).
 */
#ifndef LIBCDEV_KERNEL_LINUX_SLAB_H
#define LIBCDEV_KERNEL_LINUX_SLAB_H

#include <stdlib.h>
#include <string.h>

#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/types.h>

#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)
#define KMALLOC_MAX_SIZE	(1UL << 22)
#define SLAB_HWCACHE_ALIGN	0x00002000U
#define SLAB_PANIC		0x00040000U
#define SLAB_ACCOUNT		0x04000000U
#define SLAB_RECLAIM_ACCOUNT	0x00020000U

static inline void *kmalloc(size_t size, gfp_t flags)
{
	/* malloc(0) may return NULL; the kernel gives a unique non-NULL token. */
	if (size == 0)
		return ZERO_SIZE_PTR;
	return (flags & __GFP_ZERO) ? calloc(1, size) : malloc(size);
}

static inline void kfree(const void *p)
{
	if (!ZERO_OR_NULL_PTR(p))
		free((void *)p);
}

static inline void kfree_sensitive(const void *p)
{
	kfree(p);
}

static inline void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kmalloc(bytes, flags);
}

static inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

static inline void *krealloc(const void *p, size_t new_size, gfp_t flags)
{
	(void)flags;
	if (new_size == 0) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	return realloc(ZERO_OR_NULL_PTR(p) ? NULL : (void *)p, new_size);
}

static inline char *kstrdup(const char *s, gfp_t flags)
{
	(void)flags;
	return s ? strdup(s) : NULL;
}

static inline char *kstrndup(const char *s, size_t max, gfp_t flags)
{
	(void)flags;
	return s ? strndup(s, max) : NULL;
}

static inline void *kmemdup(const void *src, size_t len, gfp_t flags)
{
	void *p = kmalloc(len, flags);

	if (p && len)
		memcpy(p, src, len);
	return p;
}

#define kvmalloc(size, flags)		kmalloc(size, flags)
#define kvzalloc(size, flags)		kzalloc(size, flags)
#define kvcalloc(n, size, flags)	kcalloc(n, size, flags)
#define kvmalloc_array(n, size, flags)	kmalloc_array(n, size, flags)
#define kvfree(p)			kfree(p)

/* A cache of objects of one size; the C library's allocator underneath. */
struct kmem_cache {
	const char *name;
	size_t size;
	size_t align;
	void (*ctor)(void *);
};

static inline struct kmem_cache *kmem_cache_create(const char *name, unsigned int size,
						   unsigned int align, unsigned int flags,
						   void (*ctor)(void *))
{
	struct kmem_cache *c = (struct kmem_cache *)calloc(1, sizeof(*c));

	(void)flags;
	if (!c)
		return NULL;
	c->name = name;
	c->size = size ? size : 1;
	c->align = align;
	c->ctor = ctor;
	return c;
}

#define KMEM_CACHE(s, flags) \
	kmem_cache_create(#s, sizeof(struct s), __alignof__(struct s), (flags), NULL)

static inline void *kmem_cache_alloc(struct kmem_cache *c, gfp_t flags)
{
	void *p;

	if (c->align > sizeof(void *)) {
		size_t size = (c->size + c->align - 1) / c->align * c->align;

		p = aligned_alloc(c->align, size);
		if (p && (flags & __GFP_ZERO))
			memset(p, 0, c->size);
	} else {
		p = kmalloc(c->size, flags);
	}
	if (p && c->ctor)
		c->ctor(p);
	return p;
}

static inline void *kmem_cache_zalloc(struct kmem_cache *c, gfp_t flags)
{
	return kmem_cache_alloc(c, flags | __GFP_ZERO);
}

static inline void kmem_cache_free(struct kmem_cache *c, void *p)
{
	(void)c;
	free(p);
}

static inline void kmem_cache_destroy(struct kmem_cache *c)
{
	free(c);
}

#endif
