/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/refcount.h>: refcount_t, a reference count that
 * never wraps. As in the kernel, an increment from 0 (a use after free), an
 * overflow past INT_MAX, a decrement below 0 and refcount_dec() to 0 set
 * the count to REFCOUNT_SATURATED, where it stays (the object then leaks
 * instead of being freed while in use), and warn once per kind:
 * "refcount_t: underflow; use-after-free.".
 *
 * Ordering as in the kernel: increments are relaxed, decrements release,
 * and a decrement that reaches 0 acquires before it returns true.
 */
#ifndef LIBCDEV_KERNEL_LINUX_REFCOUNT_H
#define LIBCDEV_KERNEL_LINUX_REFCOUNT_H

#include <limits.h>
#include <stdbool.h>

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>

typedef struct refcount_struct {
	atomic_t refs;
} refcount_t;

#define REFCOUNT_INIT(n)                \
	{                               \
		.refs = ATOMIC_INIT(n), \
	}
#define REFCOUNT_MAX	   INT_MAX
#define REFCOUNT_SATURATED (INT_MIN / 2)

enum refcount_saturation_type {
	REFCOUNT_ADD_NOT_ZERO_OVF,
	REFCOUNT_ADD_OVF,
	REFCOUNT_ADD_UAF,
	REFCOUNT_SUB_UAF,
	REFCOUNT_DEC_LEAK,
};

/* Whether @old + @i goes below 0, computed wrapping as the kernel's build (-fno-strict-overflow) does. */
static inline bool __libcdev_refcount_wraps(int old, int i)
{
	return (int)((unsigned int)old + (unsigned int)i) < 0;
}

/* Saturate @r and warn, once per kind of misuse. */
static inline void refcount_warn_saturate(refcount_t *r, enum refcount_saturation_type t)
{
	static const char *const what[] = {
		[REFCOUNT_ADD_NOT_ZERO_OVF] = "saturated; leaking memory",
		[REFCOUNT_ADD_OVF] = "saturated; leaking memory",
		[REFCOUNT_ADD_UAF] = "addition on 0; use-after-free",
		[REFCOUNT_SUB_UAF] = "underflow; use-after-free",
		[REFCOUNT_DEC_LEAK] = "decrement hit 0; leaking memory",
	};
	static int warned[REFCOUNT_DEC_LEAK + 1];

	atomic_set(&r->refs, REFCOUNT_SATURATED);
	if (!__atomic_exchange_n(&warned[t], 1, __ATOMIC_RELAXED))
		WARN(1, "refcount_t: %s.\n", what[t]);
}

static inline void refcount_set(refcount_t *r, int n)
{
	atomic_set(&r->refs, n);
}

static inline unsigned int refcount_read(const refcount_t *r)
{
	return (unsigned int)atomic_read(&r->refs);
}

static inline __must_check bool __refcount_add_not_zero(int i, refcount_t *r, int *oldp)
{
	int old = refcount_read(r);

	do {
		if (!old)
			break;
	} while (!__atomic_compare_exchange_n(&r->refs.counter, &old, (int)((unsigned int)old + i),
					      false, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	if (oldp)
		*oldp = old;
	if (unlikely(old < 0 || __libcdev_refcount_wraps(old, i)))
		refcount_warn_saturate(r, REFCOUNT_ADD_NOT_ZERO_OVF);
	return old;
}

/* Add @i unless the count is 0; false if it was (the object is going away). */
static inline __must_check bool refcount_add_not_zero(int i, refcount_t *r)
{
	return __refcount_add_not_zero(i, r, NULL);
}

static inline __must_check bool refcount_inc_not_zero(refcount_t *r)
{
	return __refcount_add_not_zero(1, r, NULL);
}

static inline void __refcount_add(int i, refcount_t *r, int *oldp)
{
	int old = __atomic_fetch_add(&r->refs.counter, i, __ATOMIC_RELAXED);

	if (oldp)
		*oldp = old;
	if (unlikely(!old))
		refcount_warn_saturate(r, REFCOUNT_ADD_UAF);
	else if (unlikely(old < 0 || __libcdev_refcount_wraps(old, i)))
		refcount_warn_saturate(r, REFCOUNT_ADD_OVF);
}

static inline void refcount_add(int i, refcount_t *r)
{
	__refcount_add(i, r, NULL);
}

static inline void refcount_inc(refcount_t *r)
{
	__refcount_add(1, r, NULL);
}

static inline __must_check bool __refcount_sub_and_test(int i, refcount_t *r, int *oldp)
{
	int old = __atomic_fetch_sub(&r->refs.counter, i, __ATOMIC_RELEASE);

	if (oldp)
		*oldp = old;
	if (old == i) {
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		return true;
	}
	if (unlikely(old < 0 || __libcdev_refcount_wraps(old, -i)))
		refcount_warn_saturate(r, REFCOUNT_SUB_UAF);
	return false;
}

/* Subtract @i; true when that took the count to 0 (free the object then). */
static inline __must_check bool refcount_sub_and_test(int i, refcount_t *r)
{
	return __refcount_sub_and_test(i, r, NULL);
}

static inline __must_check bool refcount_dec_and_test(refcount_t *r)
{
	return __refcount_sub_and_test(1, r, NULL);
}

/* A decrement that must not reach 0: reaching it warns and saturates. */
static inline void refcount_dec(refcount_t *r)
{
	if (unlikely(__atomic_fetch_sub(&r->refs.counter, 1, __ATOMIC_RELEASE) <= 1))
		refcount_warn_saturate(r, REFCOUNT_DEC_LEAK);
}

/* 1 to 0, or nothing: true if it did. */
static inline __must_check bool refcount_dec_if_one(refcount_t *r)
{
	int one = 1;

	return __atomic_compare_exchange_n(&r->refs.counter, &one, 0, false, __ATOMIC_RELEASE,
					   __ATOMIC_RELAXED);
}

/* Decrement unless the count is 1: false if it is. Saturated counts stay. */
static inline __must_check bool refcount_dec_not_one(refcount_t *r)
{
	unsigned int val = refcount_read(r), new;

	do {
		if (unlikely(val == (unsigned int)REFCOUNT_SATURATED))
			return true;
		if (val == 1)
			return false;
		new = val - 1;
		if (new > val) {
			WARN_ONCE(1, "refcount_t: underflow; use-after-free.\n");
			return true;
		}
	} while (!__atomic_compare_exchange_n((unsigned int *)&r->refs.counter, &val, new, false,
					      __ATOMIC_RELEASE, __ATOMIC_RELAXED));
	return true;
}

/* Decrement; when that reaches 0, return true with @lock held. */
#define refcount_dec_and_mutex_lock(r, lock)                 \
	__extension__({                                      \
		refcount_t *__r = (r);                       \
		struct mutex *__l = (lock);                  \
		bool __zero = false;                         \
		if (!refcount_dec_not_one(__r)) {            \
			mutex_lock(__l);                     \
			__zero = refcount_dec_and_test(__r); \
			if (!__zero)                         \
				mutex_unlock(__l);           \
		}                                            \
		__zero;                                      \
	})

#define refcount_dec_and_lock(r, lock)                       \
	__extension__({                                      \
		refcount_t *__r = (r);                       \
		spinlock_t *__l = (lock);                    \
		bool __zero = false;                         \
		if (!refcount_dec_not_one(__r)) {            \
			spin_lock(__l);                      \
			__zero = refcount_dec_and_test(__r); \
			if (!__zero)                         \
				spin_unlock(__l);            \
		}                                            \
		__zero;                                      \
	})

#define refcount_dec_and_lock_irqsave(r, lock, flags) (*(flags) = 0, refcount_dec_and_lock(r, lock))

#endif
