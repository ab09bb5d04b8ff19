/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kref.h>: struct kref, a refcount_t with a release
 * function called by the put that drops the last reference (and by no
 * other), with the saturation and warnings of <linux/refcount.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KREF_H
#define LIBCDEV_KERNEL_LINUX_KREF_H

#include <linux/refcount.h>

struct kref {
	refcount_t refcount;
};

#define KREF_INIT(n)                          \
	{                                     \
		.refcount = REFCOUNT_INIT(n), \
	}

static inline void kref_init(struct kref *kref)
{
	refcount_set(&kref->refcount, 1);
}

static inline unsigned int kref_read(const struct kref *kref)
{
	return refcount_read(&kref->refcount);
}

static inline void kref_get(struct kref *kref)
{
	refcount_inc(&kref->refcount);
}

/* Drop a reference; the last one calls @release. Returns 1 if it did. */
static inline int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	if (refcount_dec_and_test(&kref->refcount)) {
		release(kref);
		return 1;
	}
	return 0;
}

/* ... with @lock held around @release, which must unlock it. */
#define kref_put_mutex(_kref, _release, _lock)                                   \
	__extension__({                                                          \
		struct kref *__k = (_kref);                                      \
		int __last = refcount_dec_and_mutex_lock(&__k->refcount, _lock); \
		if (__last)                                                      \
			(_release)(__k);                                         \
		__last;                                                          \
	})
#define kref_put_lock(_kref, _release, _lock)                              \
	__extension__({                                                    \
		struct kref *__k = (_kref);                                \
		int __last = refcount_dec_and_lock(&__k->refcount, _lock); \
		if (__last)                                                \
			(_release)(__k);                                   \
		__last;                                                    \
	})

/* A reference unless the count is already 0 (the object is being released). */
static inline int __must_check kref_get_unless_zero(struct kref *kref)
{
	return refcount_inc_not_zero(&kref->refcount);
}

#endif
