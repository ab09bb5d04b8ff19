/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/gpio/gpiolib.c: consumers request lines as descriptors
 * and drive them through the chip's operations, with the kernel's flags
 * (active-low, open drain and source emulated by direction changes).
 *
 * One lock guards the chips and the lines' requests; the chips' operations
 * run without it (they may sleep). The chips' registration is in
 * gpiolib-chip.c, how a consumer finds its lines (its description's
 * properties, the board's lookup tables) in gpiolib-lookup.c.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/gpio/gpiolib.h"
#include <libcdev/err.h>
#include <libcdev/kcheck.h>
#include <libcdev/printk.h>

pthread_mutex_t gpio_lock = PTHREAD_MUTEX_INITIALIZER;
struct gpio_device *gpio_devices; /* by base, ascending */

#define might_sleep() __libcdev_might_sleep(__FILE__, __LINE__)

#define GPIO_WARN(fn, fmt, ...)                                                         \
	printk(KERN_WARNING "WARNING at drivers/gpio/gpiolib.c in %s(): " fmt "\n", fn, \
	       ##__VA_ARGS__)

/*
 * As the kernel's VALIDATE_DESC(): 1 for a line of a live chip; 0 for the
 * NULL line of an optional get, or a line whose chip is gone (warned);
 * -errno for an error pointer.
 */
static int validate_desc(const struct gpio_desc *desc, const char *func)
{
	if (!desc)
		return 0;
	if (IS_ERR(desc)) {
		printk(KERN_WARNING "%s: invalid GPIO (errorpointer)\n", func);
		return (int)PTR_ERR(desc);
	}
	if (!desc->gdev->chip) {
		printk(KERN_WARNING "gpio gpiochip (%s): %s: backing chip is gone\n",
		       desc->gdev->label, func);
		return 0;
	}
	return 1;
}

#define VALIDATE_DESC(desc)                                  \
	do {                                                 \
		int __valid = validate_desc(desc, __func__); \
		if (__valid <= 0)                            \
			return __valid;                      \
	} while (0)

#define VALIDATE_DESC_VOID(desc)                        \
	do {                                            \
		if (validate_desc(desc, __func__) <= 0) \
			return;                         \
	} while (0)

static int gpiod_request_commit(struct gpio_desc *desc, const char *label)
{
	struct gpio_chip *gc = desc->gdev->chip;
	char *copy = strdup(label ? label : "?");
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	pthread_mutex_lock(&gpio_lock);
	if (test_flag(desc, FLAG_REQUESTED)) {
		pthread_mutex_unlock(&gpio_lock);
		free(copy);
		return -EBUSY;
	}
	assign_flag(desc, FLAG_REQUESTED, true);
	desc->label = copy;
	desc->gdev->refs++;
	pthread_mutex_unlock(&gpio_lock);
	if (gc->request)
		ret = gc->request(gc, desc_offset(desc));
	if (ret) {
		pthread_mutex_lock(&gpio_lock);
		desc->label = NULL;
		assign_flag(desc, FLAG_REQUESTED, false);
		desc->gdev->refs--;
		pthread_mutex_unlock(&gpio_lock);
		free(copy);
		return ret;
	}
	if (gc->get_direction)
		gpiod_get_direction(desc);
	return 0;
}

int gpiod_request(struct gpio_desc *desc, const char *label)
{
	VALIDATE_DESC(desc);
	return gpiod_request_commit(desc, label);
}

void gpiod_free(struct gpio_desc *desc)
{
	struct gpio_chip *gc;
	char *label;

	if (!desc || IS_ERR(desc) || !test_flag(desc, FLAG_REQUESTED))
		return;
	gc = desc->gdev->chip;
	if (gc && gc->free)
		gc->free(gc, desc_offset(desc));
	pthread_mutex_lock(&gpio_lock);
	label = desc->label;
	desc->label = NULL;
	assign_flag(desc, FLAG_ACTIVE_LOW, false);
	assign_flag(desc, FLAG_OPEN_DRAIN, false);
	assign_flag(desc, FLAG_OPEN_SOURCE, false);
	assign_flag(desc, FLAG_REQUESTED, false);
	pthread_mutex_unlock(&gpio_lock);
	free(label);
	gpio_device_put(desc->gdev);
}

_public_ int gpiod_get_direction(struct gpio_desc *desc)
{
	struct gpio_chip *gc;
	int ret;

	VALIDATE_DESC(desc);
	gc = desc->gdev->chip;
	/* An emulated open drain line that lets go reads as an input: it is an output. */
	if (test_flag(desc, FLAG_OPEN_DRAIN) && test_flag(desc, FLAG_IS_OUT))
		return GPIO_LINE_DIRECTION_OUT;
	if (!gc->get_direction)
		return -ENOTSUPP;
	ret = gc->get_direction(gc, desc_offset(desc));
	if (ret < 0)
		return ret;
	if (ret > 0)
		ret = GPIO_LINE_DIRECTION_IN;
	assign_flag(desc, FLAG_IS_OUT, !ret);
	return ret;
}

static int gpio_set_config(struct gpio_desc *desc, unsigned long config)
{
	struct gpio_chip *gc = desc->gdev->chip;

	if (!gc->set_config)
		return -ENOTSUPP;
	return gc->set_config(gc, desc_offset(desc), config);
}

_public_ int gpiod_direction_input(struct gpio_desc *desc)
{
	struct gpio_chip *gc;
	int ret = 0;

	VALIDATE_DESC(desc);
	gc = desc->gdev->chip;
	if (!gc->get && gc->direction_input) {
		printk(KERN_WARNING
		       "gpiod_direction_input: missing get() but have direction_input()\n");
		return -EIO;
	}
	if (gc->direction_input) {
		ret = gc->direction_input(gc, desc_offset(desc));
	} else if (gc->get_direction && gc->get_direction(gc, desc_offset(desc)) != 1) {
		printk(KERN_WARNING
		       "gpiod_direction_input: missing direction_input() operation and line is output\n");
		return -EIO;
	}
	if (!ret)
		assign_flag(desc, FLAG_IS_OUT, false);
	return ret;
}

static int gpiod_direction_output_raw_commit(struct gpio_desc *desc, int value)
{
	struct gpio_chip *gc = desc->gdev->chip;
	unsigned int offset = desc_offset(desc);
	int ret = 0;

	if (!gc->set && !gc->direction_output) {
		printk(KERN_WARNING
		       "gpiod_direction_output_raw_commit: missing set() and direction_output() operations\n");
		return -EIO;
	}
	if (gc->direction_output) {
		ret = gc->direction_output(gc, offset, !!value);
	} else {
		if (gc->get_direction && gc->get_direction(gc, offset)) {
			printk(KERN_WARNING
			       "gpiod_direction_output_raw_commit: missing direction_output() operation\n");
			return -EIO;
		}
		gc->set(gc, offset, !!value);
	}
	if (!ret)
		assign_flag(desc, FLAG_IS_OUT, true);
	return ret;
}

_public_ int gpiod_direction_output_raw(struct gpio_desc *desc, int value)
{
	VALIDATE_DESC(desc);
	return gpiod_direction_output_raw_commit(desc, value);
}

_public_ int gpiod_direction_output(struct gpio_desc *desc, int value)
{
	int ret;

	VALIDATE_DESC(desc);
	value = test_flag(desc, FLAG_ACTIVE_LOW) ? !value : !!value;
	if (test_flag(desc, FLAG_OPEN_DRAIN)) {
		/* Without the chip's open drain, not driving the line is its high. */
		if (gpio_set_config(desc, PIN_CONFIG_DRIVE_OPEN_DRAIN) && value)
			goto emulate;
	} else if (test_flag(desc, FLAG_OPEN_SOURCE)) {
		if (gpio_set_config(desc, PIN_CONFIG_DRIVE_OPEN_SOURCE) && !value)
			goto emulate;
	} else {
		gpio_set_config(desc, PIN_CONFIG_DRIVE_PUSH_PULL);
	}
	return gpiod_direction_output_raw_commit(desc, value);

emulate:
	ret = gpiod_direction_input(desc);
	if (!ret)
		assign_flag(desc, FLAG_IS_OUT, true);
	return ret;
}

static int gpiod_get_raw_value_commit(const struct gpio_desc *desc)
{
	struct gpio_chip *gc = desc->gdev->chip;
	int value;

	if (!gc->get)
		return -EIO;
	value = gc->get(gc, desc_offset(desc));
	return value < 0 ? value : !!value;
}

static int gpiod_get_value_commit(const struct gpio_desc *desc, bool raw)
{
	int value = gpiod_get_raw_value_commit(desc);

	if (value < 0 || raw)
		return value;
	return test_flag(desc, FLAG_ACTIVE_LOW) ? !value : value;
}

_public_ int gpiod_get_raw_value(const struct gpio_desc *desc)
{
	VALIDATE_DESC(desc);
	if (desc->gdev->chip->can_sleep)
		GPIO_WARN("gpiod_get_raw_value", "desc->gdev->chip->can_sleep");
	return gpiod_get_value_commit(desc, true);
}

_public_ int gpiod_get_value(const struct gpio_desc *desc)
{
	VALIDATE_DESC(desc);
	if (desc->gdev->chip->can_sleep)
		GPIO_WARN("gpiod_get_value", "desc->gdev->chip->can_sleep");
	return gpiod_get_value_commit(desc, false);
}

_public_ int gpiod_get_raw_value_cansleep(const struct gpio_desc *desc)
{
	might_sleep();
	VALIDATE_DESC(desc);
	return gpiod_get_value_commit(desc, true);
}

_public_ int gpiod_get_value_cansleep(const struct gpio_desc *desc)
{
	might_sleep();
	VALIDATE_DESC(desc);
	return gpiod_get_value_commit(desc, false);
}

/* Open drain and source without the chip's help: the line is let go for its passive level. */
static void gpio_set_emulated(struct gpio_desc *desc, bool value, bool drain)
{
	struct gpio_chip *gc = desc->gdev->chip;
	unsigned int offset = desc_offset(desc);
	int ret;

	if (value == drain) {
		ret = gc->direction_input ? gc->direction_input(gc, offset) : -EIO;
	} else {
		ret = gc->direction_output ? gc->direction_output(gc, offset, value) : -EIO;
		if (!ret)
			assign_flag(desc, FLAG_IS_OUT, true);
	}
	if (ret < 0)
		printk(KERN_ERR "gpio-%d: Error in set_value for open %s err %d\n",
		       desc_to_gpio(desc), drain ? "drain" : "source", ret);
}

static void gpiod_set_value_commit(struct gpio_desc *desc, int value, bool raw)
{
	struct gpio_chip *gc = desc->gdev->chip;

	if (raw) {
		gc->set(gc, desc_offset(desc), !!value);
		return;
	}
	value = test_flag(desc, FLAG_ACTIVE_LOW) ? !value : !!value;
	if (test_flag(desc, FLAG_OPEN_DRAIN))
		gpio_set_emulated(desc, value, true);
	else if (test_flag(desc, FLAG_OPEN_SOURCE))
		gpio_set_emulated(desc, value, false);
	else if (gc->set)
		gc->set(gc, desc_offset(desc), value);
}

_public_ void gpiod_set_raw_value(struct gpio_desc *desc, int value)
{
	VALIDATE_DESC_VOID(desc);
	if (desc->gdev->chip->can_sleep)
		GPIO_WARN("gpiod_set_raw_value", "desc->gdev->chip->can_sleep");
	if (desc->gdev->chip->set)
		gpiod_set_value_commit(desc, value, true);
}

_public_ void gpiod_set_value(struct gpio_desc *desc, int value)
{
	VALIDATE_DESC_VOID(desc);
	if (desc->gdev->chip->can_sleep)
		GPIO_WARN("gpiod_set_value", "desc->gdev->chip->can_sleep");
	gpiod_set_value_commit(desc, value, false);
}

_public_ void gpiod_set_raw_value_cansleep(struct gpio_desc *desc, int value)
{
	might_sleep();
	VALIDATE_DESC_VOID(desc);
	if (desc->gdev->chip->set)
		gpiod_set_value_commit(desc, value, true);
}

_public_ void gpiod_set_value_cansleep(struct gpio_desc *desc, int value)
{
	might_sleep();
	VALIDATE_DESC_VOID(desc);
	gpiod_set_value_commit(desc, value, false);
}

_public_ int gpiod_cansleep(const struct gpio_desc *desc)
{
	VALIDATE_DESC(desc);
	return desc->gdev->chip->can_sleep;
}

_public_ int gpiod_set_config(struct gpio_desc *desc, unsigned long config)
{
	VALIDATE_DESC(desc);
	return gpio_set_config(desc, config);
}

_public_ int gpiod_set_debounce(struct gpio_desc *desc, unsigned int debounce)
{
	return gpiod_set_config(desc, ((unsigned long)debounce << 8) | PIN_CONFIG_INPUT_DEBOUNCE);
}

_public_ int gpiod_is_active_low(const struct gpio_desc *desc)
{
	VALIDATE_DESC(desc);
	return test_flag(desc, FLAG_ACTIVE_LOW);
}

_public_ void gpiod_toggle_active_low(struct gpio_desc *desc)
{
	VALIDATE_DESC_VOID(desc);
	assign_flag(desc, FLAG_ACTIVE_LOW, !test_flag(desc, FLAG_ACTIVE_LOW));
}

_public_ int gpiod_set_consumer_name(struct gpio_desc *desc, const char *name)
{
	char *copy = NULL, *old;

	VALIDATE_DESC(desc);
	if (name && !(copy = strdup(name)))
		return -ENOMEM;
	pthread_mutex_lock(&gpio_lock);
	old = desc->label;
	desc->label = copy;
	pthread_mutex_unlock(&gpio_lock);
	free(old);
	return 0;
}

/* Not VALIDATE_DESC(): a caller takes 0 for an IRQ, so every failure is an error. */
_public_ int gpiod_to_irq(const struct gpio_desc *desc)
{
	struct gpio_chip *gc;
	int irq;

	if (!desc || IS_ERR(desc) || !desc->gdev->chip)
		return -EINVAL;
	gc = desc->gdev->chip;
	if (!gc->to_irq)
		return -ENXIO;
	irq = gc->to_irq(gc, desc_offset(desc));
	return irq ? irq : -ENXIO;
}
