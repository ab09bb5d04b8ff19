/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kfifo.h>: the kernel's ring buffer of fixed-size
 * elements, static (DECLARE_KFIFO + INIT_KFIFO, DEFINE_KFIFO) or allocated
 * (kfifo_alloc), with the interface of Linux 6.6. Sizes are powers of two;
 * counts are free-running and wrap, so in - out is the fill level. One
 * reader and one writer need no lock, as in the kernel; more of either use
 * the _spinlocked forms or a lock of their own.
 *
 * The fifo itself and its copies to and from user memory are libcdev's
 * <libcdev/kfifo.h>. Written for libcdev. Not here: the variable-length record fifos
 * (STRUCT_KFIFO_REC_1/2) and the DMA helpers.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KFIFO_H
#define LIBCDEV_KERNEL_LINUX_KFIFO_H

#include <string.h>

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <libcdev/kfifo.h>

#define __STRUCT_KFIFO_COMMON(datatype, ptrtype) \
	union {                                  \
		struct __kfifo kfifo;            \
		datatype *type;                  \
		const datatype *const_type;      \
		ptrtype *ptr;                    \
		ptrtype const *ptr_const;        \
	}

#define __STRUCT_KFIFO(type, size, ptrtype)                                    \
	{                                                                      \
		__STRUCT_KFIFO_COMMON(type, ptrtype);                          \
		type buf[((size) < 2) || ((size) & ((size)-1)) ? -1 : (size)]; \
	}
#define STRUCT_KFIFO(type, size) struct __STRUCT_KFIFO(type, size, type)

#define __STRUCT_KFIFO_PTR(type, ptrtype)             \
	{                                             \
		__STRUCT_KFIFO_COMMON(type, ptrtype); \
		type buf[0];                          \
	}
#define STRUCT_KFIFO_PTR(type) struct __STRUCT_KFIFO_PTR(type, type)

/* The byte fifo of kfifo_alloc() and kfifo_init(). */
struct kfifo __STRUCT_KFIFO_PTR(unsigned char, void);

/* A fifo with its buffer inside (static) has a nonzero size of buf. */
#define __is_kfifo_ptr(fifo) \
	(sizeof(*(fifo)) == sizeof(STRUCT_KFIFO_PTR(__typeof__(*(fifo)->type))))

#define DECLARE_KFIFO_PTR(fifo, type)	STRUCT_KFIFO_PTR(type) fifo
#define DECLARE_KFIFO(fifo, type, size) STRUCT_KFIFO(type, size) fifo

#define INIT_KFIFO(fifo)                                                                \
	do {                                                                            \
		__typeof__(&(fifo)) __tmp = &(fifo);                                    \
		struct __kfifo *__kfifo = &__tmp->kfifo;                                \
		__kfifo->in = 0;                                                        \
		__kfifo->out = 0;                                                       \
		__kfifo->mask = __is_kfifo_ptr(__tmp) ?                                 \
					0 :                                             \
					sizeof(__tmp->buf) / sizeof(__tmp->buf[0]) - 1; \
		__kfifo->esize = sizeof(*__tmp->buf);                                   \
		__kfifo->data = __is_kfifo_ptr(__tmp) ? NULL : __tmp->buf;              \
	} while (0)

#define DEFINE_KFIFO(fifo, type, size)                                                      \
	DECLARE_KFIFO(fifo, type, size) = (__typeof__(fifo))                                \
	{                                                                                   \
		{                                                                           \
			{                                                                   \
				.in = 0, .out = 0, .mask = (size)-1, .esize = sizeof(type), \
				.data = (fifo).buf                                          \
			}                                                                   \
		}                                                                           \
	}

/* ---- the untyped operations, in elements ---- */

static inline void __kfifo_copy_in(struct __kfifo *f, const void *src, unsigned int len,
				   unsigned int off)
{
	unsigned int boff, blen, l = __kfifo_span(f, len, off, &boff, &blen);

	memcpy((char *)f->data + boff, src, l);
	memcpy(f->data, (const char *)src + l, blen - l);
}

static inline void __kfifo_copy_out(const struct __kfifo *f, void *dst, unsigned int len,
				    unsigned int off)
{
	unsigned int boff, blen, l = __kfifo_span(f, len, off, &boff, &blen);

	memcpy(dst, (const char *)f->data + boff, l);
	memcpy((char *)dst + l, f->data, blen - l);
}

static inline unsigned int __kfifo_in(struct __kfifo *f, const void *buf, unsigned int len)
{
	unsigned int l = __kfifo_unused(f);

	if (len > l)
		len = l;
	__kfifo_copy_in(f, buf, len, f->in);
	__atomic_store_n(&f->in, f->in + len, __ATOMIC_RELEASE); /* data before the count */
	return len;
}

static inline unsigned int __kfifo_out_peek(struct __kfifo *f, void *buf, unsigned int len)
{
	unsigned int l = __kfifo_len(f);

	if (len > l)
		len = l;
	__kfifo_copy_out(f, buf, len, f->out);
	return len;
}

static inline unsigned int __kfifo_out(struct __kfifo *f, void *buf, unsigned int len)
{
	len = __kfifo_out_peek(f, buf, len);
	__atomic_store_n(&f->out, f->out + len, __ATOMIC_RELEASE);
	return len;
}

static inline int __kfifo_alloc(struct __kfifo *f, unsigned int size, size_t esize, gfp_t gfp_mask)
{
	size = roundup_pow_of_two(size);
	f->in = 0;
	f->out = 0;
	f->esize = esize;
	f->mask = 0;
	f->data = NULL;
	if (size < 2)
		return -EINVAL;
	f->data = kmalloc_array(esize, size, gfp_mask);
	if (!f->data)
		return -ENOMEM;
	f->mask = size - 1;
	return 0;
}

static inline void __kfifo_free(struct __kfifo *f)
{
	kfree(f->data);
	f->in = 0;
	f->out = 0;
	f->esize = 0;
	f->data = NULL;
	f->mask = 0;
}

static inline int __kfifo_init(struct __kfifo *f, void *buffer, unsigned int size, size_t esize)
{
	size /= esize;
	if (!is_power_of_2(size))
		size = size ? rounddown_pow_of_two(size) : 0;
	f->in = 0;
	f->out = 0;
	f->esize = esize;
	f->data = buffer;
	if (size < 2) {
		f->mask = 0;
		return -EINVAL;
	}
	f->mask = size - 1;
	return 0;
}

/* ---- the typed interface: @fifo is a pointer to any fifo declared above ---- */

#define kfifo_initialized(fifo) ((fifo)->kfifo.mask)
#define kfifo_esize(fifo)	((fifo)->kfifo.esize)
#define kfifo_recsize(fifo)	(0)
#define kfifo_size(fifo)	((fifo)->kfifo.mask + 1)
#define kfifo_len(fifo)		__kfifo_len(&(fifo)->kfifo)
#define kfifo_avail(fifo)	__kfifo_unused(&(fifo)->kfifo)
#define kfifo_is_empty(fifo)	(kfifo_len(fifo) == 0)
#define kfifo_is_full(fifo)	(kfifo_len(fifo) > (fifo)->kfifo.mask)
#define kfifo_peek_len(fifo)	kfifo_len(fifo)

#define kfifo_reset(fifo)                               \
	do {                                            \
		__typeof__((fifo) + 1) __tmp = (fifo);  \
		__tmp->kfifo.in = __tmp->kfifo.out = 0; \
	} while (0)
#define kfifo_reset_out(fifo)                          \
	do {                                           \
		__typeof__((fifo) + 1) __tmp = (fifo); \
		__tmp->kfifo.out = __tmp->kfifo.in;    \
	} while (0)
#define kfifo_skip(fifo) kfifo_skip_count(fifo, 1)
#define kfifo_skip_count(fifo, count)                               \
	do {                                                        \
		__typeof__((fifo) + 1) __tmp = (fifo);              \
		unsigned int __n = (count), __l = kfifo_len(__tmp); \
		__tmp->kfifo.out += __n < __l ? __n : __l;          \
	} while (0)

#define kfifo_alloc(fifo, size, gfp_mask) \
	__kfifo_alloc(&(fifo)->kfifo, size, sizeof(*(fifo)->type), gfp_mask)
#define kfifo_free(fifo) __kfifo_free(&(fifo)->kfifo)
#define kfifo_init(fifo, buffer, size) \
	__kfifo_init(&(fifo)->kfifo, buffer, size, sizeof(*(fifo)->type))

#define kfifo_in(fifo, buf, n)                              \
	__extension__({                                     \
		__typeof__((fifo) + 1) __tmp = (fifo);      \
		__typeof__(__tmp->ptr_const) __buf = (buf); \
		__kfifo_in(&__tmp->kfifo, __buf, (n));      \
	})
#define kfifo_out(fifo, buf, n)                         \
	__extension__({                                 \
		__typeof__((fifo) + 1) __tmp = (fifo);  \
		__typeof__(__tmp->ptr) __buf = (buf);   \
		__kfifo_out(&__tmp->kfifo, __buf, (n)); \
	})
#define kfifo_out_peek(fifo, buf, n)                         \
	__extension__({                                      \
		__typeof__((fifo) + 1) __tmp = (fifo);       \
		__typeof__(__tmp->ptr) __buf = (buf);        \
		__kfifo_out_peek(&__tmp->kfifo, __buf, (n)); \
	})

/* kfifo_put - put one element by value; 0 if the fifo was full */
#define kfifo_put(fifo, val)                                  \
	__extension__({                                       \
		__typeof__((fifo) + 1) __tmp = (fifo);        \
		__typeof__(*__tmp->const_type) __val = (val); \
		__kfifo_in(&__tmp->kfifo, &__val, 1);         \
	})
/* kfifo_get - take one element into *@val; 0 if the fifo was empty */
#define kfifo_get(fifo, val)                           \
	__extension__({                                \
		__typeof__((fifo) + 1) __tmp = (fifo); \
		__typeof__(__tmp->ptr) __val = (val);  \
		__kfifo_out(&__tmp->kfifo, __val, 1);  \
	})
#define kfifo_peek(fifo, val)                              \
	__extension__({                                    \
		__typeof__((fifo) + 1) __tmp = (fifo);     \
		__typeof__(__tmp->ptr) __val = (val);      \
		__kfifo_out_peek(&__tmp->kfifo, __val, 1); \
	})

#define kfifo_in_spinlocked(fifo, buf, n, lock)        \
	__extension__({                                \
		unsigned long __flags;                 \
		unsigned int __ret;                    \
		spin_lock_irqsave(lock, __flags);      \
		__ret = kfifo_in(fifo, buf, n);        \
		spin_unlock_irqrestore(lock, __flags); \
		__ret;                                 \
	})
#define kfifo_out_spinlocked(fifo, buf, n, lock)       \
	__extension__({                                \
		unsigned long __flags;                 \
		unsigned int __ret;                    \
		spin_lock_irqsave(lock, __flags);      \
		__ret = kfifo_out(fifo, buf, n);       \
		spin_unlock_irqrestore(lock, __flags); \
		__ret;                                 \
	})
#define kfifo_in_locked(fifo, buf, n, lock)  kfifo_in_spinlocked(fifo, buf, n, lock)
#define kfifo_out_locked(fifo, buf, n, lock) kfifo_out_spinlocked(fifo, buf, n, lock)
#define kfifo_is_empty_spinlocked(fifo, lock)          \
	__extension__({                                \
		unsigned long __flags;                 \
		bool __ret;                            \
		spin_lock_irqsave(lock, __flags);      \
		__ret = kfifo_is_empty(fifo);          \
		spin_unlock_irqrestore(lock, __flags); \
		__ret;                                 \
	})

/*
 * Return: 0, or -EFAULT (nothing moved); *@copied: the bytes copied. They
 * touch the caller's memory, which may sleep: checked at the driver's line
 * (kcheck.h), as a kfifo_to_user() under the fifo's spinlock is a classic bug.
 */
#define kfifo_to_user(fifo, to, len, copied)        \
	(__libcdev_might_sleep(__FILE__, __LINE__), \
	 __kfifo_to_user(&(fifo)->kfifo, to, len, copied))
#define kfifo_from_user(fifo, from, len, copied)    \
	(__libcdev_might_sleep(__FILE__, __LINE__), \
	 __kfifo_from_user(&(fifo)->kfifo, from, len, copied))

#endif
