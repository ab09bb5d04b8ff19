/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/gpio.h>: the legacy integer GPIO API, lines by
 * their global number (0 .. ARCH_NR_GPIOS - 1), over the descriptors of
 * libcdev's <libcdev/gpio.h>. Values here are raw: active-low is the
 * descriptor API's. As 6.1, irq_to_gpio() is always -EINVAL.
 */
#ifndef LIBCDEV_KERNEL_LINUX_GPIO_H
#define LIBCDEV_KERNEL_LINUX_GPIO_H

#include <linux/errno.h>
#include <linux/gpio/consumer.h>
#include <linux/gpio/driver.h>
#include <linux/kernel.h>
#include <linux/types.h>

static inline bool gpio_is_valid(int number)
{
	return number >= 0 && number < ARCH_NR_GPIOS;
}

static inline struct gpio_chip *gpio_to_chip(unsigned int gpio)
{
	return gpiod_to_chip(gpio_to_desc(gpio));
}

static inline int gpio_direction_input(unsigned int gpio)
{
	return gpiod_direction_input(gpio_to_desc(gpio));
}

static inline int gpio_direction_output(unsigned int gpio, int value)
{
	return gpiod_direction_output_raw(gpio_to_desc(gpio), value);
}

static inline int gpio_set_debounce(unsigned int gpio, unsigned int debounce)
{
	return gpiod_set_debounce(gpio_to_desc(gpio), debounce);
}

static inline int gpio_get_value_cansleep(unsigned int gpio)
{
	return gpiod_get_raw_value_cansleep(gpio_to_desc(gpio));
}

static inline void gpio_set_value_cansleep(unsigned int gpio, int value)
{
	gpiod_set_raw_value_cansleep(gpio_to_desc(gpio), value);
}

static inline int gpio_get_value(unsigned int gpio)
{
	return gpiod_get_raw_value(gpio_to_desc(gpio));
}

static inline void gpio_set_value(unsigned int gpio, int value)
{
	gpiod_set_raw_value(gpio_to_desc(gpio), value);
}

static inline int gpio_cansleep(unsigned int gpio)
{
	return gpiod_cansleep(gpio_to_desc(gpio));
}

static inline int gpio_to_irq(unsigned int gpio)
{
	return gpiod_to_irq(gpio_to_desc(gpio));
}

static inline int irq_to_gpio(unsigned int irq)
{
	(void)irq;
	return -EINVAL;
}

#endif
