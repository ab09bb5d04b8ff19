/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/gpio/gpiolib-devres.c: the managed forms, whose lines
 * (and chips) go when the device's driver is unbound.
 */
#include <stdint.h>

#include "core/core.h"
#include "drivers/gpio/gpiolib.h"
#include <libcdev/err.h>
#include <libcdev/platform.h>

static void devm_gpiod_release(void *desc)
{
	gpiod_put(desc);
}

/* A line got for @dev is put at unbind; NULL (optional, absent) and errors pass through. */
static struct gpio_desc *devm_gpiod_keep(struct device *dev, struct gpio_desc *desc)
{
	int ret;

	if (IS_ERR_OR_NULL(desc))
		return desc;
	ret = devm_add_action_or_reset(dev, devm_gpiod_release, desc);
	return ret ? ERR_PTR(ret) : desc;
}

_public_ struct gpio_desc *devm_gpiod_get_index(struct device *dev, const char *con_id,
						unsigned int idx, enum gpiod_flags flags)
{
	return devm_gpiod_keep(dev, gpiod_get_index(dev, con_id, idx, flags));
}

_public_ struct gpio_desc *devm_gpiod_get(struct device *dev, const char *con_id,
					  enum gpiod_flags flags)
{
	return devm_gpiod_get_index(dev, con_id, 0, flags);
}

_public_ struct gpio_desc *devm_gpiod_get_index_optional(struct device *dev, const char *con_id,
							 unsigned int idx, enum gpiod_flags flags)
{
	return devm_gpiod_keep(dev, gpiod_get_index_optional(dev, con_id, idx, flags));
}

_public_ struct gpio_desc *devm_gpiod_get_optional(struct device *dev, const char *con_id,
						   enum gpiod_flags flags)
{
	return devm_gpiod_get_index_optional(dev, con_id, 0, flags);
}

_public_ void devm_gpiod_put(struct device *dev, struct gpio_desc *desc)
{
	devm_release_action(dev, devm_gpiod_release, desc);
}

static void devm_gpio_release(void *gpio)
{
	gpio_free((unsigned int)(uintptr_t)gpio);
}

_public_ int devm_gpio_request_one(struct device *dev, unsigned int gpio, unsigned long flags,
				   const char *label)
{
	int ret = gpio_request_one(gpio, flags, label);

	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, devm_gpio_release, (void *)(uintptr_t)gpio);
}

_public_ int devm_gpio_request(struct device *dev, unsigned int gpio, const char *label)
{
	int ret = gpio_request(gpio, label);

	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, devm_gpio_release, (void *)(uintptr_t)gpio);
}

static void devm_gpiochip_remove(void *gc)
{
	gpiochip_remove(gc);
}

_public_ int devm_gpiochip_add_data(struct device *dev, struct gpio_chip *gc, void *data)
{
	int ret = gpiochip_add_data(gc, data);

	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, devm_gpiochip_remove, gc);
}
