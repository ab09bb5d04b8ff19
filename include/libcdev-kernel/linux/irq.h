/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/irq.h>: the interrupt lines as drivers see them
 * (<linux/interrupt.h>) and their triggers (IRQ_TYPE_*, irq_set_irq_type()),
 * from <libcdev/irq.h>. The interrupt controllers' side (irq_chip, irq
 * domains) has no devices to drive here.
 */
#ifndef LIBCDEV_KERNEL_LINUX_IRQ_H
#define LIBCDEV_KERNEL_LINUX_IRQ_H

#include <linux/interrupt.h>
#include <libcdev/irq.h>

#endif
