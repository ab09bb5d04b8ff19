/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - a fifo's copies to and from a caller's memory, its records and
 * its scatterlists, after lib/kfifo.c. The fifo's ring may wrap: a copy is
 * at most two pieces, and the fifo's count moves only once both went
 * across. A record is its length (1 or 2 bytes, low first), then its bytes.
 */
#include <errno.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/kfifo.h>
#include <libcdev/uaccess.h>

/* What did not go across of the two pieces (@l bytes, then @blen - @l). */
static unsigned int fifo_left(unsigned long first_left, unsigned long second_left, unsigned int l,
			      unsigned int blen)
{
	return (unsigned int)(first_left ? first_left + (blen - l) : second_left);
}

/* @n elements of the caller's memory into the ring at @off; *@copied: bytes. */
static int ring_from_user(struct __kfifo *f, const void __user *from, unsigned int n,
			  unsigned int off, unsigned int *copied)
{
	unsigned int boff, blen, l = __kfifo_span(f, n, off, &boff, &blen), left;
	unsigned long first, second = 0;

	first = copy_from_user((char *)f->data + boff, from, l);
	if (!first)
		second = copy_from_user(f->data, (const char __user *)from + l, blen - l);
	left = fifo_left(first, second, l, blen);
	*copied = blen - left;
	return left ? -EFAULT : 0;
}

static int ring_to_user(const struct __kfifo *f, void __user *to, unsigned int n, unsigned int off,
			unsigned int *copied)
{
	unsigned int boff, blen, l = __kfifo_span(f, n, off, &boff, &blen), left;
	unsigned long first, second = 0;

	first = copy_to_user(to, (const char *)f->data + boff, l);
	if (!first)
		second = copy_to_user((char __user *)to + l, f->data, blen - l);
	left = fifo_left(first, second, l, blen);
	*copied = blen - left;
	return left ? -EFAULT : 0;
}

_public_ int __kfifo_to_user(struct __kfifo *f, void __user *to, unsigned long len,
			     unsigned int *copied)
{
	unsigned int n = len / f->esize, avail = __kfifo_len(f);

	if (n > avail)
		n = avail;
	if (ring_to_user(f, to, n, f->out, copied))
		return -EFAULT;
	__atomic_store_n(&f->out, f->out + n, __ATOMIC_RELEASE);
	return 0;
}

_public_ int __kfifo_from_user(struct __kfifo *f, const void __user *from, unsigned long len,
			       unsigned int *copied)
{
	unsigned int n = len / f->esize, room = __kfifo_unused(f);

	if (n > room)
		n = room;
	if (ring_from_user(f, from, n, f->in, copied))
		return -EFAULT;
	__atomic_store_n(&f->in, f->in + n, __ATOMIC_RELEASE);
	return 0;
}

/* ---- records ---- */

static void ring_put(struct __kfifo *f, const void *src, unsigned int len, unsigned int off)
{
	unsigned int boff, blen, l = __kfifo_span(f, len, off, &boff, &blen);

	memcpy((char *)f->data + boff, src, l);
	memcpy(f->data, (const char *)src + l, blen - l);
}

static void ring_get(const struct __kfifo *f, void *dst, unsigned int len, unsigned int off)
{
	unsigned int boff, blen, l = __kfifo_span(f, len, off, &boff, &blen);

	memcpy(dst, (const char *)f->data + boff, l);
	memcpy((char *)dst + l, f->data, blen - l);
}

/* The length field of the next record; 0 when there is none. */
static unsigned int rec_peek_len(const struct __kfifo *f, size_t recsize)
{
	const unsigned char *d = f->data;
	unsigned int n;

	if (!__kfifo_len(f))
		return 0;
	n = d[f->out & f->mask];
	if (recsize > 1)
		n |= (unsigned int)d[(f->out + 1) & f->mask] << 8;
	return n;
}

/* The length field of a record that starts at f->in. */
static void rec_poke_len(struct __kfifo *f, unsigned int n, size_t recsize)
{
	unsigned char *d = f->data;

	d[f->in & f->mask] = (unsigned char)n;
	if (recsize > 1)
		d[(f->in + 1) & f->mask] = (unsigned char)(n >> 8);
}

/* The record of @len bytes (its length field written) is in: publish it. */
static void rec_commit_in(struct __kfifo *f, unsigned int len, size_t recsize)
{
	__atomic_store_n(&f->in, f->in + len + (unsigned int)recsize, __ATOMIC_RELEASE);
}

static void rec_drop_out(struct __kfifo *f, unsigned int n, size_t recsize)
{
	__atomic_store_n(&f->out, f->out + n + (unsigned int)recsize, __ATOMIC_RELEASE);
}

_public_ unsigned int __kfifo_max_r(unsigned int len, size_t recsize)
{
	unsigned int max = (1U << (recsize * 8)) - 1;

	return len > max ? max : len;
}

_public_ unsigned int __kfifo_len_r(struct __kfifo *fifo, size_t recsize)
{
	return rec_peek_len(fifo, recsize);
}

_public_ unsigned int __kfifo_in_r(struct __kfifo *fifo, const void *buf, unsigned int len,
				   size_t recsize)
{
	if (len + recsize > __kfifo_unused(fifo))
		return 0;
	rec_poke_len(fifo, len, recsize);
	ring_put(fifo, buf, len, fifo->in + recsize);
	rec_commit_in(fifo, len, recsize);
	return len;
}

_public_ unsigned int __kfifo_out_peek_r(struct __kfifo *fifo, void *buf, unsigned int len,
					 size_t recsize)
{
	unsigned int n;

	if (!__kfifo_len(fifo))
		return 0;
	n = rec_peek_len(fifo, recsize);
	if (len > n)
		len = n;
	ring_get(fifo, buf, len, fifo->out + recsize);
	return len;
}

_public_ unsigned int __kfifo_out_r(struct __kfifo *fifo, void *buf, unsigned int len,
				    size_t recsize)
{
	if (!__kfifo_len(fifo))
		return 0;
	len = __kfifo_out_peek_r(fifo, buf, len, recsize);
	rec_drop_out(fifo, rec_peek_len(fifo, recsize), recsize);
	return len;
}

/* An empty fifo has no record to skip: nothing moves (the kernel's would read a stale length). */
_public_ void __kfifo_skip_r(struct __kfifo *fifo, size_t recsize)
{
	if (__kfifo_len(fifo))
		rec_drop_out(fifo, rec_peek_len(fifo, recsize), recsize);
}

_public_ int __kfifo_from_user_r(struct __kfifo *fifo, const void __user *from, unsigned long len,
				 unsigned int *copied, size_t recsize)
{
	unsigned int n = __kfifo_max_r(len > ~0U ? ~0U : (unsigned int)len, recsize);

	*copied = 0;
	if (n + recsize > __kfifo_unused(fifo))
		return 0;
	rec_poke_len(fifo, n, recsize);
	if (ring_from_user(fifo, from, n, fifo->in + recsize, copied)) {
		*copied = 0;
		return -EFAULT;
	}
	rec_commit_in(fifo, n, recsize);
	return 0;
}

_public_ int __kfifo_to_user_r(struct __kfifo *fifo, void __user *to, unsigned long len,
			       unsigned int *copied, size_t recsize)
{
	unsigned int n;

	*copied = 0;
	if (!__kfifo_len(fifo))
		return 0;
	n = rec_peek_len(fifo, recsize);
	if (len > n)
		len = n;
	if (ring_to_user(fifo, to, (unsigned int)len, fifo->out + recsize, copied)) {
		*copied = 0;
		return -EFAULT;
	}
	rec_drop_out(fifo, n, recsize);
	return 0;
}

/* ---- scatterlists: one entry per piece of the ring (the memory is contiguous) ---- */

static unsigned int ring_sgl(struct __kfifo *f, struct scatterlist *sgl, int nents,
			     unsigned int len, unsigned int off)
{
	unsigned int boff, blen, l = __kfifo_span(f, len, off, &boff, &blen);
	int n = 0;

	if (n < nents && l)
		sg_set_buf(&sgl[n++], (char *)f->data + boff, l);
	if (n < nents && blen - l)
		sg_set_buf(&sgl[n++], f->data, blen - l);
	return (unsigned int)n;
}

_public_ unsigned int __kfifo_dma_in_prepare(struct __kfifo *fifo, struct scatterlist *sgl,
					     int nents, unsigned int len)
{
	unsigned int room = __kfifo_unused(fifo);

	return ring_sgl(fifo, sgl, nents, len < room ? len : room, fifo->in);
}

_public_ unsigned int __kfifo_dma_out_prepare(struct __kfifo *fifo, struct scatterlist *sgl,
					      int nents, unsigned int len)
{
	unsigned int filled = __kfifo_len(fifo);

	return ring_sgl(fifo, sgl, nents, len < filled ? len : filled, fifo->out);
}

_public_ unsigned int __kfifo_dma_in_prepare_r(struct __kfifo *fifo, struct scatterlist *sgl,
					       int nents, unsigned int len, size_t recsize)
{
	len = __kfifo_max_r(len, recsize);
	if (len + recsize > __kfifo_unused(fifo))
		return 0;
	return ring_sgl(fifo, sgl, nents, len, fifo->in + recsize);
}

_public_ void __kfifo_dma_in_finish_r(struct __kfifo *fifo, unsigned int len, size_t recsize)
{
	len = __kfifo_max_r(len, recsize);
	rec_poke_len(fifo, len, recsize);
	rec_commit_in(fifo, len, recsize);
}

_public_ unsigned int __kfifo_dma_out_prepare_r(struct __kfifo *fifo, struct scatterlist *sgl,
						int nents, unsigned int len, size_t recsize)
{
	len = __kfifo_max_r(len, recsize);
	if (len + recsize > __kfifo_len(fifo))
		return 0;
	return ring_sgl(fifo, sgl, nents, len, fifo->out + recsize);
}

_public_ void __kfifo_dma_out_finish_r(struct __kfifo *fifo, size_t recsize)
{
	__kfifo_skip_r(fifo, recsize);
}
