/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/regulator/consumer.h>: the supplies of a
 * described device (regulator=NAME:MICROVOLTS or NAME:MIN-MAX,
 * libcdev-platform(7)), from libcdev's <libcdev/clk.h>, with the kernel's
 * per-consumer enable counts and dummy supplies.
 */
#ifndef LIBCDEV_KERNEL_LINUX_REGULATOR_CONSUMER_H
#define LIBCDEV_KERNEL_LINUX_REGULATOR_CONSUMER_H

#include <linux/device.h>
#include <linux/err.h>
#include <libcdev/clk.h>

#endif
