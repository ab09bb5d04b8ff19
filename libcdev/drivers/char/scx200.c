/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what arch/x86/platform/scx200/scx200_32.c gives the SCx200
 * drivers: the bases of the chip's GPIO and configuration blocks, which the
 * kernel reads from the chip's PCI bridge at boot. There is no PCI bus here,
 * so they stay 0 and the chip is absent (scx200_gpio_present() is false),
 * as on a machine without one. scx200_gpio_configure() is the chip's
 * indexed access to a pin's configuration, through whatever ports the base
 * names.
 */
#include <pthread.h>
#include <stdint.h>

#include "core/core.h"
#include <libcdev/io.h>

_public_ unsigned scx200_gpio_base;
_public_ unsigned long scx200_gpio_shadow[2];
_public_ unsigned scx200_cb_base;

/* The index and data ports are one pair for every caller. */
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;

_public_ uint32_t scx200_gpio_configure(unsigned int index, uint32_t mask, uint32_t bits)
{
	uint32_t old;

	pthread_mutex_lock(&config_lock);
	libcdev_port_write(scx200_gpio_base + 0x20, 4, index);
	old = libcdev_port_read(scx200_gpio_base + 0x24, 4);
	libcdev_port_write(scx200_gpio_base + 0x24, 4, (old & mask) | bits);
	pthread_mutex_unlock(&config_lock);
	return old;
}
