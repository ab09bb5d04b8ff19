/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/mfd/syscon.h>: the register maps of system
 * controller nodes. A described node has no phandles and no node is a
 * system controller (libcdev-platform(7): a node is its own device's,
 * without parent, children or references), so every lookup finds none and
 * fails as the kernel's does when the device tree has no such node:
 * ERR_PTR(-ENODEV), the caller's own "not there" path.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MFD_SYSCON_H
#define LIBCDEV_KERNEL_LINUX_MFD_SYSCON_H

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/regmap.h>

static inline struct regmap *syscon_regmap_lookup_by_compatible(const char *s)
{
	(void)s;
	return ERR_PTR(-ENODEV);
}

static inline struct regmap *syscon_node_to_regmap(struct device_node *np)
{
	(void)np;
	return ERR_PTR(-ENODEV);
}

static inline struct regmap *device_node_to_regmap(struct device_node *np)
{
	return syscon_node_to_regmap(np);
}

static inline struct regmap *syscon_regmap_lookup_by_phandle(struct device_node *np,
							     const char *property)
{
	(void)np, (void)property;
	return ERR_PTR(-ENODEV);
}

static inline struct regmap *syscon_regmap_lookup_by_phandle_args(struct device_node *np,
								  const char *property,
								  int arg_count,
								  unsigned int *out_args)
{
	(void)np, (void)property, (void)arg_count, (void)out_args;
	return ERR_PTR(-ENODEV);
}

/* The optional form: NULL for a node that names none, as the kernel's. */
static inline struct regmap *syscon_regmap_lookup_by_phandle_optional(struct device_node *np,
								      const char *property)
{
	(void)np, (void)property;
	return NULL;
}

#endif
