/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/atomic.h>: atomic_t, atomic64_t and
 * atomic_long_t on the compiler's __atomic builtins. Operations that return
 * a value are fully ordered, the others relaxed, as in the kernel.
 */
#ifndef LIBCDEV_KERNEL_LINUX_ATOMIC_H
#define LIBCDEV_KERNEL_LINUX_ATOMIC_H

#include <linux/compiler.h>
#include <linux/types.h>

#define ATOMIC_INIT(i) \
	{              \
		(i)    \
	}
#define ATOMIC64_INIT(i) \
	{                \
		(i)      \
	}
#define ATOMIC_LONG_INIT(i) \
	{                   \
		(i)         \
	}

#define smp_mb()		__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb()		__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb()		__atomic_thread_fence(__ATOMIC_RELEASE)
#define mb()			smp_mb()
#define rmb()			smp_rmb()
#define wmb()			smp_wmb()
#define smp_mb__before_atomic() smp_mb()
#define smp_mb__after_atomic()	smp_mb()
#define smp_load_acquire(p)	__atomic_load_n(p, __ATOMIC_ACQUIRE)
#define smp_store_release(p, v) __atomic_store_n(p, v, __ATOMIC_RELEASE)

/* One set of operations per type: PFX is atomic or atomic64, T its value type. */
#define __LIBCDEV_ATOMIC_OPS(PFX, A, T)                                                        \
	static inline T PFX##_read(const A *v)                                                 \
	{                                                                                      \
		return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);                         \
	}                                                                                      \
	static inline void PFX##_set(A *v, T i)                                                \
	{                                                                                      \
		__atomic_store_n(&v->counter, i, __ATOMIC_RELAXED);                            \
	}                                                                                      \
	static inline void PFX##_add(T i, A *v)                                                \
	{                                                                                      \
		__atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);                          \
	}                                                                                      \
	static inline void PFX##_sub(T i, A *v)                                                \
	{                                                                                      \
		__atomic_fetch_sub(&v->counter, i, __ATOMIC_RELAXED);                          \
	}                                                                                      \
	static inline void PFX##_inc(A *v)                                                     \
	{                                                                                      \
		PFX##_add(1, v);                                                               \
	}                                                                                      \
	static inline void PFX##_dec(A *v)                                                     \
	{                                                                                      \
		PFX##_sub(1, v);                                                               \
	}                                                                                      \
	static inline void PFX##_and(T i, A *v)                                                \
	{                                                                                      \
		__atomic_fetch_and(&v->counter, i, __ATOMIC_RELAXED);                          \
	}                                                                                      \
	static inline void PFX##_or(T i, A *v)                                                 \
	{                                                                                      \
		__atomic_fetch_or(&v->counter, i, __ATOMIC_RELAXED);                           \
	}                                                                                      \
	static inline void PFX##_xor(T i, A *v)                                                \
	{                                                                                      \
		__atomic_fetch_xor(&v->counter, i, __ATOMIC_RELAXED);                          \
	}                                                                                      \
	static inline T PFX##_add_return(T i, A *v)                                            \
	{                                                                                      \
		return __atomic_add_fetch(&v->counter, i, __ATOMIC_SEQ_CST);                   \
	}                                                                                      \
	static inline T PFX##_sub_return(T i, A *v)                                            \
	{                                                                                      \
		return __atomic_sub_fetch(&v->counter, i, __ATOMIC_SEQ_CST);                   \
	}                                                                                      \
	static inline T PFX##_fetch_add(T i, A *v)                                             \
	{                                                                                      \
		return __atomic_fetch_add(&v->counter, i, __ATOMIC_SEQ_CST);                   \
	}                                                                                      \
	static inline T PFX##_fetch_sub(T i, A *v)                                             \
	{                                                                                      \
		return __atomic_fetch_sub(&v->counter, i, __ATOMIC_SEQ_CST);                   \
	}                                                                                      \
	static inline T PFX##_fetch_or(T i, A *v)                                              \
	{                                                                                      \
		return __atomic_fetch_or(&v->counter, i, __ATOMIC_SEQ_CST);                    \
	}                                                                                      \
	static inline T PFX##_fetch_and(T i, A *v)                                             \
	{                                                                                      \
		return __atomic_fetch_and(&v->counter, i, __ATOMIC_SEQ_CST);                   \
	}                                                                                      \
	static inline T PFX##_inc_return(A *v)                                                 \
	{                                                                                      \
		return PFX##_add_return(1, v);                                                 \
	}                                                                                      \
	static inline T PFX##_dec_return(A *v)                                                 \
	{                                                                                      \
		return PFX##_sub_return(1, v);                                                 \
	}                                                                                      \
	static inline bool PFX##_inc_and_test(A *v)                                            \
	{                                                                                      \
		return PFX##_inc_return(v) == 0;                                               \
	}                                                                                      \
	static inline bool PFX##_dec_and_test(A *v)                                            \
	{                                                                                      \
		return PFX##_dec_return(v) == 0;                                               \
	}                                                                                      \
	static inline bool PFX##_sub_and_test(T i, A *v)                                       \
	{                                                                                      \
		return PFX##_sub_return(i, v) == 0;                                            \
	}                                                                                      \
	static inline bool PFX##_add_negative(T i, A *v)                                       \
	{                                                                                      \
		return PFX##_add_return(i, v) < 0;                                             \
	}                                                                                      \
	static inline T PFX##_xchg(A *v, T n)                                                  \
	{                                                                                      \
		return __atomic_exchange_n(&v->counter, n, __ATOMIC_SEQ_CST);                  \
	}                                                                                      \
	/* Returns the old value; stores @n only if it was @o. */                              \
	static inline T PFX##_cmpxchg(A *v, T o, T n)                                          \
	{                                                                                      \
		__atomic_compare_exchange_n(&v->counter, &o, n, false, __ATOMIC_SEQ_CST,       \
					    __ATOMIC_SEQ_CST);                                 \
		return o;                                                                      \
	}                                                                                      \
	static inline bool PFX##_try_cmpxchg(A *v, T *o, T n)                                  \
	{                                                                                      \
		return __atomic_compare_exchange_n(&v->counter, o, n, false, __ATOMIC_SEQ_CST, \
						   __ATOMIC_SEQ_CST);                          \
	}                                                                                      \
	/* Adds @a unless the value is @u; returns whether it added. */                        \
	static inline bool PFX##_add_unless(A *v, T a, T u)                                    \
	{                                                                                      \
		T c = PFX##_read(v);                                                           \
		do {                                                                           \
			if (c == u)                                                            \
				return false;                                                  \
		} while (!PFX##_try_cmpxchg(v, &c, c + a));                                    \
		return true;                                                                   \
	}                                                                                      \
	static inline bool PFX##_inc_not_zero(A *v)                                            \
	{                                                                                      \
		return PFX##_add_unless(v, 1, 0);                                              \
	}

__LIBCDEV_ATOMIC_OPS(atomic, atomic_t, int)
__LIBCDEV_ATOMIC_OPS(atomic64, atomic64_t, s64)
__LIBCDEV_ATOMIC_OPS(atomic_long, atomic_long_t, long)

/* The generic forms on any scalar. */
#define xchg(ptr, v) __atomic_exchange_n(ptr, v, __ATOMIC_SEQ_CST)
#define cmpxchg(ptr, o, n)                                                           \
	__extension__({                                                              \
		__typeof__(*(ptr)) __old = (o);                                      \
		__atomic_compare_exchange_n(ptr, &__old, n, false, __ATOMIC_SEQ_CST, \
					    __ATOMIC_SEQ_CST);                       \
		__old;                                                               \
	})

#endif
