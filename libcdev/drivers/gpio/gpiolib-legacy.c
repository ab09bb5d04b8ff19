/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/gpio/gpiolib-legacy.c: the integer API of
 * <linux/gpio.h>, lines by their global number, over the descriptors.
 */
#include "core/core.h"
#include "drivers/gpio/gpiolib.h"

_public_ void gpio_free(unsigned int gpio)
{
	gpiod_free(gpio_to_desc(gpio));
}

/*
 * A valid number without a chip yet is -EPROBE_DEFER: the kernel assumes
 * its chip comes later. An invalid one is warned about by gpio_to_desc()
 * and, as in 6.1, "requested" with success: its NULL descriptor is the
 * optional line that every call accepts.
 */
_public_ int gpio_request(unsigned int gpio, const char *label)
{
	struct gpio_desc *desc = gpio_to_desc(gpio);

	if (!desc && gpio < ARCH_NR_GPIOS)
		return -EPROBE_DEFER;
	return gpiod_request(desc, label);
}

static void gpio_set_flag(struct gpio_desc *desc, int nr)
{
	__atomic_fetch_or(&desc->flags, 1UL << nr, __ATOMIC_RELAXED);
}

_public_ int gpio_request_one(unsigned int gpio, unsigned long flags, const char *label)
{
	struct gpio_desc *desc = gpio_to_desc(gpio);
	int err;

	if (!desc && gpio < ARCH_NR_GPIOS)
		return -EPROBE_DEFER;
	err = gpiod_request(desc, label);
	if (err || !desc)
		return err;
	if (flags & GPIOF_OPEN_DRAIN)
		gpio_set_flag(desc, FLAG_OPEN_DRAIN);
	if (flags & GPIOF_OPEN_SOURCE)
		gpio_set_flag(desc, FLAG_OPEN_SOURCE);
	if (flags & GPIOF_ACTIVE_LOW)
		gpio_set_flag(desc, FLAG_ACTIVE_LOW);
	if (flags & GPIOF_DIR_IN)
		err = gpiod_direction_input(desc);
	else
		err = gpiod_direction_output_raw(desc, !!(flags & GPIOF_INIT_HIGH));
	if (err)
		gpiod_free(desc);
	return err;
}

_public_ int gpio_request_array(const struct gpio *array, size_t num)
{
	size_t i;
	int err = 0;

	for (i = 0; i < num && !err; i++)
		err = gpio_request_one(array[i].gpio, array[i].flags, array[i].label);
	if (!err)
		return 0;
	/* Undo those before the one that failed. */
	for (i--; i-- > 0;)
		gpio_free(array[i].gpio);
	return err;
}

_public_ void gpio_free_array(const struct gpio *array, size_t num)
{
	while (num--)
		gpio_free((array++)->gpio);
}
