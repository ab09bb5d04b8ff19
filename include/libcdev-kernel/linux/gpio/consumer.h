/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/gpio/consumer.h>: GPIO lines as descriptors,
 * found through the consumer device's CONID-gpios=CHIPLABEL:LINE,...
 * property (libcdev-gpio(7)), from libcdev's <libcdev/gpio.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_GPIO_CONSUMER_H
#define LIBCDEV_KERNEL_LINUX_GPIO_CONSUMER_H

#include <linux/bits.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <libcdev/gpio.h>

struct device;

#endif
