/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - a fifo's copies to and from a caller's memory, after
 * lib/kfifo.c. The fifo's ring may wrap: a copy is at most two pieces, and
 * the fifo's count moves only once both went across.
 */
#include <errno.h>

#include "core/core.h"
#include <libcdev/kfifo.h>
#include <libcdev/uaccess.h>

/* What did not go across of the two pieces (@l bytes, then @blen - @l). */
static unsigned int fifo_left(unsigned long first_left, unsigned long second_left, unsigned int l,
			      unsigned int blen)
{
	return (unsigned int)(first_left ? first_left + (blen - l) : second_left);
}

_public_ int __kfifo_to_user(struct __kfifo *f, void __user *to, unsigned long len,
			     unsigned int *copied)
{
	unsigned int n = len / f->esize, avail = __kfifo_len(f);
	unsigned int boff, blen, l, left;
	unsigned long first, second = 0;

	if (n > avail)
		n = avail;
	l = __kfifo_span(f, n, f->out, &boff, &blen);
	first = copy_to_user(to, (const char *)f->data + boff, l);
	if (!first)
		second = copy_to_user((char __user *)to + l, f->data, blen - l);
	left = fifo_left(first, second, l, blen);
	*copied = blen - left;
	if (left)
		return -EFAULT;
	__atomic_store_n(&f->out, f->out + n, __ATOMIC_RELEASE);
	return 0;
}

_public_ int __kfifo_from_user(struct __kfifo *f, const void __user *from, unsigned long len,
			       unsigned int *copied)
{
	unsigned int n = len / f->esize, room = __kfifo_unused(f);
	unsigned int boff, blen, l, left;
	unsigned long first, second = 0;

	if (n > room)
		n = room;
	l = __kfifo_span(f, n, f->in, &boff, &blen);
	first = copy_from_user((char *)f->data + boff, from, l);
	if (!first)
		second = copy_from_user(f->data, (const char __user *)from + l, blen - l);
	left = fifo_left(first, second, l, blen);
	*copied = blen - left;
	if (left)
		return -EFAULT;
	__atomic_store_n(&f->in, f->in + n, __ATOMIC_RELEASE);
	return 0;
}
