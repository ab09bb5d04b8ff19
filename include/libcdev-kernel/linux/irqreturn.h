/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/irqreturn.h>: irqreturn_t, from <libcdev/irq.h>. */
#ifndef LIBCDEV_KERNEL_LINUX_IRQRETURN_H
#define LIBCDEV_KERNEL_LINUX_IRQRETURN_H

#include <libcdev/irq.h>

#define IRQ_RETVAL(x) ((x) ? IRQ_HANDLED : IRQ_NONE)

#endif
