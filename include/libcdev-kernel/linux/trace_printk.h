/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/trace_printk.h> (in <linux/kernel.h> before
 * 6.6): trace_printk() and trace_puts() write a line into the top-level
 * trace buffer, as <linux/kernel.h> defines them here (libcdev-kernel(7),
 * TRACING).
 */
#ifndef LIBCDEV_KERNEL_LINUX_TRACE_PRINTK_H
#define LIBCDEV_KERNEL_LINUX_TRACE_PRINTK_H

#include <linux/kernel.h>

#endif
