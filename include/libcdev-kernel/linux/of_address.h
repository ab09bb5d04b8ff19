/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/of_address.h>: a node's "reg" entries are its
 * device's register regions (mem=START+SIZE in its description), in order.
 */
#ifndef LIBCDEV_KERNEL_LINUX_OF_ADDRESS_H
#define LIBCDEV_KERNEL_LINUX_OF_ADDRESS_H

#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/of.h>
#include <linux/of_platform.h>

/* The @index-th register region of @np's device: 0, or -EINVAL if it has none. */
static inline int of_address_to_resource(struct device_node *np, int index, struct resource *r)
{
	struct platform_device *pdev = of_find_device_by_node(np);
	struct resource *res;

	if (!pdev || index < 0)
		return -EINVAL;
	res = platform_get_resource(pdev, IORESOURCE_MEM, index);
	if (!res)
		return -EINVAL;
	*r = *res;
	return 0;
}

/* The @index-th register region mapped (ioremap()), or NULL. */
static inline void __iomem *of_iomap(struct device_node *np, int index)
{
	struct resource res;

	if (of_address_to_resource(np, index, &res))
		return NULL;
	return ioremap(res.start, resource_size(&res));
}

#endif
