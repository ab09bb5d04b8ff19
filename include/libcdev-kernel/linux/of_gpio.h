/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/of_gpio.h>: the legacy device-tree GPIO lookups,
 * global numbers from the PROP=CHIPLABEL:LINE,... properties of a node's
 * device (libcdev-gpio(7)), from libcdev's <libcdev/gpio.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_OF_GPIO_H
#define LIBCDEV_KERNEL_LINUX_OF_GPIO_H

#include <linux/gpio.h>
#include <linux/of.h>

static inline int of_gpio_count(const struct device_node *np)
{
	return of_gpio_named_count(np, "gpios");
}

static inline int of_get_gpio_flags(const struct device_node *np, int index,
				    enum of_gpio_flags *flags)
{
	return of_get_named_gpio_flags(np, "gpios", index, flags);
}

static inline int of_get_named_gpio(const struct device_node *np, const char *propname, int index)
{
	return of_get_named_gpio_flags(np, propname, index, NULL);
}

static inline int of_get_gpio(const struct device_node *np, int index)
{
	return of_get_gpio_flags(np, index, NULL);
}

#endif
