/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/gpio/gpiolib-of.c: the legacy device-tree lookups of
 * <linux/of_gpio.h>, by global number, over the same properties the
 * descriptors are found by (PROP=CHIPLABEL:LINE,...) of the node's device.
 */
#include "core/core.h"
#include "drivers/gpio/gpiolib.h"
#include <libcdev/err.h>
#include <libcdev/platform.h>

_public_ int of_get_named_gpio_flags(const struct device_node *np, const char *propname, int index,
				     enum of_gpio_flags *flags)
{
	unsigned long lflags = 0;
	struct gpio_desc *desc;

	if (flags)
		*flags = 0;
	if (!np || !np->dev || !propname || index < 0)
		return -ENOENT;
	desc = gpio_prop_find(np->dev, propname, (unsigned int)index, &lflags);
	if (IS_ERR(desc))
		return (int)PTR_ERR(desc);
	if (flags)
		*flags =
			(lflags & GPIO_ACTIVE_LOW ? OF_GPIO_ACTIVE_LOW : 0) |
			(lflags & (GPIO_OPEN_DRAIN | GPIO_OPEN_SOURCE) ? OF_GPIO_SINGLE_ENDED : 0) |
			(lflags & GPIO_OPEN_DRAIN ? OF_GPIO_OPEN_DRAIN : 0);
	return desc_to_gpio(desc);
}

_public_ int of_gpio_named_count(const struct device_node *np, const char *propname)
{
	if (!np || !np->dev || !propname)
		return -ENOENT;
	return gpio_prop_count(np->dev, propname);
}
