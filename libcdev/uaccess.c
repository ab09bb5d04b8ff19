/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - copy_from_user()/copy_to_user().
 *
 * The caller's memory is reached through the accessor the backend installed
 * for the request running on this thread. Without one (the direct backend)
 * the "user" is this very process, and its memory is read and written with
 * process_vm_readv/writev on ourselves: an unmapped address then comes back
 * as a short copy, -EFAULT for the driver, instead of a segmentation fault.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/uio.h>
#include <unistd.h>

#include "libcdev-private.h"
#include "uaccess-private.h"

static __thread const struct uaccess_ops *current_uaccess;
static __thread void *current_uaccess_ctx;

void uaccess_set(const struct uaccess_ops *ops, void *ctx)
{
	current_uaccess = ops;
	current_uaccess_ctx = ctx;
}

/* Copy between our buffer and pid's memory; returns the bytes NOT copied. */
unsigned long uaccess_pid_copy(pid_t pid, void *local, const void *remote,
			       unsigned long n, bool to_remote)
{
	unsigned long done = 0;

	while (done < n) {
		/* As numbers: a driver may pass NULL (arg 0), and NULL + done is undefined. */
		struct iovec l = { (void *)((uintptr_t)local + done), n - done };
		struct iovec r = { (void *)((uintptr_t)remote + done), n - done };
		ssize_t ret;

		ret = to_remote ? process_vm_writev(pid, &l, 1, &r, 1, 0)
				: process_vm_readv(pid, &l, 1, &r, 1, 0);
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
