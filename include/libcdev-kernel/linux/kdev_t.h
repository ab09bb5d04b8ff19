/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kdev_t.h>: MAJOR(), MINOR(), MKDEV() in the
 * kernel's encoding. dev_t is the C library's type (64 bits), not the
 * kernel's 32: print it with MAJOR()/MINOR() (as drivers usually do) or
 * cast it; a bare "%x" warns here.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KDEV_T_H
#define LIBCDEV_KERNEL_LINUX_KDEV_T_H

#include <linux/types.h>
#include <libcdev/kdev_t.h>

#define print_dev_t(buffer, dev)  sprintf((buffer), "%u:%u\n", MAJOR(dev), MINOR(dev))
#define format_dev_t(buffer, dev) (sprintf(buffer, "%u:%u", MAJOR(dev), MINOR(dev)), buffer)

static inline bool old_valid_dev(dev_t dev)
{
	return MAJOR(dev) < 256 && MINOR(dev) < 256;
}

#endif
