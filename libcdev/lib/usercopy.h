/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef LIBCDEV_UACCESS_PRIVATE_H
#define LIBCDEV_UACCESS_PRIVATE_H

#include <stdbool.h>
#include <sys/types.h>

/* How a backend reaches the memory of the process whose request runs on this thread. */
struct uaccess_ops {
	unsigned long (*copy_from)(void *ctx, void *to, const void *from, unsigned long n);
	unsigned long (*copy_to)(void *ctx, void *to, const void *from, unsigned long n);
	/* clear_user() where it can do better than copy_to() of zeros: true when done */
	bool (*clear)(void *ctx, void *to, unsigned long n);
};

void uaccess_set(const struct uaccess_ops *ops, void *ctx);
unsigned long uaccess_pid_copy(pid_t pid, void *local, const void *remote,
			       unsigned long n, bool to_remote);

#endif
