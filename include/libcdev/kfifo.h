/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the kernel's ring buffer of fixed-size elements
 * (include/linux/kfifo.h, lib/kfifo.c): the untyped fifo, and its copies to
 * and from a caller's memory, which the library does. Sizes are powers of
 * two; counts are free-running and wrap, so in - out is the fill level.
 * A record fifo (bytes) keeps each record after its length, in @recsize
 * (1 or 2) bytes, low byte first.
 *
 * Not in <libcdev/libcdev.h>; <linux/kfifo.h> carries the kernel's typed
 * interface.
 */
#ifndef LIBCDEV_KFIFO_H
#define LIBCDEV_KFIFO_H

#include <libcdev/compiler.h>
#include <libcdev/names.h>
#include <libcdev/scatterlist.h>

struct __kfifo {
	unsigned int in;    /* elements ever put in */
	unsigned int out;   /* elements ever taken out */
	unsigned int mask;  /* size - 1 */
	unsigned int esize; /* bytes per element */
	void *data;
};

static inline unsigned int __kfifo_len(const struct __kfifo *f)
{
	return __atomic_load_n(&f->in, __ATOMIC_ACQUIRE) -
	       __atomic_load_n(&f->out, __ATOMIC_ACQUIRE);
}

static inline unsigned int __kfifo_unused(const struct __kfifo *f)
{
	return (f->mask + 1) - __kfifo_len(f);
}

/* Byte offsets and lengths of the (at most two) pieces of @len elements at @off. */
static inline unsigned int __kfifo_span(const struct __kfifo *f, unsigned int len, unsigned int off,
					unsigned int *boff, unsigned int *blen)
{
	unsigned int size = (f->mask + 1) * f->esize;

	*boff = (off & f->mask) * f->esize;
	*blen = len * f->esize;
	return *blen < size - *boff ? *blen : size - *boff; /* the first piece */
}

/*
 * Between the fifo and the caller's memory: @len bytes at most, whole
 * elements. On a fault nothing moves (the kernel's rule) and -EFAULT is
 * returned; *@copied says how many bytes went across.
 */
int __kfifo_to_user(struct __kfifo *f, void __user *to, unsigned long len, unsigned int *copied);
int __kfifo_from_user(struct __kfifo *f, const void __user *from, unsigned long len,
		      unsigned int *copied);

/*
 * The records of a record fifo (lib/kfifo.c's): each call moves one whole
 * record. __kfifo_in_r() puts a record of @len bytes in only if it fits
 * (Return: @len, or 0); __kfifo_out_r() takes the next record out, of which
 * at most @len bytes are copied and the rest dropped (Return: the bytes
 * copied; 0 if the fifo is empty); _peek_ leaves it there.
 */
unsigned int __kfifo_in_r(struct __kfifo *fifo, const void *buf, unsigned int len, size_t recsize);
unsigned int __kfifo_out_r(struct __kfifo *fifo, void *buf, unsigned int len, size_t recsize);
unsigned int __kfifo_out_peek_r(struct __kfifo *fifo, void *buf, unsigned int len, size_t recsize);
/** __kfifo_len_r - the length of the next record (0 when there is none) */
unsigned int __kfifo_len_r(struct __kfifo *fifo, size_t recsize);
/** __kfifo_skip_r - drop the next record */
void __kfifo_skip_r(struct __kfifo *fifo, size_t recsize);
/** __kfifo_max_r - @len, at most what a length field of @recsize bytes holds */
unsigned int __kfifo_max_r(unsigned int len, size_t recsize);
int __kfifo_from_user_r(struct __kfifo *fifo, const void __user *from, unsigned long len,
			unsigned int *copied, size_t recsize);
int __kfifo_to_user_r(struct __kfifo *fifo, void __user *to, unsigned long len,
		      unsigned int *copied, size_t recsize);

/*
 * DMA: the fifo's free (in) or filled (out) space of up to @len elements as
 * at most @nents entries of @sgl, one per piece of the ring (Return: the
 * entries, 0 if there is nothing to describe); the _finish calls then move
 * the count. Of a record fifo the space is one record's, after its length
 * field.
 */
unsigned int __kfifo_dma_in_prepare(struct __kfifo *fifo, struct scatterlist *sgl, int nents,
				    unsigned int len);
unsigned int __kfifo_dma_out_prepare(struct __kfifo *fifo, struct scatterlist *sgl, int nents,
				     unsigned int len);
unsigned int __kfifo_dma_in_prepare_r(struct __kfifo *fifo, struct scatterlist *sgl, int nents,
				      unsigned int len, size_t recsize);
void __kfifo_dma_in_finish_r(struct __kfifo *fifo, unsigned int len, size_t recsize);
unsigned int __kfifo_dma_out_prepare_r(struct __kfifo *fifo, struct scatterlist *sgl, int nents,
				       unsigned int len, size_t recsize);
void __kfifo_dma_out_finish_r(struct __kfifo *fifo, size_t recsize);

#endif
