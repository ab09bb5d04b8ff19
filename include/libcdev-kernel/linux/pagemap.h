/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/pagemap.h>: the page cache is a filesystem's, and
 * a character device has none, so nothing of it is here (a driver that
 * calls it does not compile, naming the call). What drivers that include
 * it rely on besides comes with it, as from the kernel's: <linux/mm.h>,
 * <linux/fs.h>, <linux/highmem.h> and <linux/uaccess.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PAGEMAP_H
#define LIBCDEV_KERNEL_LINUX_PAGEMAP_H

#include <linux/fs.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/uaccess.h>

#endif
