/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/gpio/gpiolib.c: chips register their lines in the
 * global number space (0 .. ARCH_NR_GPIOS - 1, a dynamic base found from
 * the top down, as 6.1 does), consumers request lines as descriptors and
 * drive them through the chip's operations, with the kernel's flags
 * (active-low, open drain and source emulated by direction changes).
 *
 * One lock guards the chips and the lines' requests; the chips' operations
 * run without it (they may sleep). A removed chip's state lives on, numb,
 * until its last requested line is freed, as the kernel keeps its
 * gpio_device.
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

static pthread_mutex_t gpio_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gpio_device *gpio_devices; /* by base, ascending */

#define might_sleep() __libcdev_might_sleep(__FILE__, __LINE__)

#define GPIO_WARN(fn, fmt, ...)                                                         \
	printk(KERN_WARNING "WARNING at drivers/gpio/gpiolib.c in %s(): " fmt "\n", fn, \
	       ##__VA_ARGS__)

static bool test_flag(const struct gpio_desc *desc, int nr)
{
	return __atomic_load_n(&desc->flags, __ATOMIC_RELAXED) & (1UL << nr);
}

static void assign_flag(struct gpio_desc *desc, int nr, bool on)
{
	if (on)
		__atomic_fetch_or(&desc->flags, 1UL << nr, __ATOMIC_RELAXED);
	else
		__atomic_fetch_and(&desc->flags, ~(1UL << nr), __ATOMIC_RELAXED);
}

static unsigned int desc_offset(const struct gpio_desc *desc)
{
	return (unsigned int)(desc - desc->gdev->descs);
}

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

/*
 * Entry @idx of @dev's property @propname: its words' comma-separated
 * lists, one after the other. Return: the entry's length, -ENOENT.
 */
static int gpio_prop_entry(struct device *dev, const char *propname, unsigned int idx,
			   const char **entry)
{
	const char *v;

	for (unsigned int n = 0; (v = device_prop_nth(dev, propname, n)); n++) {
		for (;;) {
			size_t len = strcspn(v, ",");

			if (idx-- == 0) {
				*entry = v;
				return (int)len;
			}
			if (!v[len])
				break;
			v += len + 1;
		}
	}
	return -ENOENT;
}

int gpio_prop_count(struct device *dev, const char *propname)
{
	const char *entry;
	unsigned int n = 0;

	while (gpio_prop_entry(dev, propname, n, &entry) >= 0)
		n++;
	return n ? (int)n : -ENOENT;
}

static int gpio_prop_bad(struct device *dev, const char *propname, int len, const char *entry)
{
	printk(KERN_ERR
	       "gpio: %s: %s: '%.*s' is not CHIPLABEL:LINE[:active-low|open-drain|open-source]\n",
	       dev_name(dev) ? dev_name(dev) : "?", propname, len, entry);
	return -EINVAL;
}

/* The flags of ":FLAG:FLAG" at @s (up to @end), or -1. */
static long gpio_prop_flags(const char *s, const char *end)
{
	static const char *const names[] = { "active-low", "open-drain", "open-source" };
	long flags = 0;

	while (s < end) {
		const char *next = memchr(s + 1, ':', (size_t)(end - s - 1));
		size_t len = next ? (size_t)(next - s - 1) : (size_t)(end - s - 1);
		unsigned int i;

		if (*s != ':')
			return -1;
		for (i = 0; i < 3; i++)
			if (strlen(names[i]) == len && !strncmp(s + 1, names[i], len))
				break;
		if (i == 3)
			return -1;
		flags |= 1L << i;
		s += 1 + len;
	}
	return flags;
}

/* Under gpio_lock: the chip labelled @label (@len characters), or NULL. */
static struct gpio_device *gpio_find_label_locked(const char *label, size_t len)
{
	struct gpio_device *g;

	for (g = gpio_devices; g; g = g->next)
		if (strlen(g->label) == len && !strncmp(g->label, label, len))
			break;
	return g;
}

/* Line @offset of the chip labelled @label, for @dev's line @idx; the kernel's messages. */
static struct gpio_desc *gpio_chip_line(struct device *dev, unsigned int idx, const char *label,
					size_t len, unsigned long offset)
{
	const char *name = dev_name(dev) ? dev_name(dev) : "?";
	struct gpio_desc *desc = ERR_PTR(-EPROBE_DEFER);
	struct gpio_device *g;
	unsigned int ngpio = 0;

	pthread_mutex_lock(&gpio_lock);
	g = gpio_find_label_locked(label, len);
	if (g && offset < g->ngpio)
		desc = &g->descs[offset];
	else if (g)
		ngpio = g->ngpio;
	pthread_mutex_unlock(&gpio_lock);
	if (!g) {
		printk(KERN_WARNING "%s: cannot find GPIO chip %.*s, deferring\n", name, (int)len,
		       label);
	} else if (IS_ERR(desc)) {
		printk(KERN_ERR
		       "%s: requested GPIO %u (%lu) is out of range [0..%u] for chip %.*s\n",
		       name, idx, offset, ngpio - 1, (int)len, label);
		desc = ERR_PTR(-EINVAL);
	}
	return desc;
}

/* The line named @name of any chip, or NULL. */
static struct gpio_desc *gpio_name_to_desc(const char *name)
{
	struct gpio_desc *desc = NULL;

	pthread_mutex_lock(&gpio_lock);
	for (struct gpio_device *g = gpio_devices; g && !desc; g = g->next)
		for (unsigned int i = 0; i < g->ngpio && !desc; i++)
			if (g->descs[i].name && !strcmp(g->descs[i].name, name))
				desc = &g->descs[i];
	pthread_mutex_unlock(&gpio_lock);
	return desc;
}

struct gpio_desc *gpio_prop_find(struct device *dev, const char *propname, unsigned int idx,
				 unsigned long *lflags)
{
	const char *entry, *colon, *end;
	struct gpio_desc *desc;
	unsigned long offset;
	char *num_end;
	long flags;
	int len = gpio_prop_entry(dev, propname, idx, &entry);

	if (len < 0)
		return ERR_PTR(len);
	end = entry + len;
	colon = memchr(entry, ':', (size_t)len);
	if (!colon || colon == entry || colon + 1 == end || colon[1] == '-')
		return ERR_PTR(gpio_prop_bad(dev, propname, len, entry));
	offset = strtoul(colon + 1, &num_end, 0);
	flags = num_end > end ? -1 : gpio_prop_flags(num_end, end);
	if (num_end == colon + 1 || flags < 0)
		return ERR_PTR(gpio_prop_bad(dev, propname, len, entry));
	desc = gpio_chip_line(dev, idx, entry, (size_t)(colon - entry), offset);
	*lflags = (unsigned long)flags;
	return desc;
}

/* The board's tables (linux/gpio/machine.h), newest first. */
static struct gpiod_lookup_table *gpio_tables;

_public_ void gpiod_add_lookup_table(struct gpiod_lookup_table *table)
{
	if (!table)
		return;
	pthread_mutex_lock(&gpio_lock);
	table->list.next = gpio_tables;
	gpio_tables = table;
	pthread_mutex_unlock(&gpio_lock);
}

_public_ void gpiod_remove_lookup_table(struct gpiod_lookup_table *table)
{
	struct gpiod_lookup_table **pp;

	if (!table)
		return;
	pthread_mutex_lock(&gpio_lock);
	for (pp = &gpio_tables; *pp && *pp != table;
	     pp = (struct gpiod_lookup_table **)&(*pp)->list.next)
		;
	if (*pp)
		*pp = table->list.next;
	pthread_mutex_unlock(&gpio_lock);
}

/* The table of @dev: its dev_id is the device's name (NULL only for no device). */
static struct gpiod_lookup_table *gpiod_find_lookup_table(struct device *dev)
{
	const char *dev_id = dev ? dev_name(dev) : NULL;
	struct gpiod_lookup_table *t;

	pthread_mutex_lock(&gpio_lock);
	for (t = gpio_tables; t; t = t->list.next)
		if (t->dev_id && dev_id ? !strcmp(t->dev_id, dev_id) : t->dev_id == dev_id)
			break;
	pthread_mutex_unlock(&gpio_lock);
	return t;
}

static bool gpiod_lookup_matches(const struct gpiod_lookup *p, const char *con_id)
{
	return !p->con_id || (con_id && !strcmp(p->con_id, con_id));
}

static struct gpio_desc *gpiod_find_table(struct device *dev, const char *con_id, unsigned int idx,
					  unsigned long *lflags)
{
	struct gpiod_lookup_table *table = gpiod_find_lookup_table(dev);
	struct gpio_desc *desc;

	for (const struct gpiod_lookup *p = table ? table->table : NULL; p && p->key; p++) {
		if (p->idx != idx || !gpiod_lookup_matches(p, con_id))
			continue;
		*lflags = p->flags;
		if (p->chip_hwnum != 0xffff)
			return gpio_chip_line(dev, idx, p->key, strlen(p->key), p->chip_hwnum);
		desc = gpio_name_to_desc(p->key);
		if (desc)
			return desc;
		printk(KERN_WARNING "%s: cannot find GPIO line %s, deferring\n",
		       dev && dev_name(dev) ? dev_name(dev) : "?", p->key);
		return ERR_PTR(-EPROBE_DEFER);
	}
	return ERR_PTR(-ENOENT);
}

static int gpiod_count_table(struct device *dev, const char *con_id)
{
	struct gpiod_lookup_table *table = gpiod_find_lookup_table(dev);
	int n = 0;

	for (const struct gpiod_lookup *p = table ? table->table : NULL; p && p->key; p++)
		if ((con_id && p->con_id && !strcmp(con_id, p->con_id)) || (!con_id && !p->con_id))
			n++;
	return n ? n : -ENOENT;
}

/*
 * The device's properties, "CON_ID-gpios" then the older "CON_ID-gpio", as
 * the kernel tries both suffixes; then the board's lookup tables.
 */
static struct gpio_desc *gpiod_find(struct device *dev, const char *con_id, unsigned int idx,
				    unsigned long *lflags)
{
	static const char *const suffixes[] = { "gpios", "gpio" };
	struct gpio_desc *desc = ERR_PTR(-ENOENT);
	char prop[64];

	for (unsigned int i = 0; dev && i < 2 && desc == ERR_PTR(-ENOENT); i++) {
		if (con_id)
			snprintf(prop, sizeof(prop), "%s-%s", con_id, suffixes[i]);
		else
			snprintf(prop, sizeof(prop), "%s", suffixes[i]);
		desc = gpio_prop_find(dev, prop, idx, lflags);
	}
	if (desc == ERR_PTR(-ENOENT))
		desc = gpiod_find_table(dev, con_id, idx, lflags);
	return desc;
}

_public_ int gpiod_count(struct device *dev, const char *con_id)
{
	static const char *const suffixes[] = { "gpios", "gpio" };
	char prop[64];
	int n = -ENOENT;

	for (unsigned int i = 0; dev && i < 2 && n < 0; i++) {
		if (con_id)
			snprintf(prop, sizeof(prop), "%s-%s", con_id, suffixes[i]);
		else
			snprintf(prop, sizeof(prop), "%s", suffixes[i]);
		n = gpio_prop_count(dev, prop);
	}
	return n < 0 ? gpiod_count_table(dev, con_id) : n;
}

static int gpiod_configure_flags(struct gpio_desc *desc, unsigned long lflags,
				 enum gpiod_flags dflags)
{
	assign_flag(desc, FLAG_ACTIVE_LOW, lflags & GPIO_ACTIVE_LOW);
	if (lflags & GPIO_OPEN_DRAIN) {
		assign_flag(desc, FLAG_OPEN_DRAIN, true);
	} else if (dflags & GPIOD_FLAGS_BIT_OPEN_DRAIN) {
		assign_flag(desc, FLAG_OPEN_DRAIN, true);
		printk(KERN_WARNING
		       "gpio-%d (%s): enforced open drain please flag it properly in DT/ACPI DSDT/board file\n",
		       desc_to_gpio(desc), desc->label);
	}
	assign_flag(desc, FLAG_OPEN_SOURCE, lflags & GPIO_OPEN_SOURCE);
	if (!(dflags & GPIOD_FLAGS_BIT_DIR_SET))
		return 0;
	if (dflags & GPIOD_FLAGS_BIT_DIR_OUT)
		return gpiod_direction_output(desc, !!(dflags & GPIOD_FLAGS_BIT_DIR_VAL));
	return gpiod_direction_input(desc);
}

_public_ struct gpio_desc *gpiod_get_index(struct device *dev, const char *con_id, unsigned int idx,
					   enum gpiod_flags flags)
{
	unsigned long lflags = 0;
	struct gpio_desc *desc;
	int ret;

	desc = gpiod_find(dev, con_id, idx, &lflags);
	if (IS_ERR(desc))
		return desc;
	ret = gpiod_request(desc, con_id ? con_id : dev ? dev_name(dev) : "?");
	if (ret == -EBUSY && (flags & GPIOD_FLAGS_BIT_NONEXCLUSIVE)) {
		printk(KERN_INFO "%s: nonexclusive access to GPIO for %s\n",
		       dev ? dev_name(dev) : "?", con_id ? con_id : "?");
		return desc;
	}
	if (ret)
		return ERR_PTR(ret);
	ret = gpiod_configure_flags(desc, lflags, flags);
	if (ret < 0) {
		gpiod_put(desc);
		return ERR_PTR(ret);
	}
	return desc;
}

_public_ struct gpio_desc *gpiod_get(struct device *dev, const char *con_id, enum gpiod_flags flags)
{
	return gpiod_get_index(dev, con_id, 0, flags);
}

_public_ struct gpio_desc *gpiod_get_index_optional(struct device *dev, const char *con_id,
						    unsigned int idx, enum gpiod_flags flags)
{
	struct gpio_desc *desc = gpiod_get_index(dev, con_id, idx, flags);

	return desc == ERR_PTR(-ENOENT) ? NULL : desc;
}

_public_ struct gpio_desc *gpiod_get_optional(struct device *dev, const char *con_id,
					      enum gpiod_flags flags)
{
	return gpiod_get_index_optional(dev, con_id, 0, flags);
}

_public_ void gpiod_put(struct gpio_desc *desc)
{
	if (desc)
		gpiod_free(desc);
}
