/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/of_platform.h>: the platform devices of device-tree
 * nodes. A described device's node has no children, so populating it makes
 * no device and succeeds, as the kernel's does for a leaf node.
 */
#ifndef LIBCDEV_KERNEL_LINUX_OF_PLATFORM_H
#define LIBCDEV_KERNEL_LINUX_OF_PLATFORM_H

#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>

struct of_dev_auxdata;

static inline int of_platform_populate(struct device_node *root, const struct of_device_id *matches,
				       const struct of_dev_auxdata *lookup, struct device *parent)
{
	(void)root, (void)matches, (void)lookup, (void)parent;
	return 0;
}

static inline int of_platform_default_populate(struct device_node *root,
					       const struct of_dev_auxdata *lookup,
					       struct device *parent)
{
	return of_platform_populate(root, NULL, lookup, parent);
}

static inline void of_platform_depopulate(struct device *parent)
{
	(void)parent;
}

static inline int devm_of_platform_populate(struct device *dev)
{
	(void)dev;
	return 0;
}

/*
 * The platform device of @np. Described devices live until they are
 * forgotten, after every module's exit: no reference is counted.
 */
static inline struct platform_device *of_find_device_by_node(struct device_node *np)
{
	return np && np->dev ? to_platform_device(np->dev) : NULL;
}

#endif
