/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - iov_iter over the caller's segments (lib/iov_iter.c's user-backed
 * kind): every copy goes through copy_to_user()/copy_from_user(), so it
 * reaches the caller through the backend as a driver's own copies do.
 */
#include "core/core.h"
#include <libcdev/uio.h>

_public_ void iov_iter_init(struct iov_iter *i, unsigned int direction, const struct iovec *iov,
			    unsigned long nr_segs, size_t count)
{
	i->iter_type = ITER_IOVEC;
	i->data_source = direction == ITER_SOURCE;
	i->iov_offset = 0;
	i->count = count;
	i->__iov = iov;
	i->nr_segs = nr_segs;
}

_public_ void iov_iter_advance(struct iov_iter *i, size_t bytes)
{
	if (bytes > i->count)
		bytes = i->count;
	i->count -= bytes;
	while (bytes && i->nr_segs) {
		size_t left = i->__iov->iov_len - i->iov_offset;

		if (bytes < left) {
			i->iov_offset += bytes;
			return;
		}
		bytes -= left;
		i->__iov++;
		i->nr_segs--;
		i->iov_offset = 0;
	}
}

/* Copy segment by segment; the bytes copied, short at the first fault. */
static size_t iter_copy(struct iov_iter *i, void *kbuf, size_t bytes, bool to_user)
{
	size_t done = 0;

	if (bytes > i->count)
		bytes = i->count;
	while (done < bytes && i->nr_segs) {
		char __user *seg = (char __user *)i->__iov->iov_base + i->iov_offset;
		size_t n = i->__iov->iov_len - i->iov_offset, left;

		if (n > bytes - done)
			n = bytes - done;
		if (n == 0) { /* an empty segment */
			iov_iter_advance(i, 0);
			i->__iov++;
			i->nr_segs--;
			continue;
		}
		left = to_user ? copy_to_user(seg, (char *)kbuf + done, n) :
				 copy_from_user((char *)kbuf + done, seg, n);
		iov_iter_advance(i, n - left);
		done += n - left;
		if (left)
			break;
	}
	return done;
}

_public_ size_t copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i)
{
	if (i->data_source)
		return 0; /* the kernel WARNs: a source is not written to */
	return iter_copy(i, (void *)addr, bytes, true);
}

_public_ size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i)
{
	if (!i->data_source)
		return 0;
	return iter_copy(i, addr, bytes, false);
}
