/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/slab.h>: kmalloc() and friends on the C library's
 * allocator, and kmem caches of fixed-size objects (with their constructor
 * run on each allocation, as for a fresh slab object). Allocations are
 * accounted to their module: what is not freed at unload is reported.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SLAB_H
#define LIBCDEV_KERNEL_LINUX_SLAB_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/types.h>
#include <libcdev/kcheck.h>
#include <libcdev/module.h>

#define ZERO_SIZE_PTR	     ((void *)16)
#define ZERO_OR_NULL_PTR(x)  ((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)
#define KMALLOC_MAX_SIZE     (1UL << 22)
#define SLAB_HWCACHE_ALIGN   0x00002000U
#define SLAB_PANIC	     0x00040000U
#define SLAB_ACCOUNT	     0x04000000U
#define SLAB_RECLAIM_ACCOUNT 0x00020000U

/*
 * Every allocation is recorded with its module and call site until kfree():
 * what a module has not freed when it is unloaded is reported (kcheck.h).
 * A sleeping allocation (GFP_KERNEL) in atomic context is reported too.
 */
static inline void *__libcdev_kmalloc_at(size_t size, gfp_t flags, const char *file, int line)
{
	void *p;

	if (flags & __GFP_DIRECT_RECLAIM)
		__libcdev_might_sleep(file, line);
	/* malloc(0) may return NULL; the kernel gives a unique non-NULL token. */
	if (size == 0)
		return ZERO_SIZE_PTR;
	p = (flags & __GFP_ZERO) ? calloc(1, size) : malloc(size);
	libcdev_kmem_track((uintptr_t)p, size, THIS_MODULE, file, line);
	return p;
}

static inline void kfree(const void *p)
{
	if (ZERO_OR_NULL_PTR(p))
		return;
	libcdev_kmem_untrack((uintptr_t)p);
	free((void *)p);
}

static inline void kfree_sensitive(const void *p)
{
	kfree(p);
}

static inline void *__libcdev_kmalloc_array_at(size_t n, size_t size, gfp_t flags, const char *file,
					       int line)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return __libcdev_kmalloc_at(bytes, flags, file, line);
}

static inline void *__libcdev_krealloc_at(const void *p, size_t new_size, gfp_t flags,
					  const char *file, int line)
{
	void *q;

	if (new_size == 0) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	if (flags & __GFP_DIRECT_RECLAIM)
		__libcdev_might_sleep(file, line);
	q = realloc(ZERO_OR_NULL_PTR(p) ? NULL : (void *)p, new_size);
	if (!q)
		return NULL;
	if (!ZERO_OR_NULL_PTR(p))
		libcdev_kmem_untrack((uintptr_t)p);
	libcdev_kmem_track((uintptr_t)q, new_size, THIS_MODULE, file, line);
	return q;
}

static inline void *__libcdev_kmemdup_at(const void *src, size_t len, gfp_t flags, const char *file,
					 int line)
{
	void *p = __libcdev_kmalloc_at(len, flags, file, line);

	if (p && len)
		memcpy(p, src, len);
	return p;
}

static inline char *__libcdev_kstrndup_at(const char *s, size_t max, gfp_t flags, const char *file,
					  int line)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = max == (size_t)-1 ? strlen(s) : strnlen(s, max);
	if (len == (size_t)-1)
		return NULL;
	p = (char *)__libcdev_kmalloc_at(len + 1, flags, file, line);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

static inline __attribute__((format(printf, 4, 0))) char *
__libcdev_kvasprintf_at(gfp_t flags, const char *file, int line, const char *fmt, va_list ap)
{
	va_list size_ap;
	char *p;
	int n;

	va_copy(size_ap, ap);
	n = vsnprintf(NULL, 0, fmt, size_ap);
	va_end(size_ap);
	p = n < 0 ? NULL : (char *)__libcdev_kmalloc_at((size_t)n + 1, flags, file, line);
	if (p)
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

static inline __attribute__((format(printf, 4, 5))) char *
__libcdev_kasprintf_at(gfp_t flags, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = __libcdev_kvasprintf_at(flags, file, line, fmt, ap);
	va_end(ap);
	return p;
}

/* A string formatted into memory of kmalloc()'s, freed with kfree(). */
#define kvasprintf(flags, fmt, ap) __libcdev_kvasprintf_at(flags, __FILE__, __LINE__, fmt, ap)
#define kasprintf(flags, ...)	   __libcdev_kasprintf_at(flags, __FILE__, __LINE__, __VA_ARGS__)

#define kmalloc(size, flags)	      __libcdev_kmalloc_at(size, flags, __FILE__, __LINE__)
#define kzalloc(size, flags)	      __libcdev_kmalloc_at(size, (flags) | __GFP_ZERO, __FILE__, __LINE__)
#define kmalloc_array(n, size, flags) __libcdev_kmalloc_array_at(n, size, flags, __FILE__, __LINE__)
#define kcalloc(n, size, flags) \
	__libcdev_kmalloc_array_at(n, size, (flags) | __GFP_ZERO, __FILE__, __LINE__)
#define krealloc(p, new_size, flags) __libcdev_krealloc_at(p, new_size, flags, __FILE__, __LINE__)
#define kmemdup(src, len, flags)     __libcdev_kmemdup_at(src, len, flags, __FILE__, __LINE__)
#define kstrndup(s, max, flags)	     __libcdev_kstrndup_at(s, max, flags, __FILE__, __LINE__)
#define kstrdup(s, flags)	     __libcdev_kstrndup_at(s, (size_t)-1, flags, __FILE__, __LINE__)

#define kvmalloc(size, flags)	       kmalloc(size, flags)
#define kvzalloc(size, flags)	       kzalloc(size, flags)
#define kvcalloc(n, size, flags)       kcalloc(n, size, flags)
#define kvmalloc_array(n, size, flags) kmalloc_array(n, size, flags)
#define kvfree(p)		       kfree(p)

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
	kfree(p);
}

static inline void kmem_cache_destroy(struct kmem_cache *c)
{
	free(c);
}

#endif
