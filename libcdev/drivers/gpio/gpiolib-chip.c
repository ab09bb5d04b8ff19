/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/gpio/gpiolib.c, its chip half: a chip's registration
 * (its lines' place in the global number space, a dynamic base found from
 * the top down as 6.1 does), its removal (its state outlives it while lines
 * are requested), and the numbers and descriptors of its lines.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/gpio/gpiolib.h"
#include <libcdev/err.h>
#include <libcdev/printk.h>

/* Under gpio_lock: a base for @ngpio lines, the highest free range below ARCH_NR_GPIOS. */
static int gpiochip_find_base(unsigned int ngpio)
{
	int base = ARCH_NR_GPIOS - (int)ngpio;

	/* Below the lowest chip the range meets, until it meets none. */
	while (base >= 0) {
		struct gpio_device *g, *low = NULL;

		for (g = gpio_devices; g; g = g->next)
			if (g->base < base + (int)ngpio && base < g->base + (int)g->ngpio &&
			    (!low || g->base < low->base))
				low = g;
		if (!low)
			return base;
		base = low->base - (int)ngpio;
	}
	printk(KERN_ERR "gpiochip_find_base: cannot find free range\n");
	return -ENOSPC;
}

/* Under gpio_lock: @gdev into the list by base, unless its range overlaps one there. */
static int gpiodev_add_to_list(struct gpio_device *gdev)
{
	struct gpio_device **pp;

	for (pp = &gpio_devices; *pp; pp = &(*pp)->next) {
		struct gpio_device *g = *pp;

		if (g->base < gdev->base + (int)gdev->ngpio && gdev->base < g->base + (int)g->ngpio)
			return -EBUSY;
	}
	for (pp = &gpio_devices; *pp && (*pp)->base < gdev->base; pp = &(*pp)->next)
		;
	gdev->next = *pp;
	*pp = gdev;
	return 0;
}

static void gpio_device_free(struct gpio_device *gdev)
{
	free(gdev->label);
	free(gdev->descs);
	free(gdev);
}

void gpio_device_put(struct gpio_device *gdev)
{
	bool last;

	pthread_mutex_lock(&gpio_lock);
	last = --gdev->refs == 0;
	pthread_mutex_unlock(&gpio_lock);
	if (last)
		gpio_device_free(gdev);
}

static struct gpio_device *gpio_device_alloc(struct gpio_chip *gc, void *data)
{
	struct gpio_device *gdev = calloc(1, sizeof(*gdev));

	if (!gdev)
		return NULL;
	gdev->descs = calloc(gc->ngpio, sizeof(*gdev->descs));
	gdev->label = strdup(gc->label ? gc->label : "unknown");
	if (!gdev->descs || !gdev->label) {
		gpio_device_free(gdev);
		return NULL;
	}
	gdev->chip = gc;
	gdev->data = data;
	gdev->ngpio = gc->ngpio;
	gdev->refs = 1;
	for (unsigned int i = 0; i < gc->ngpio; i++) {
		gdev->descs[i].gdev = gdev;
		gdev->descs[i].name = gc->names ? gc->names[i] : NULL;
	}
	return gdev;
}

/* Each line starts with the direction the chip reports, output if it cannot be an input. */
static void gpiochip_init_directions(struct gpio_chip *gc, struct gpio_device *gdev)
{
	for (unsigned int i = 0; i < gc->ngpio; i++) {
		bool out = gc->get_direction ? !gc->get_direction(gc, i) : !gc->direction_input;

		assign_flag(&gdev->descs[i], FLAG_IS_OUT, out);
	}
}

_public_ int gpiochip_add_data(struct gpio_chip *gc, void *data)
{
	struct gpio_device *gdev;
	int base, ret;

	if (!gc)
		return -EINVAL;
	if (gc->ngpio == 0) {
		printk(KERN_ERR "gpio gpiochip (%s): tried to insert a GPIO chip with zero lines\n",
		       gc->label ? gc->label : "unknown");
		return -EINVAL;
	}
	gdev = gpio_device_alloc(gc, data);
	if (!gdev)
		return -ENOMEM;
	pthread_mutex_lock(&gpio_lock);
	base = gc->base < 0 ? gpiochip_find_base(gc->ngpio) : gc->base;
	ret = base < 0 ? base : 0;
	if (!ret) {
		gdev->base = base;
		ret = gpiodev_add_to_list(gdev);
		if (ret)
			printk(KERN_ERR
			       "gpio gpiochip (%s): GPIO integer space overlap, cannot add chip\n",
			       gdev->label);
	}
	if (!ret) {
		gc->base = base;
		gc->gpiodev = gdev;
	}
	pthread_mutex_unlock(&gpio_lock);
	if (ret) {
		printk(KERN_ERR
		       "gpiochip_add_data_with_key: GPIOs %d..%d (%s) failed to register, %d\n",
		       base < 0 ? 0 : base, (base < 0 ? 0 : base) + gc->ngpio - 1, gdev->label,
		       ret);
		gpio_device_free(gdev);
		return ret;
	}
	gpiochip_init_directions(gc, gdev);
	return 0;
}

_public_ void gpiochip_remove(struct gpio_chip *gc)
{
	struct gpio_device *gdev, **pp;
	bool requested = false;

	if (!gc || !gc->gpiodev)
		return;
	gdev = gc->gpiodev;
	pthread_mutex_lock(&gpio_lock);
	for (pp = &gpio_devices; *pp && *pp != gdev; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = gdev->next;
	/* Numb it: calls on its requested lines fail from now on. */
	gdev->chip = NULL;
	gdev->data = NULL;
	/* The names were the chip's. */
	for (unsigned int i = 0; i < gdev->ngpio; i++)
		gdev->descs[i].name = NULL;
	for (unsigned int i = 0; i < gdev->ngpio; i++)
		requested |= test_flag(&gdev->descs[i], FLAG_REQUESTED);
	pthread_mutex_unlock(&gpio_lock);
	gc->gpiodev = NULL;
	if (requested)
		printk(KERN_CRIT
		       "gpio gpiochip (%s): REMOVING GPIOCHIP WITH GPIOS STILL REQUESTED\n",
		       gdev->label);
	gpio_device_put(gdev);
}

_public_ void *gpiochip_get_data(struct gpio_chip *gc)
{
	return gc && gc->gpiodev ? gc->gpiodev->data : NULL;
}

_public_ bool gpiochip_line_is_valid(const struct gpio_chip *gc, unsigned int offset)
{
	return gc && offset < gc->ngpio;
}

_public_ const char *gpiochip_is_requested(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_desc *desc;

	if (!gc || !gc->gpiodev || offset >= gc->ngpio)
		return NULL;
	desc = &gc->gpiodev->descs[offset];
	if (!test_flag(desc, FLAG_REQUESTED))
		return NULL;
	return desc->label;
}

struct gpio_device *gpio_device_find_label(const char *label)
{
	struct gpio_device *g;

	pthread_mutex_lock(&gpio_lock);
	for (g = gpio_devices; g; g = g->next)
		if (!strcmp(g->label, label))
			break;
	pthread_mutex_unlock(&gpio_lock);
	return g;
}

_public_ struct gpio_desc *gpio_to_desc(unsigned int gpio)
{
	struct gpio_device *g;

	pthread_mutex_lock(&gpio_lock);
	for (g = gpio_devices; g; g = g->next)
		if (g->base <= (int)gpio && gpio < (unsigned int)g->base + g->ngpio)
			break;
	pthread_mutex_unlock(&gpio_lock);
	if (g)
		return &g->descs[gpio - (unsigned int)g->base];
	if (gpio >= ARCH_NR_GPIOS)
		printk(KERN_WARNING "invalid GPIO %d\n", (int)gpio);
	return NULL;
}

_public_ int desc_to_gpio(const struct gpio_desc *desc)
{
	return desc->gdev->base + (int)desc_offset(desc);
}

_public_ struct gpio_chip *gpiod_to_chip(const struct gpio_desc *desc)
{
	if (IS_ERR_OR_NULL(desc) || !desc->gdev)
		return NULL;
	return desc->gdev->chip;
}
