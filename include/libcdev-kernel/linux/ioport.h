/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/ioport.h>: struct resource and its helpers, from
 * <libcdev/platform.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_IOPORT_H
#define LIBCDEV_KERNEL_LINUX_IOPORT_H

#include <linux/types.h>
#include <libcdev/platform.h>

#define DEFINE_RES_NAMED(_start, _size, _name, _flags)                                             \
	{                                                                                          \
		.start = (_start), .end = (_start) + (_size)-1, .name = (_name), .flags = (_flags) \
	}
#define DEFINE_RES_MEM(_start, _size) DEFINE_RES_NAMED(_start, _size, NULL, IORESOURCE_MEM)
#define DEFINE_RES_MEM_NAMED(_start, _size, _name) \
	DEFINE_RES_NAMED(_start, _size, _name, IORESOURCE_MEM)
#define DEFINE_RES_IRQ(_irq)		  DEFINE_RES_NAMED(_irq, 1, NULL, IORESOURCE_IRQ)
#define DEFINE_RES_IRQ_NAMED(_irq, _name) DEFINE_RES_NAMED(_irq, 1, _name, IORESOURCE_IRQ)

#endif
