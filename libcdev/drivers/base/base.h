/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the platform bus (platform.c), the register banks behind
 * its memory resources (iomem.c) and the devices described in text
 * (describe.c) share.
 *
 * Included by: the files of libcdev/drivers/base/ only.
 */
#ifndef LIBCDEV_DRIVERS_BASE_H
#define LIBCDEV_DRIVERS_BASE_H

#include <libcdev/platform.h>

/*
 * The resource of @type (IORESOURCE_MEM: addresses, IORESOURCE_IO: ports) of a
 * registered platform device that holds [@start, @start + @size), or NULL.
 */
struct resource *platform_region(unsigned long type, unsigned long long start,
				 unsigned long long size);

/* The banks of @n resources at @res go (the device that owns them is put). */
void regbanks_forget(const struct resource *res, unsigned int n);

#endif
