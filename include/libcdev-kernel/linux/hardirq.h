/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/hardirq.h>: the context tests, in <linux/preempt.h>. */
#ifndef LIBCDEV_KERNEL_LINUX_HARDIRQ_H
#define LIBCDEV_KERNEL_LINUX_HARDIRQ_H

#include <linux/preempt.h>

#endif
