/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the kernel's ring buffer of fixed-size elements
 * (include/linux/kfifo.h, lib/kfifo.c): the untyped fifo, and its copies to
 * and from a caller's memory, which the library does. Sizes are powers of
 * two; counts are free-running and wrap, so in - out is the fill level.
 *
 * Not in <libcdev/libcdev.h>; <linux/kfifo.h> carries the kernel's typed
 * interface.
 */
#ifndef LIBCDEV_KFIFO_H
#define LIBCDEV_KFIFO_H

#include <libcdev/compiler.h>
#include <libcdev/names.h>

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

#endif
