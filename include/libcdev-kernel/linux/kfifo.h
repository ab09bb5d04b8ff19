/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kfifo.h>: the kernel's ring buffer of fixed-size
 * elements, static (DECLARE_KFIFO + INIT_KFIFO, DEFINE_KFIFO) or allocated
 * (kfifo_alloc), with the interface of Linux 6.6. Sizes are powers of two;
 * counts are free-running and wrap, so in - out is the fill level. One
 * reader and one writer need no lock, as in the kernel; more of either use
 * the _spinlocked forms or a lock of their own.
 *
 * Record fifos (STRUCT_KFIFO_REC_1/2, struct kfifo_rec_ptr_1/2) hold
 * records of 0..255 or 0..65535 bytes, each after its length in 1 or 2
 * bytes; every operation of a record fifo moves one whole record (one that
 * does not fit is not put in; a read shorter than the record drops its
 * rest, as the kernel does). The DMA helpers describe the fifo's free or
 * filled bytes as a scatterlist over its memory (<linux/scatterlist.h>).
 *
 * The fifo itself, its records, its copies to and from user memory and its
 * scatterlists are libcdev's <libcdev/kfifo.h>. Written for libcdev.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KFIFO_H
#define LIBCDEV_KERNEL_LINUX_KFIFO_H

#include <string.h>

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/log2.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <libcdev/kfifo.h>

/* rectype: the size of its target is the record fifo's length field (0: not one). */
#define __STRUCT_KFIFO_COMMON(datatype, recsize, ptrtype) \
	union {                                           \
		struct __kfifo kfifo;                     \
		datatype *type;                           \
		const datatype *const_type;               \
		char (*rectype)[recsize];                 \
		ptrtype *ptr;                             \
		ptrtype const *ptr_const;                 \
	}

#define __STRUCT_KFIFO(type, size, recsize, ptrtype)                           \
	{                                                                      \
		__STRUCT_KFIFO_COMMON(type, recsize, ptrtype);                 \
		type buf[((size) < 2) || ((size) & ((size)-1)) ? -1 : (size)]; \
	}
#define STRUCT_KFIFO(type, size) struct __STRUCT_KFIFO(type, size, 0, type)

#define __STRUCT_KFIFO_PTR(type, recsize, ptrtype)             \
	{                                                      \
		__STRUCT_KFIFO_COMMON(type, recsize, ptrtype); \
		type buf[0];                                   \
	}
#define STRUCT_KFIFO_PTR(type) struct __STRUCT_KFIFO_PTR(type, 0, type)

/* The byte fifo of kfifo_alloc() and kfifo_init(). */
struct kfifo __STRUCT_KFIFO_PTR(unsigned char, 0, void);

/* Record fifos: records of up to 255 (_1) or 65535 (_2) bytes. */
#define STRUCT_KFIFO_REC_1(size) struct __STRUCT_KFIFO(unsigned char, size, 1, void)
#define STRUCT_KFIFO_REC_2(size) struct __STRUCT_KFIFO(unsigned char, size, 2, void)
struct kfifo_rec_ptr_1 __STRUCT_KFIFO_PTR(unsigned char, 1, void);
struct kfifo_rec_ptr_2 __STRUCT_KFIFO_PTR(unsigned char, 2, void);

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
#define kfifo_recsize(fifo)	(sizeof(*(fifo)->rectype))
#define kfifo_size(fifo)	((fifo)->kfifo.mask + 1)
#define kfifo_len(fifo)		__kfifo_len(&(fifo)->kfifo)
#define kfifo_is_empty(fifo)	(kfifo_len(fifo) == 0)
#define kfifo_is_full(fifo)	(kfifo_len(fifo) > (fifo)->kfifo.mask)

/* kfifo_avail - free elements; of a record fifo, the longest record that fits */
#define kfifo_avail(fifo)                                                                        \
	__extension__({                                                                          \
		__typeof__((fifo) + 1) __tmpq = (fifo);                                          \
		const size_t __recsize = sizeof(*__tmpq->rectype);                               \
		unsigned int __avail = __kfifo_unused(&__tmpq->kfifo);                           \
		__recsize ?                                                                      \
			(__avail <= __recsize ? 0 :                                              \
						__kfifo_max_r(__avail - __recsize, __recsize)) : \
			__avail;                                                                 \
	})
/* kfifo_peek_len - bytes of the next record; of another fifo, of all it holds */
#define kfifo_peek_len(fifo)                                                         \
	__extension__({                                                              \
		__typeof__((fifo) + 1) __tmp = (fifo);                               \
		const size_t __recsize = sizeof(*__tmp->rectype);                    \
		__recsize ? __kfifo_len_r(&__tmp->kfifo, __recsize) :                \
			    (unsigned int)(kfifo_len(__tmp) * sizeof(*__tmp->type)); \
	})

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
/* kfifo_skip - drop the next element, or the next record */
#define kfifo_skip(fifo)                                           \
	do {                                                       \
		__typeof__((fifo) + 1) __tmps = (fifo);            \
		const size_t __recsize = sizeof(*__tmps->rectype); \
		if (__recsize)                                     \
			__kfifo_skip_r(&__tmps->kfifo, __recsize); \
		else                                               \
			kfifo_skip_count(__tmps, 1);               \
	} while (0)
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

/* kfifo_in - @n elements in, as many as fit; of a record fifo, one record of @n bytes or none */
#define kfifo_in(fifo, buf, n)                                                   \
	__extension__({                                                          \
		__typeof__((fifo) + 1) __tmp = (fifo);                           \
		__typeof__(__tmp->ptr_const) __buf = (buf);                      \
		const size_t __recsize = sizeof(*__tmp->rectype);                \
		__recsize ? __kfifo_in_r(&__tmp->kfifo, __buf, (n), __recsize) : \
			    __kfifo_in(&__tmp->kfifo, __buf, (n));               \
	})
/* kfifo_out - up to @n elements out; of a record fifo, one record (its first @n bytes) */
#define kfifo_out(fifo, buf, n)                                                   \
	__extension__({                                                           \
		__typeof__((fifo) + 1) __tmp = (fifo);                            \
		__typeof__(__tmp->ptr) __buf = (buf);                             \
		const size_t __recsize = sizeof(*__tmp->rectype);                 \
		__recsize ? __kfifo_out_r(&__tmp->kfifo, __buf, (n), __recsize) : \
			    __kfifo_out(&__tmp->kfifo, __buf, (n));               \
	})
#define kfifo_out_peek(fifo, buf, n)                                                   \
	__extension__({                                                                \
		__typeof__((fifo) + 1) __tmp = (fifo);                                 \
		__typeof__(__tmp->ptr) __buf = (buf);                                  \
		const size_t __recsize = sizeof(*__tmp->rectype);                      \
		__recsize ? __kfifo_out_peek_r(&__tmp->kfifo, __buf, (n), __recsize) : \
			    __kfifo_out_peek(&__tmp->kfifo, __buf, (n));               \
	})

/* kfifo_put - put one element by value (a record fifo: as a record); 0 if it did not fit */
#define kfifo_put(fifo, val)                                                                \
	__extension__({                                                                     \
		__typeof__((fifo) + 1) __tmp = (fifo);                                      \
		__typeof__(*__tmp->const_type) __val = (val);                               \
		const size_t __recsize = sizeof(*__tmp->rectype);                           \
		__recsize ? __kfifo_in_r(&__tmp->kfifo, &__val, sizeof(__val), __recsize) : \
			    __kfifo_in(&__tmp->kfifo, &__val, 1);                           \
	})
/* kfifo_get - take one element into *@val; 0 if the fifo was empty */
#define kfifo_get(fifo, val)                                                                 \
	__extension__({                                                                      \
		__typeof__((fifo) + 1) __tmp = (fifo);                                       \
		__typeof__(__tmp->ptr) __val = (val);                                        \
		const size_t __recsize = sizeof(*__tmp->rectype);                            \
		__recsize ? __kfifo_out_r(&__tmp->kfifo, __val, sizeof(*__val), __recsize) : \
			    __kfifo_out(&__tmp->kfifo, __val, 1);                            \
	})
#define kfifo_peek(fifo, val)                                                                     \
	__extension__({                                                                           \
		__typeof__((fifo) + 1) __tmp = (fifo);                                            \
		__typeof__(__tmp->ptr) __val = (val);                                             \
		const size_t __recsize = sizeof(*__tmp->rectype);                                 \
		__recsize ? __kfifo_out_peek_r(&__tmp->kfifo, __val, sizeof(*__val), __recsize) : \
			    __kfifo_out_peek(&__tmp->kfifo, __val, 1);                            \
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
 * Return: 0, or -EFAULT; *@copied: the bytes copied. Of a record fifo, one
 * record: kfifo_from_user() makes @len bytes (at most what the length field
 * holds) one record if it fits, else copies nothing; kfifo_to_user() gives
 * the next record's first @len bytes and drops the record. They touch the
 * caller's memory, which may sleep: checked at the driver's line
 * (kcheck.h), as a kfifo_to_user() under the fifo's spinlock is a classic bug.
 */
#define kfifo_to_user(fifo, to, len, copied)                                               \
	__extension__({                                                                    \
		__typeof__((fifo) + 1) __tmp = (fifo);                                     \
		const size_t __recsize = sizeof(*__tmp->rectype);                          \
		__libcdev_might_sleep(__FILE__, __LINE__);                                 \
		__recsize ? __kfifo_to_user_r(&__tmp->kfifo, to, len, copied, __recsize) : \
			    __kfifo_to_user(&__tmp->kfifo, to, len, copied);               \
	})
#define kfifo_from_user(fifo, from, len, copied)                                               \
	__extension__({                                                                        \
		__typeof__((fifo) + 1) __tmp = (fifo);                                         \
		const size_t __recsize = sizeof(*__tmp->rectype);                              \
		__libcdev_might_sleep(__FILE__, __LINE__);                                     \
		__recsize ? __kfifo_from_user_r(&__tmp->kfifo, from, len, copied, __recsize) : \
			    __kfifo_from_user(&__tmp->kfifo, from, len, copied);               \
	})

/*
 * kfifo_dma_in_prepare - describe the fifo's free space (up to @len
 * elements; of a record fifo, room for one record of @len bytes after its
 * length field) in at most @nents entries of @sgl
 * Return: the entries used; 0 when there is no room.
 */
#define kfifo_dma_in_prepare(fifo, sgl, nents, len)                                               \
	__extension__({                                                                           \
		__typeof__((fifo) + 1) __tmp = (fifo);                                            \
		const size_t __recsize = sizeof(*__tmp->rectype);                                 \
		__recsize ? __kfifo_dma_in_prepare_r(&__tmp->kfifo, sgl, nents, len, __recsize) : \
			    __kfifo_dma_in_prepare(&__tmp->kfifo, sgl, nents, len);               \
	})
/* kfifo_dma_in_finish - @len bytes arrived in the prepared space (of a record fifo: one record) */
#define kfifo_dma_in_finish(fifo, len)                                            \
	do {                                                                      \
		__typeof__((fifo) + 1) __tmp = (fifo);                            \
		unsigned int __len = (len);                                       \
		const size_t __recsize = sizeof(*__tmp->rectype);                 \
		if (__recsize)                                                    \
			__kfifo_dma_in_finish_r(&__tmp->kfifo, __len, __recsize); \
		else                                                              \
			__tmp->kfifo.in += __len / sizeof(*__tmp->type);          \
	} while (0)
/* kfifo_dma_out_prepare - describe up to @len filled elements (of a record fifo, the next record) */
#define kfifo_dma_out_prepare(fifo, sgl, nents, len)                                               \
	__extension__({                                                                            \
		__typeof__((fifo) + 1) __tmp = (fifo);                                             \
		const size_t __recsize = sizeof(*__tmp->rectype);                                  \
		__recsize ? __kfifo_dma_out_prepare_r(&__tmp->kfifo, sgl, nents, len, __recsize) : \
			    __kfifo_dma_out_prepare(&__tmp->kfifo, sgl, nents, len);               \
	})
/* kfifo_dma_out_finish - @len bytes went out (of a record fifo: the whole next record) */
#define kfifo_dma_out_finish(fifo, len)                                     \
	do {                                                                \
		__typeof__((fifo) + 1) __tmp = (fifo);                      \
		unsigned int __len = (len);                                 \
		const size_t __recsize = sizeof(*__tmp->rectype);           \
		if (__recsize)                                              \
			__kfifo_dma_out_finish_r(&__tmp->kfifo, __recsize); \
		else                                                        \
			__tmp->kfifo.out += __len / sizeof(*__tmp->type);   \
	} while (0)

#endif
