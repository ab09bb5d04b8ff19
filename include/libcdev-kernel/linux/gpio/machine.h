/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/gpio/machine.h>: the board's GPIO lookup tables,
 * which give a device (by its dev_name()) lines of chips by label (or of
 * any chip by line name), searched after the device's own CONID-gpios
 * properties (libcdev-gpio(7)). No hogs.
 */
#ifndef LIBCDEV_KERNEL_LINUX_GPIO_MACHINE_H
#define LIBCDEV_KERNEL_LINUX_GPIO_MACHINE_H

#include <linux/types.h>
#include <libcdev/gpio.h>

#define GPIO_LOOKUP(_key, _chip_hwnum, _con_id, _flags) \
	GPIO_LOOKUP_IDX(_key, _chip_hwnum, _con_id, 0, _flags)

#define GPIO_LOOKUP_IDX(_key, _chip_hwnum, _con_id, _idx, _flags)                       \
	(struct gpiod_lookup)                                                           \
	{                                                                               \
		.key = _key, .chip_hwnum = _chip_hwnum, .con_id = _con_id, .idx = _idx, \
		.flags = _flags,                                                        \
	}

#define GPIO_LOOKUP_SINGLE(_name, _dev_id, _key, _chip_hwnum, _con_id, _flags) \
	static struct gpiod_lookup_table _name = {                             \
		.dev_id = _dev_id,                                             \
		.table = {                                                     \
			GPIO_LOOKUP(_key, _chip_hwnum, _con_id, _flags),       \
			{},                                                    \
		},                                                             \
	}

static inline void gpiod_add_lookup_tables(struct gpiod_lookup_table **tables, size_t n)
{
	for (size_t i = 0; i < n; i++)
		gpiod_add_lookup_table(tables[i]);
}

#endif
