/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/err.h>: ERR_PTR(), PTR_ERR(), IS_ERR() and friends. */
#ifndef LIBCDEV_KERNEL_LINUX_ERR_H
#define LIBCDEV_KERNEL_LINUX_ERR_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <libcdev/err.h>

static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int PTR_ERR_OR_ZERO(const void *ptr)
{
	return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0;
}

#endif
