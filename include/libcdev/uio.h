/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - I/O control blocks and iterators over the caller's buffers,
 * after include/linux/fs.h (struct kiocb) and include/linux/uio.h.
 *
 * A driver that sets ->read_iter or ->write_iter instead of ->read or
 * ->write gets a kiocb (the file and the position) and an iov_iter over the
 * caller's buffers: one buffer for read(2)/write(2), the caller's segments
 * for readv(2)/writev(2) where the backend passes them (the direct backend;
 * CUSE merges them into one). copy_to_iter() and copy_from_iter() move data
 * with copy_to_user()/copy_from_user(), segment by segment, and stop short
 * at a fault.
 */
#ifndef LIBCDEV_UIO_H
#define LIBCDEV_UIO_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/uio.h>

#include <libcdev/fs.h>
#include <libcdev/names.h>

/* The kernel's iocb flags that mean something for a char device. */
#define IOCB_APPEND (1 << 1)
#define IOCB_NOWAIT (1 << 7)

struct kiocb {
	struct file *ki_filp;
	loff_t ki_pos; /* the position; ->read_iter/->write_iter advance it */
	void (*ki_complete)(struct kiocb *iocb, long ret);
	void *private;
	int ki_flags;
};

/* The direction, as the kernel's ITER_DEST (READ) and ITER_SOURCE (WRITE). */
#define ITER_DEST   0
#define ITER_SOURCE 1

struct iov_iter {
	unsigned char iter_type;
	bool data_source;	   /* ITER_SOURCE: the driver copies from it */
	size_t iov_offset;	   /* into the current segment */
	size_t count;		   /* bytes left */
	const struct iovec *__iov; /* the current segment */
	unsigned long nr_segs;	   /* segments left, the current one included */
};

#define ITER_IOVEC 0
#define ITER_UBUF  1

/** iov_iter_init - an iterator over @nr_segs user segments holding @count bytes */
void iov_iter_init(struct iov_iter *i, unsigned int direction, const struct iovec *iov,
		   unsigned long nr_segs, size_t count);

static inline size_t iov_iter_count(const struct iov_iter *i)
{
	return i->count;
}

static inline int iov_iter_rw(const struct iov_iter *i)
{
	return i->data_source ? ITER_SOURCE : ITER_DEST;
}

static inline void iov_iter_truncate(struct iov_iter *i, size_t count)
{
	if (i->count > count)
		i->count = count;
}

static inline const struct iovec *iter_iov(const struct iov_iter *i)
{
	return i->__iov;
}

/** iov_iter_advance - skip @bytes of the iterator (at most what is left) */
void iov_iter_advance(struct iov_iter *i, size_t bytes);

/** copy_to_iter - copy @bytes to the caller's buffers; the bytes copied (short at a fault) */
size_t copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i);

/** copy_from_iter - copy @bytes from the caller's buffers; the bytes copied (short at a fault) */
size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i);

/** init_sync_kiocb - a kiocb for @filp at its position, as the kernel's read(2) makes it */
static inline void init_sync_kiocb(struct kiocb *kiocb, struct file *filp)
{
	kiocb->ki_filp = filp;
	kiocb->ki_pos = 0;
	kiocb->ki_complete = 0;
	kiocb->private = 0;
	kiocb->ki_flags = (filp->f_flags & O_APPEND) ? IOCB_APPEND : 0;
}

static inline bool is_sync_kiocb(const struct kiocb *kiocb)
{
	return kiocb->ki_complete == 0;
}

#endif
