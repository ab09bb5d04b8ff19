/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the GPIO core (gpiolib.c), its legacy and device-tree
 * forms (gpiolib-legacy.c, gpiolib-of.c) and the simulator (gpio-sim.c)
 * share, as drivers/gpio/gpiolib.h does.
 *
 * Included by: the files of libcdev/drivers/gpio/ only.
 */
#ifndef LIBCDEV_DRIVERS_GPIO_GPIOLIB_H
#define LIBCDEV_DRIVERS_GPIO_GPIOLIB_H

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>

#include <libcdev/gpio.h>

/* The kernel's own codes, which <errno.h> lacks. */
#ifndef EPROBE_DEFER
#define EPROBE_DEFER 517
#endif
#ifndef ENOTSUPP
#define ENOTSUPP 524
#endif

/* The state of a registered chip; it outlives the chip while lines are requested. */
struct gpio_device {
	struct gpio_device *next; /* by base, ascending */
	struct gpio_chip *chip;	  /* NULL once removed */
	struct gpio_desc *descs;
	void *data;
	char *label;
	int base;
	unsigned int ngpio;
	unsigned int refs; /* the registration, and each requested line */
};

enum {
	FLAG_REQUESTED,
	FLAG_IS_OUT,
	FLAG_ACTIVE_LOW,
	FLAG_OPEN_DRAIN,
	FLAG_OPEN_SOURCE,
};

struct gpio_desc {
	struct gpio_device *gdev;
	unsigned long flags; /* FLAG_* bits, changed atomically */
	char *label;	     /* the consumer's, while requested */
	const char *name;    /* the line's, from the chip's names */
};

/* The chips and the lines' requests: one lock (gpiolib.c). */
extern pthread_mutex_t gpio_lock;
extern struct gpio_device *gpio_devices; /* by base, ascending */

static inline bool test_flag(const struct gpio_desc *desc, int nr)
{
	return __atomic_load_n(&desc->flags, __ATOMIC_RELAXED) & (1UL << nr);
}

static inline void assign_flag(struct gpio_desc *desc, int nr, bool on)
{
	if (on)
		__atomic_fetch_or(&desc->flags, 1UL << nr, __ATOMIC_RELAXED);
	else
		__atomic_fetch_and(&desc->flags, ~(1UL << nr), __ATOMIC_RELAXED);
}

static inline unsigned int desc_offset(const struct gpio_desc *desc)
{
	return (unsigned int)(desc - desc->gdev->descs);
}

/* The chip registered under @label (the first, if several), or NULL. */
struct gpio_device *gpio_device_find_label(const char *label);

/* Request and free a line for @label: the core of every get and request. */
int gpiod_request(struct gpio_desc *desc, const char *label);
void gpiod_free(struct gpio_desc *desc);

/* Take or release a reference to the chip of a request (gpiolib.c). */
void gpio_device_put(struct gpio_device *gdev);

/*
 * The lines of @dev's property @propname, as CHIPLABEL:LINE[:FLAG...]
 * entries; the found one's flags (enum gpio_lookup_flags) in *@lflags.
 */
int gpio_prop_count(struct device *dev, const char *propname);
struct gpio_desc *gpio_prop_find(struct device *dev, const char *propname, unsigned int idx,
				 unsigned long *lflags);

/*
 * Described chips (gpio-sim.c): base= and can-sleep=, 0 or -EINVAL, 1 for
 * another word; a chip backed by the host's /dev/gpiochipN from the words
 * of @line (gpio-hostchip.c), and their removal; both under gpio-sim.c's lock.
 */
int gpio_describe_common(const char *line, const char *w, struct gpio_chip *gc);
int gpio_hostchip_describe(const char *line, char *const *words, unsigned int n);
void gpio_hostchip_forget_all(void);

#endif
