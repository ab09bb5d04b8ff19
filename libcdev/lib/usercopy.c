/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - lib/usercopy.c:
 * copy_from_user()/copy_to_user().
 *
 * The caller's memory is reached through the accessor the backend installed
 * for the request running on this thread. Without one (the direct backend)
 * the "user" is this very process, and its memory is read and written with
 * process_vm_readv/writev on ourselves: an unmapped address then comes back
 * as a short copy, -EFAULT for the driver, instead of a segmentation fault.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "core/core.h"
#include "backend/backend.h"

static __thread _tls_hot_ const struct uaccess_ops *current_uaccess;
static __thread _tls_hot_ void *current_uaccess_ctx;

void uaccess_set(const struct uaccess_ops *ops, void *ctx)
{
	current_uaccess = ops;
	current_uaccess_ctx = ctx;
}

/* Copy between our buffer and pid's memory; returns the bytes NOT copied. */
unsigned long uaccess_pid_copy(pid_t pid, void *local, const void *remote, unsigned long n,
			       bool to_remote)
{
	unsigned long done = 0;

	while (done < n) {
		/* As numbers: a driver may pass NULL (arg 0), and NULL + done is undefined. */
		struct iovec l = { (void *)((uintptr_t)local + done), n - done };
		struct iovec r = { (void *)((uintptr_t)remote + done), n - done };
		ssize_t ret;

		ret = to_remote ? process_vm_writev(pid, &l, 1, &r, 1, 0) :
				  process_vm_readv(pid, &l, 1, &r, 1, 0);
		if (ret <= 0) {
			if (ret < 0 && errno == EINTR)
				continue;
			break;
		}
		done += ret;
	}
	return n - done;
}

_public_ unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	if (n == 0)
		return 0;
	if (current_uaccess)
		return current_uaccess->copy_from(current_uaccess_ctx, to, from, n);
	return uaccess_pid_copy(getpid(), to, from, n, false);
}

_public_ unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (n == 0)
		return 0;
	if (current_uaccess)
		return current_uaccess->copy_to(current_uaccess_ctx, to, from, n);
	return uaccess_pid_copy(getpid(), (void *)from, to, n, true);
}

_public_ unsigned long clear_user(void __user *to, unsigned long n)
{
	static const char zeros[256];
	unsigned long done = 0;

	if (current_uaccess && current_uaccess->clear &&
	    current_uaccess->clear(current_uaccess_ctx, to, n))
		return 0;
	while (done < n) {
		unsigned long chunk = n - done < sizeof(zeros) ? n - done : sizeof(zeros);
		unsigned long left = copy_to_user((char __user *)to + done, zeros, chunk);

		done += chunk - left;
		if (left)
			break;
	}
	return n - done;
}

/*
 * Page by page, so a string that ends before an unmapped page is read whole;
 * a piece that fails is read again byte by byte up to the bad byte.
 */
_public_ long strncpy_from_user(char *dst, const char __user *src, long count)
{
	const unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);
	long done = 0;

	while (done < count) {
		unsigned long addr = (unsigned long)src + done;
		long chunk = (long)(page - addr % page);
		char *nul;

		if (chunk > count - done)
			chunk = count - done;
		if (copy_from_user(dst + done, src + done, chunk)) {
			for (long i = 0; i < chunk; i++) {
				if (copy_from_user(dst + done + i, src + done + i, 1))
					return -EFAULT;
				if (dst[done + i] == '\0')
					return done + i;
			}
		}
		nul = memchr(dst + done, '\0', chunk);
		if (nul)
			return nul - dst;
		done += chunk;
	}
	return count;
}
