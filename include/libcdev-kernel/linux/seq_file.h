/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/seq_file.h>, from libcdev's <libcdev/seq_file.h>:
 * files made of records, produced by a driver's start/next/stop/show and
 * handed out across reads of any size, as the kernel's seq_file does.
 *
 * seq_lseek() can only go back to the start (offset 0); other positions
 * fail with -EINVAL.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SEQ_FILE_H
#define LIBCDEV_KERNEL_LINUX_SEQ_FILE_H

#include <stdarg.h>
#include <stdio.h>

#include <asm/page.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <libcdev/seq_file.h>

/* The seq_file's memory is the opening module's, as its own kmalloc() would be. */
#define seq_open(file, op)	      libcdev_seq_open(file, op, THIS_MODULE)
#define single_open(file, show, data) libcdev_single_open(file, show, data, THIS_MODULE)

#define seq_put_decimal_ull(m, delimiter, num) \
	seq_printf(m, "%s%llu", delimiter, (unsigned long long)(num))
#define seq_put_decimal_ll(m, delimiter, num) seq_printf(m, "%s%lld", delimiter, (long long)(num))

#endif
