/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/ioport.h>: struct resource and its helpers, from
 * <libcdev/platform.h>, and the claims on port and address ranges
 * (request_region() and the others), from <libcdev/io.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_IOPORT_H
#define LIBCDEV_KERNEL_LINUX_IOPORT_H

#include <linux/types.h>
#include <libcdev/io.h>
#include <libcdev/platform.h>

#define DEFINE_RES_NAMED(_start, _size, _name, _flags)                                             \
	{                                                                                          \
		.start = (_start), .end = (_start) + (_size)-1, .name = (_name), .flags = (_flags) \
	}
#define DEFINE_RES_MEM(_start, _size) DEFINE_RES_NAMED(_start, _size, NULL, IORESOURCE_MEM)
#define DEFINE_RES_MEM_NAMED(_start, _size, _name) \
	DEFINE_RES_NAMED(_start, _size, _name, IORESOURCE_MEM)
#define DEFINE_RES_IO_NAMED(_start, _size, _name) \
	DEFINE_RES_NAMED(_start, _size, _name, IORESOURCE_IO)
#define DEFINE_RES_IO(_start, _size)	  DEFINE_RES_NAMED(_start, _size, NULL, IORESOURCE_IO)
#define DEFINE_RES_IRQ(_irq)		  DEFINE_RES_NAMED(_irq, 1, NULL, IORESOURCE_IRQ)
#define DEFINE_RES_IRQ_NAMED(_irq, _name) DEFINE_RES_NAMED(_irq, 1, _name, IORESOURCE_IRQ)

#define request_region(start, n, name) __request_region(&ioport_resource, (start), (n), (name), 0)
#define request_muxed_region(start, n, name) \
	__request_region(&ioport_resource, (start), (n), (name), IORESOURCE_MUXED)
#define request_mem_region(start, n, name) \
	__request_region(&iomem_resource, (start), (n), (name), 0)
#define request_mem_region_muxed(start, n, name) \
	__request_region(&iomem_resource, (start), (n), (name), IORESOURCE_MUXED)
#define request_mem_region_exclusive(start, n, name) \
	__request_region(&iomem_resource, (start), (n), (name), IORESOURCE_EXCLUSIVE)
#define rename_region(region, newname)      \
	do {                                \
		(region)->name = (newname); \
	} while (0)
#define release_region(start, n)     __release_region(&ioport_resource, (start), (n))
#define release_mem_region(start, n) __release_region(&iomem_resource, (start), (n))
#define devm_request_region(dev, start, n, name) \
	__devm_request_region(dev, &ioport_resource, (start), (n), (name))
#define devm_request_mem_region(dev, start, n, name) \
	__devm_request_region(dev, &iomem_resource, (start), (n), (name))

#endif
