/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/gpio/driver.h>: GPIO chips a driver provides
 * (struct gpio_chip), from libcdev's <libcdev/gpio.h>, and the packed pin
 * configurations their ->set_config() takes
 * (<linux/pinctrl/pinconf-generic.h>).
 */
#ifndef LIBCDEV_KERNEL_LINUX_GPIO_DRIVER_H
#define LIBCDEV_KERNEL_LINUX_GPIO_DRIVER_H

#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <libcdev/gpio.h>

#define PIN_CONF_PACKED(p, a) (((a) << 8) | (0xffUL & (unsigned long)(p)))

static inline enum pin_config_param pinconf_to_config_param(unsigned long config)
{
	return (enum pin_config_param)(config & 0xffUL);
}

static inline u32 pinconf_to_config_argument(unsigned long config)
{
	return (u32)((config >> 8) & 0xffffffUL);
}

static inline unsigned long pinconf_to_config_packed(enum pin_config_param param, u32 argument)
{
	return PIN_CONF_PACKED(param, argument);
}

static inline int gpiochip_add(struct gpio_chip *gc)
{
	return gpiochip_add_data(gc, NULL);
}

#endif
