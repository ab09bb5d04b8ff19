/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/uio.h>: struct iov_iter over the caller's
 * buffers, copy_to_iter()/copy_from_iter(), iov_iter_count(); from libcdev's
 * <libcdev/uio.h>, which also has struct kiocb (<linux/fs.h> in the kernel).
 */
#ifndef LIBCDEV_KERNEL_LINUX_UIO_H
#define LIBCDEV_KERNEL_LINUX_UIO_H

#include <linux/types.h>
#include <libcdev/kcheck.h>
#include <libcdev/uio.h>

#define READ  0
#define WRITE 1

/*
 * Touching the caller's memory may fault and sleep: checked at the driver's
 * line (kcheck.h). On the library's names, which <libcdev/names.h> maps to.
 */
#define libcdev_copy_to_iter(addr, bytes, i) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_copy_to_iter)(addr, bytes, i))
#define libcdev_copy_from_iter(addr, bytes, i) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_copy_from_iter)(addr, bytes, i))

#endif
