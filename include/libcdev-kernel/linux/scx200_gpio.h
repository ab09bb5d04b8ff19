/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/scx200_gpio.h>: the SCx200's GPIO pins, in banks
 * of 32 at 0x10 ports apart from scx200_gpio_base: the output register at
 * +0 (written whole from the shadow copy of what is driven), the input
 * register at +4, and a pin's configuration through the index and data
 * ports at +0x20 and +0x24 (scx200_gpio_configure()). As <linux/scx200.h>
 * says, the chip is never found here (no PCI bus): scx200_gpio_base stays
 * 0, scx200_gpio_present() is false, and scx200_gpio's init fails -ENODEV
 * with its own message. A program may still point the base at a described
 * port region (io=START+0x2c) to drive the accessors.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCX200_GPIO_H
#define LIBCDEV_KERNEL_LINUX_SCX200_GPIO_H

#include <asm/io.h>
#include <linux/bitops.h>
#include <linux/types.h>
#include <libcdev/names.h>

struct nsc_gpio_ops;

/* The library's libcdev_scx200_gpio_* (names.h). */
extern unsigned scx200_gpio_base;
extern unsigned long scx200_gpio_shadow[2];
/* Defined by the scx200_gpio driver itself. */
extern struct nsc_gpio_ops scx200_gpio_ops;

/* scx200_gpio_configure() is the library's (<libcdev/io.h>). */
#define scx200_gpio_present() (scx200_gpio_base != 0)

static inline unsigned short __scx200_gpio_port(unsigned index)
{
	return (unsigned short)(scx200_gpio_base + 0x10 * (index >> 5));
}

/* The level on the pin, read from its bank's input register. */
static inline int scx200_gpio_get(unsigned index)
{
	return (inl(__scx200_gpio_port(index) + 0x04) >> (index & 31)) & 1;
}

/* The level the pin is driven to (when it is an output): the shadow's bit. */
static inline int scx200_gpio_current(unsigned index)
{
	return (scx200_gpio_shadow[index >> 5] >> (index & 31)) & 1;
}

/* The shadow written whole to the bank's output register, as the chip wants it. */
static inline void __scx200_gpio_out(unsigned index)
{
	outl((u32)scx200_gpio_shadow[index >> 5], __scx200_gpio_port(index));
}

static inline void scx200_gpio_set_high(unsigned index)
{
	set_bit(index & 31, &scx200_gpio_shadow[index >> 5]);
	__scx200_gpio_out(index);
}

static inline void scx200_gpio_set_low(unsigned index)
{
	clear_bit(index & 31, &scx200_gpio_shadow[index >> 5]);
	__scx200_gpio_out(index);
}

static inline void scx200_gpio_set(unsigned index, int state)
{
	if (state)
		scx200_gpio_set_high(index);
	else
		scx200_gpio_set_low(index);
}

static inline void scx200_gpio_change(unsigned index)
{
	change_bit(index & 31, &scx200_gpio_shadow[index >> 5]);
	__scx200_gpio_out(index);
}

#endif
