/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - GPIO lines (include/linux/gpio/driver.h, consumer.h, gpio.h):
 * chips a driver provides (struct gpio_chip) or that are described from
 * outside ("gpio:LABEL lines=N ...", simulated), their lines taken by
 * consumers as descriptors found through the consumer device's properties
 * ("CONID-gpios=LABEL:LINE[:active-low],..."), or by their global number
 * with the legacy API. libcdev-gpio(7) has the syntax and the IRQ numbers.
 *
 * Not in <libcdev/libcdev.h>; drivers include <linux/gpio/consumer.h>,
 * <linux/gpio/driver.h> or <linux/gpio.h>.
 */
#ifndef LIBCDEV_GPIO_H
#define LIBCDEV_GPIO_H

#include <stdbool.h>
#include <stddef.h>

#include <libcdev/device.h>
#include <libcdev/module.h>
#include <libcdev/names.h>

/* The global GPIO numbers are 0 .. ARCH_NR_GPIOS - 1, as the kernel 6.1 has them. */
#define ARCH_NR_GPIOS 512

/*
 * The IRQ of the simulated line of global number N is LIBCDEV_GPIO_IRQ_BASE + N:
 * above the lines a description may give (1 to 1023), so the two never meet.
 */
#define LIBCDEV_GPIO_IRQ_BASE 1024

#define GPIO_LINE_DIRECTION_IN	1
#define GPIO_LINE_DIRECTION_OUT 0

struct gpio_desc;
struct gpio_device;

/* The pin configurations of ->set_config() (linux/pinctrl/pinconf-generic.h). */
enum pin_config_param {
	PIN_CONFIG_BIAS_BUS_HOLD,
	PIN_CONFIG_BIAS_DISABLE,
	PIN_CONFIG_BIAS_HIGH_IMPEDANCE,
	PIN_CONFIG_BIAS_PULL_DOWN,
	PIN_CONFIG_BIAS_PULL_PIN_DEFAULT,
	PIN_CONFIG_BIAS_PULL_UP,
	PIN_CONFIG_DRIVE_OPEN_DRAIN,
	PIN_CONFIG_DRIVE_OPEN_SOURCE,
	PIN_CONFIG_DRIVE_PUSH_PULL,
	PIN_CONFIG_DRIVE_STRENGTH,
	PIN_CONFIG_DRIVE_STRENGTH_UA,
	PIN_CONFIG_INPUT_DEBOUNCE,
	PIN_CONFIG_INPUT_ENABLE,
	PIN_CONFIG_INPUT_SCHMITT,
	PIN_CONFIG_INPUT_SCHMITT_ENABLE,
	PIN_CONFIG_MODE_LOW_POWER,
	PIN_CONFIG_MODE_PWM,
	PIN_CONFIG_OUTPUT,
	PIN_CONFIG_OUTPUT_ENABLE,
	PIN_CONFIG_OUTPUT_IMPEDANCE_OHMS,
	PIN_CONFIG_PERSIST_STATE,
	PIN_CONFIG_POWER_SOURCE,
	PIN_CONFIG_SKEW_DELAY,
	PIN_CONFIG_SLEEP_HARDWARE_STATE,
	PIN_CONFIG_SLEW_RATE,
	PIN_CONFIG_END = 0x7F,
	PIN_CONFIG_MAX = 0xFF,
};

/*
 * struct gpio_chip - a provider of @ngpio lines, as the kernel's; the
 * operations take the line's offset in the chip. Those left NULL behave
 * as the kernel's gpiolib makes them (no ->set_config(): -ENOTSUPP).
 */
struct gpio_chip {
	const char *label;
	struct gpio_device *gpiodev;
	struct device *parent;
	struct module *owner;

	int (*request)(struct gpio_chip *gc, unsigned int offset);
	void (*free)(struct gpio_chip *gc, unsigned int offset);
	int (*get_direction)(struct gpio_chip *gc, unsigned int offset);
	int (*direction_input)(struct gpio_chip *gc, unsigned int offset);
	int (*direction_output)(struct gpio_chip *gc, unsigned int offset, int value);
	int (*get)(struct gpio_chip *gc, unsigned int offset);
	int (*get_multiple)(struct gpio_chip *gc, unsigned long *mask, unsigned long *bits);
	void (*set)(struct gpio_chip *gc, unsigned int offset, int value);
	void (*set_multiple)(struct gpio_chip *gc, unsigned long *mask, unsigned long *bits);
	int (*set_config)(struct gpio_chip *gc, unsigned int offset, unsigned long config);
	int (*to_irq)(struct gpio_chip *gc, unsigned int offset);
	void (*dbg_show)(void *s, struct gpio_chip *gc);

	/* -1: the numbers are found below ARCH_NR_GPIOS, downward, as 6.1 does */
	int base;
	unsigned short ngpio;
	const char *const *names;
	bool can_sleep;
};

/*
 * gpiochip_add_data - register @gc with @data for gpiochip_get_data()
 * Return: 0; -EINVAL (no lines); -ENOSPC (no free range for base -1);
 * -EBUSY (the range of a static base overlaps another chip's); -ENOMEM.
 */
int gpiochip_add_data(struct gpio_chip *gc, void *data);
/** devm_gpiochip_add_data - the same, removed when @dev's driver is unbound */
int devm_gpiochip_add_data(struct device *dev, struct gpio_chip *gc, void *data);
/** gpiochip_remove - lines still requested are reported, and fail from now on */
void gpiochip_remove(struct gpio_chip *gc);
void *gpiochip_get_data(struct gpio_chip *gc);
bool gpiochip_line_is_valid(const struct gpio_chip *gc, unsigned int offset);
/** gpiochip_is_requested - the consumer's label of line @offset, or NULL */
const char *gpiochip_is_requested(struct gpio_chip *gc, unsigned int offset);

/* The consumer's flags: bits, and the values made of them (not to be OR'd). */
#define GPIOD_FLAGS_BIT_DIR_SET	     (1 << 0)
#define GPIOD_FLAGS_BIT_DIR_OUT	     (1 << 1)
#define GPIOD_FLAGS_BIT_DIR_VAL	     (1 << 2)
#define GPIOD_FLAGS_BIT_OPEN_DRAIN   (1 << 3)
#define GPIOD_FLAGS_BIT_NONEXCLUSIVE (1 << 4)

enum gpiod_flags {
	GPIOD_ASIS = 0,
	GPIOD_IN = GPIOD_FLAGS_BIT_DIR_SET,
	GPIOD_OUT_LOW = GPIOD_FLAGS_BIT_DIR_SET | GPIOD_FLAGS_BIT_DIR_OUT,
	GPIOD_OUT_HIGH = GPIOD_FLAGS_BIT_DIR_SET | GPIOD_FLAGS_BIT_DIR_OUT |
			 GPIOD_FLAGS_BIT_DIR_VAL,
	GPIOD_OUT_LOW_OPEN_DRAIN = GPIOD_OUT_LOW | GPIOD_FLAGS_BIT_OPEN_DRAIN,
	GPIOD_OUT_HIGH_OPEN_DRAIN = GPIOD_OUT_HIGH | GPIOD_FLAGS_BIT_OPEN_DRAIN,
};

/** gpiod_count - how many lines @dev's CONID-gpios property lists; -ENOENT if none */
int gpiod_count(struct device *dev, const char *con_id);
/*
 * gpiod_get_index - line @idx of @dev's property "CON_ID-gpios" ("gpios"
 * for NULL), requested for @dev and set up as @flags says.
 * Return: the descriptor; ERR_PTR(-ENOENT) (no such property or index);
 * -EPROBE_DEFER (no chip of that label yet); -EBUSY (another consumer has
 * the line); -EINVAL (a line the chip has not, or a bad entry).
 * The _optional forms give NULL instead of -ENOENT; every call accepts
 * that NULL and does nothing.
 */
struct gpio_desc *gpiod_get_index(struct device *dev, const char *con_id, unsigned int idx,
				  enum gpiod_flags flags);
struct gpio_desc *gpiod_get(struct device *dev, const char *con_id, enum gpiod_flags flags);
struct gpio_desc *gpiod_get_optional(struct device *dev, const char *con_id,
				     enum gpiod_flags flags);
struct gpio_desc *gpiod_get_index_optional(struct device *dev, const char *con_id, unsigned int idx,
					   enum gpiod_flags flags);
void gpiod_put(struct gpio_desc *desc);
/** devm_gpiod_get - the same, put when @dev's driver is unbound */
struct gpio_desc *devm_gpiod_get(struct device *dev, const char *con_id, enum gpiod_flags flags);
struct gpio_desc *devm_gpiod_get_optional(struct device *dev, const char *con_id,
					  enum gpiod_flags flags);
struct gpio_desc *devm_gpiod_get_index(struct device *dev, const char *con_id, unsigned int idx,
				       enum gpiod_flags flags);
struct gpio_desc *devm_gpiod_get_index_optional(struct device *dev, const char *con_id,
						unsigned int idx, enum gpiod_flags flags);
void devm_gpiod_put(struct device *dev, struct gpio_desc *desc);

/** gpiod_get_direction - GPIO_LINE_DIRECTION_IN (1) or _OUT (0), or -errno */
int gpiod_get_direction(struct gpio_desc *desc);
int gpiod_direction_input(struct gpio_desc *desc);
/** gpiod_direction_output - @value is logical (active-low inverts it); the _raw form is not */
int gpiod_direction_output(struct gpio_desc *desc, int value);
int gpiod_direction_output_raw(struct gpio_desc *desc, int value);
/*
 * gpiod_get_value - the logical value (active-low inverted), or -errno;
 * the plain forms on a chip that can sleep warn as the kernel's WARN_ON()
 * (use the _cansleep forms). Setting an input line is no error: the chip's
 * ->set() is called, as the kernel does, and the line reads what drives it.
 */
int gpiod_get_value(const struct gpio_desc *desc);
int gpiod_get_raw_value(const struct gpio_desc *desc);
int gpiod_get_value_cansleep(const struct gpio_desc *desc);
int gpiod_get_raw_value_cansleep(const struct gpio_desc *desc);
void gpiod_set_value(struct gpio_desc *desc, int value);
void gpiod_set_raw_value(struct gpio_desc *desc, int value);
void gpiod_set_value_cansleep(struct gpio_desc *desc, int value);
void gpiod_set_raw_value_cansleep(struct gpio_desc *desc, int value);
int gpiod_cansleep(const struct gpio_desc *desc);
/** gpiod_set_config - the chip's ->set_config(), -ENOTSUPP without one */
int gpiod_set_config(struct gpio_desc *desc, unsigned long config);
int gpiod_set_debounce(struct gpio_desc *desc, unsigned int debounce);
int gpiod_is_active_low(const struct gpio_desc *desc);
void gpiod_toggle_active_low(struct gpio_desc *desc);
int gpiod_set_consumer_name(struct gpio_desc *desc, const char *name);
/** gpiod_to_irq - the chip's ->to_irq() for the line; -ENXIO if none, -EINVAL for no line */
int gpiod_to_irq(const struct gpio_desc *desc);
/** gpio_to_desc - the line of global number @gpio, requested or not, or NULL */
struct gpio_desc *gpio_to_desc(unsigned int gpio);
int desc_to_gpio(const struct gpio_desc *desc);
struct gpio_chip *gpiod_to_chip(const struct gpio_desc *desc);

/*
 * Board lookup tables (linux/gpio/machine.h), searched after the device's properties.
 * <linux/cs5535.h> names two GPIO registers GPIO_PULL_UP and GPIO_PULL_DOWN;
 * the kernel's GPIO headers leave the lookup flags to machine.h, which a
 * CS5535 driver does not include, but every one of ours has them: the flags
 * are declared past such macros, which then keep their meaning.
 */
#pragma push_macro("GPIO_PULL_UP")
#pragma push_macro("GPIO_PULL_DOWN")
#undef GPIO_PULL_UP
#undef GPIO_PULL_DOWN
enum gpio_lookup_flags {
	GPIO_ACTIVE_HIGH = (0 << 0),
	GPIO_ACTIVE_LOW = (1 << 0),
	GPIO_OPEN_DRAIN = (1 << 1),
	GPIO_OPEN_SOURCE = (1 << 2),
	GPIO_PERSISTENT = (0 << 3),
	GPIO_TRANSITORY = (1 << 3),
	GPIO_PULL_UP = (1 << 4),
	GPIO_PULL_DOWN = (1 << 5),
	GPIO_PULL_DISABLE = (1 << 6),
	GPIO_LOOKUP_FLAGS_DEFAULT = GPIO_ACTIVE_HIGH | GPIO_PERSISTENT,
};
#pragma pop_macro("GPIO_PULL_DOWN")
#pragma pop_macro("GPIO_PULL_UP")

/* @key: a chip's label, or a line's name when @chip_hwnum is 0xffff */
struct gpiod_lookup {
	const char *key;
	unsigned short chip_hwnum;
	const char *con_id;
	unsigned int idx;
	unsigned long flags;
};

/* The lines of device @dev_id (its dev_name()), up to an entry without key. */
struct gpiod_lookup_table {
	struct {
		void *next, *prev;
	} list; /* private */
	const char *dev_id;
	struct gpiod_lookup table[];
};

void gpiod_add_lookup_table(struct gpiod_lookup_table *table);
void gpiod_remove_lookup_table(struct gpiod_lookup_table *table);

/* The legacy API by global number (linux/gpio.h). */
#define GPIOF_DIR_OUT		    (0 << 0)
#define GPIOF_DIR_IN		    (1 << 0)
#define GPIOF_INIT_LOW		    (0 << 1)
#define GPIOF_INIT_HIGH		    (1 << 1)
#define GPIOF_IN		    (GPIOF_DIR_IN)
#define GPIOF_OUT_INIT_LOW	    (GPIOF_DIR_OUT | GPIOF_INIT_LOW)
#define GPIOF_OUT_INIT_HIGH	    (GPIOF_DIR_OUT | GPIOF_INIT_HIGH)
#define GPIOF_ACTIVE_LOW	    (1 << 2)
#define GPIOF_OPEN_DRAIN	    (1 << 3)
#define GPIOF_OPEN_SOURCE	    (1 << 4)
#define GPIOF_EXPORT		    (1 << 5)
#define GPIOF_EXPORT_CHANGEABLE	    (1 << 6)
#define GPIOF_EXPORT_DIR_FIXED	    (GPIOF_EXPORT)
#define GPIOF_EXPORT_DIR_CHANGEABLE (GPIOF_EXPORT | GPIOF_EXPORT_CHANGEABLE)

struct gpio {
	unsigned int gpio;
	unsigned long flags;
	const char *label;
};

/*
 * gpio_request - request line @gpio for @label
 * Return: 0; -EPROBE_DEFER (a valid number no chip has yet, as the kernel
 * assumes it will come); -EBUSY. A number past ARCH_NR_GPIOS is warned
 * about and, as in 6.1, "requested" with success (its descriptor is NULL).
 * gpio_request_one() also sets it up as GPIOF_* @flags say (GPIOF_EXPORT is
 * accepted and does nothing: there is no sysfs GPIO class).
 */
int gpio_request(unsigned int gpio, const char *label);
int gpio_request_one(unsigned int gpio, unsigned long flags, const char *label);
/** gpio_request_array - all of @array, or none (those taken are freed again) */
int gpio_request_array(const struct gpio *array, size_t num);
void gpio_free_array(const struct gpio *array, size_t num);
void gpio_free(unsigned int gpio);
int devm_gpio_request(struct device *dev, unsigned int gpio, const char *label);
int devm_gpio_request_one(struct device *dev, unsigned int gpio, unsigned long flags,
			  const char *label);

/* The legacy device-tree lookups (linux/of_gpio.h), over the same properties. */
struct device_node;

enum of_gpio_flags {
	OF_GPIO_ACTIVE_LOW = 0x1,
	OF_GPIO_SINGLE_ENDED = 0x2,
	OF_GPIO_OPEN_DRAIN = 0x4,
	OF_GPIO_TRANSITORY = 0x8,
	OF_GPIO_PULL_UP = 0x10,
	OF_GPIO_PULL_DOWN = 0x20,
	OF_GPIO_PULL_DISABLE = 0x40,
};

/*
 * of_get_named_gpio_flags - the global number of entry @index of property
 * @propname of @np's device, its OF_GPIO_* flags in *@flags
 * Return: the number; -ENOENT (no such property or entry); -EPROBE_DEFER
 * (no chip of that label yet); -EINVAL (a bad entry).
 */
int of_get_named_gpio_flags(const struct device_node *np, const char *propname, int index,
			    enum of_gpio_flags *flags);
/** of_gpio_named_count - the entries of @propname; -ENOENT if none */
int of_gpio_named_count(const struct device_node *np, const char *propname);

/*
 * The simulated chips: one description line each, "gpio:LABEL lines=N
 * [names=a,b,...] [base=N] [can-sleep=1]" (libcdev-gpio(7)).
 * Return: 0; -EINVAL (a bad description, logged; nothing is left); -EBUSY
 * (its static base overlaps a chip's numbers); -ENOSPC; -ENOMEM.
 */
int libcdev_gpio_describe(const char *line);
/** libcdev_gpio_forget_described - remove every described chip (at the host's end) */
void libcdev_gpio_forget_described(void);
/*
 * libcdev_gpio_sim_set - drive input @line of chip @label to @value from
 * outside, as its pull: what it reads changes, and an edge (a level) the
 * line's IRQ was requested for raises it. An output line keeps driving its
 * own value; the pull is kept for when it is an input again.
 * Return: 0; -ENOENT (no described chip @label); -EINVAL (no such line).
 */
int libcdev_gpio_sim_set(const char *label, unsigned int line, int value);
/** libcdev_gpio_sim_get - what @line is at: its output's value, or its pull; errors as above */
int libcdev_gpio_sim_get(const char *label, unsigned int line, int *value);

#endif
