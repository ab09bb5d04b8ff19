/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/gpio/gpio-sim.c: GPIO chips described from outside,
 * "gpio:LABEL lines=N [names=a,b,...] [base=N] [can-sleep=1]", whose lines
 * behave as the kernel's simulator's: each has a direction, a value and a
 * pull. The pull is what the outside drives (libcdev_gpio_sim_set()); a
 * requested input line takes it as its value, and its edge raises the
 * line's IRQ when a handler was requested for that edge. Lines start as
 * inputs pulled down.
 *
 * The IRQ of line N of global number G is LIBCDEV_GPIO_IRQ_BASE + G (1024
 * and up), apart from the lines 1 to 1023 a device description may name.
 *
 * "gpio:LABEL chip=/dev/gpiochipN" is a chip backed by the host's instead
 * (gpio-hostchip.c); this file parses its description too.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/gpio/gpiolib.h"
#include <libcdev/irq.h>

struct gpio_sim_chip {
	struct gpio_sim_chip *next;
	struct gpio_chip gc;
	pthread_mutex_t lock; /* the maps */
	char *label;
	char **names;
	unsigned char *dir_in, *value, *pull; /* per line */
};

/* The described chips; held while a chip is used from outside. */
static pthread_mutex_t sim_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gpio_sim_chip *sim_chips;

static struct gpio_sim_chip *to_sim(struct gpio_chip *gc)
{
	return gpiochip_get_data(gc);
}

static int gpio_sim_get(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_sim_chip *chip = to_sim(gc);
	int v;

	pthread_mutex_lock(&chip->lock);
	v = chip->value[offset];
	pthread_mutex_unlock(&chip->lock);
	return v;
}

/* As the kernel's simulator: the value is set whatever the direction. */
static void gpio_sim_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct gpio_sim_chip *chip = to_sim(gc);

	pthread_mutex_lock(&chip->lock);
	chip->value[offset] = !!value;
	pthread_mutex_unlock(&chip->lock);
}

static int gpio_sim_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct gpio_sim_chip *chip = to_sim(gc);

	pthread_mutex_lock(&chip->lock);
	chip->dir_in[offset] = 0;
	chip->value[offset] = !!value;
	pthread_mutex_unlock(&chip->lock);
	return 0;
}

/* An input reads what drives it from outside: its pull. */
static int gpio_sim_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_sim_chip *chip = to_sim(gc);

	pthread_mutex_lock(&chip->lock);
	chip->dir_in[offset] = 1;
	chip->value[offset] = chip->pull[offset];
	pthread_mutex_unlock(&chip->lock);
	return 0;
}

static int gpio_sim_get_direction(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_sim_chip *chip = to_sim(gc);
	int in;

	pthread_mutex_lock(&chip->lock);
	in = chip->dir_in[offset];
	pthread_mutex_unlock(&chip->lock);
	return in ? GPIO_LINE_DIRECTION_IN : GPIO_LINE_DIRECTION_OUT;
}

static int gpio_sim_to_irq(struct gpio_chip *gc, unsigned int offset)
{
	int irq = LIBCDEV_GPIO_IRQ_BASE + gc->base + (int)offset;

	return irq < LIBCDEV_IRQ_DOMAIN_BASE ? irq : 0;
}

/*
 * The outside drives line @offset to @value: a requested input takes it
 * (an edge its IRQ's trigger asks for raises the IRQ), a line nobody
 * requested too; a requested output keeps its own value.
 */
static void gpio_sim_apply_pull(struct gpio_sim_chip *chip, unsigned int offset, int value)
{
	struct gpio_desc *desc = &chip->gc.gpiodev->descs[offset];
	bool requested = desc->flags & (1UL << FLAG_REQUESTED);
	int irq = 0;

	pthread_mutex_lock(&chip->lock);
	if (requested && chip->dir_in[offset] && chip->value[offset] != value) {
		unsigned int type;

		irq = gpio_sim_to_irq(&chip->gc, offset);
		type = irq ? irq_get_trigger_type((unsigned int)irq) : 0;
		if (!(value && (type & IRQ_TYPE_EDGE_RISING)) &&
		    !(!value && (type & IRQ_TYPE_EDGE_FALLING)))
			irq = 0;
	}
	if (!requested || chip->dir_in[offset])
		chip->value[offset] = (unsigned char)value;
	chip->pull[offset] = (unsigned char)value;
	pthread_mutex_unlock(&chip->lock);
	/* Nobody may have requested the IRQ: nothing is raised then. */
	if (irq)
		libcdev_irq_raise((unsigned int)irq);
}

static int gpio_sim_set_config(struct gpio_chip *gc, unsigned int offset, unsigned long config)
{
	switch (config & 0xff) {
	case PIN_CONFIG_BIAS_PULL_UP:
		gpio_sim_apply_pull(to_sim(gc), offset, 1);
		return 0;
	case PIN_CONFIG_BIAS_PULL_DOWN:
		gpio_sim_apply_pull(to_sim(gc), offset, 0);
		return 0;
	default:
		return -ENOTSUPP;
	}
}

/* A freed line goes back to its pull. */
static void gpio_sim_free(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_sim_chip *chip = to_sim(gc);

	pthread_mutex_lock(&chip->lock);
	chip->value[offset] = chip->pull[offset];
	pthread_mutex_unlock(&chip->lock);
}

static void gpio_sim_chip_free(struct gpio_sim_chip *chip)
{
	if (!chip)
		return;
	for (unsigned int i = 0; chip->names && i < chip->gc.ngpio; i++)
		free(chip->names[i]);
	free(chip->names);
	free(chip->dir_in);
	free(chip->value);
	free(chip->pull);
	free(chip->label);
	pthread_mutex_destroy(&chip->lock);
	free(chip);
}

static struct gpio_sim_chip *gpio_sim_chip_alloc(const char *label, unsigned int lines)
{
	struct gpio_sim_chip *chip = calloc(1, sizeof(*chip));

	if (!chip)
		return NULL;
	pthread_mutex_init(&chip->lock, NULL);
	chip->gc.ngpio = (unsigned short)lines;
	chip->label = strdup(label);
	chip->names = calloc(lines, sizeof(*chip->names));
	chip->dir_in = malloc(lines);
	chip->value = calloc(lines, 1);
	chip->pull = calloc(lines, 1);
	if (!chip->label || !chip->names || !chip->dir_in || !chip->value || !chip->pull) {
		gpio_sim_chip_free(chip);
		return NULL;
	}
	memset(chip->dir_in, 1, lines);
	chip->gc.label = chip->label;
	chip->gc.base = -1;
	chip->gc.names = (const char *const *)chip->names;
	chip->gc.get = gpio_sim_get;
	chip->gc.set = gpio_sim_set;
	chip->gc.direction_output = gpio_sim_direction_output;
	chip->gc.direction_input = gpio_sim_direction_input;
	chip->gc.get_direction = gpio_sim_get_direction;
	chip->gc.set_config = gpio_sim_set_config;
	chip->gc.to_irq = gpio_sim_to_irq;
	chip->gc.free = gpio_sim_free;
	return chip;
}

static int sim_error(const char *line, const char *word, const char *why)
{
	pr_err_lib("GPIO chip \"%s\": %s: %s", line, word, why);
	return -EINVAL;
}

/* "N" from @min to @max, or -1. */
static long sim_number(const char *s, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	return *s && !*end && !errno && v >= min && v <= max ? v : -1;
}

/* names=a,b,...: the first lines' names; an empty one leaves its line unnamed. */
static int sim_names(const char *line, const char *w, struct gpio_sim_chip *chip)
{
	const char *v = w + strlen("names=");
	unsigned int i = 0;

	for (;; i++) {
		size_t len = strcspn(v, ",");

		if (i >= chip->gc.ngpio)
			return sim_error(line, w, "more names than lines");
		if (len && !(chip->names[i] = strndup(v, len)))
			return -ENOMEM;
		if (!v[len])
			return 0;
		v += len + 1;
	}
}

/* base= and can-sleep= of any described chip; 1 for another word. */
int gpio_describe_common(const char *line, const char *w, struct gpio_chip *gc)
{
	long v;

	if (!strncmp(w, "base=", 5)) {
		v = sim_number(w + 5, 0, ARCH_NR_GPIOS - 1);
		if (v < 0 || v + gc->ngpio > ARCH_NR_GPIOS)
			return sim_error(line, w, "the lines' numbers are 0 to 511");
		gc->base = (int)v;
		return 0;
	}
	if (!strncmp(w, "can-sleep=", 10)) {
		v = sim_number(w + 10, 0, 1);
		if (v < 0)
			return sim_error(line, w, "can-sleep is 0 or 1");
		gc->can_sleep = v;
		return 0;
	}
	return 1;
}

/* The words after "gpio:LABEL" but lines=, which made @chip. */
static int sim_word(const char *line, const char *w, struct gpio_sim_chip *chip)
{
	int err;

	if (!strncmp(w, "lines=", 6))
		return 0;
	if (!strncmp(w, "names=", 6))
		return sim_names(line, w, chip);
	err = gpio_describe_common(line, w, &chip->gc);
	if (err <= 0)
		return err;
	return sim_error(line, w, "not lines=, names=, base=, can-sleep= or chip=");
}

/* The value of "KEY=" among the words of @copy (after the label), or NULL. */
static const char *sim_find(char *const *words, unsigned int n, const char *key)
{
	size_t len = strlen(key);

	for (unsigned int i = 0; i < n; i++)
		if (!strncmp(words[i], key, len))
			return words[i] + len;
	return NULL;
}

static int sim_label(const char *line, const char *word)
{
	const char *label = word + strlen("gpio:");

	if (!*label || strlen(label) > 31)
		return sim_error(line, word, "a chip's label is 1 to 31 characters");
	if (gpio_device_find_label(label))
		return sim_error(line, word, "a chip of this label exists already");
	return 0;
}

static int sim_parse(const char *line, char **words, unsigned int n, struct gpio_sim_chip **chipp)
{
	const char *lines = sim_find(words + 1, n - 1, "lines=");
	const char *label = words[0] + strlen("gpio:");
	struct gpio_sim_chip *chip;
	long nlines;
	int err = 0;

	nlines = lines ? sim_number(lines, 1, ARCH_NR_GPIOS) : -1;
	if (nlines < 0)
		return sim_error(line, lines ? lines - 6 : words[0],
				 "lines=N, 1 to 512, is needed");
	chip = gpio_sim_chip_alloc(label, (unsigned int)nlines);
	if (!chip)
		return -ENOMEM;
	for (unsigned int i = 1; i < n && !err; i++)
		err = sim_word(line, words[i], chip);
	if (err) {
		gpio_sim_chip_free(chip);
		return err;
	}
	*chipp = chip;
	return 0;
}

/* Under sim_lock: @line parsed and its chip registered. */
static int sim_describe_locked(const char *line, char *copy)
{
	char *words[16], *save = NULL, *w;
	struct gpio_sim_chip *chip;
	unsigned int n = 0;
	int err;

	for (w = strtok_r(copy, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		if (n == 16)
			return sim_error(line, w, "too many words");
		words[n++] = w;
	}
	if (!n || strncmp(words[0], "gpio:", 5))
		return sim_error(line, n ? words[0] : "(empty)", "not gpio:LABEL");
	err = sim_label(line, words[0]);
	if (err)
		return err;
	/* A chip backed by the host's: its lines are the host chip's. */
	if (sim_find(words + 1, n - 1, "chip="))
		return gpio_hostchip_describe(line, words, n);
	err = sim_parse(line, words, n, &chip);
	if (err)
		return err;
	err = gpiochip_add_data(&chip->gc, chip);
	if (err) {
		pr_err_lib("GPIO chip \"%s\": not registered: %s", line, strerror(-err));
		gpio_sim_chip_free(chip);
		return err;
	}
	chip->next = sim_chips;
	sim_chips = chip;
	return 0;
}

_public_ int libcdev_gpio_describe(const char *line)
{
	char *copy;
	int err;

	if (!line)
		return -EINVAL;
	copy = strdup(line);
	if (!copy)
		return -ENOMEM;
	pthread_mutex_lock(&sim_lock);
	err = sim_describe_locked(line, copy);
	pthread_mutex_unlock(&sim_lock);
	free(copy);
	return err;
}

_public_ void libcdev_gpio_forget_described(void)
{
	struct gpio_sim_chip *chip;

	pthread_mutex_lock(&sim_lock);
	gpio_hostchip_forget_all();
	while ((chip = sim_chips)) {
		sim_chips = chip->next;
		gpiochip_remove(&chip->gc);
		gpio_sim_chip_free(chip);
	}
	pthread_mutex_unlock(&sim_lock);
}

/* Under sim_lock: the described chip @label; -ENOENT, or -EINVAL for a line it lacks. */
static int sim_find_line(const char *label, unsigned int line, struct gpio_sim_chip **chipp)
{
	struct gpio_sim_chip *chip;

	if (!label)
		return -EINVAL;
	for (chip = sim_chips; chip && strcmp(chip->label, label); chip = chip->next)
		;
	if (!chip)
		return -ENOENT;
	if (line >= chip->gc.ngpio)
		return -EINVAL;
	*chipp = chip;
	return 0;
}

_public_ int libcdev_gpio_sim_set(const char *label, unsigned int line, int value)
{
	struct gpio_sim_chip *chip;
	int err;

	pthread_mutex_lock(&sim_lock);
	err = sim_find_line(label, line, &chip);
	if (!err)
		gpio_sim_apply_pull(chip, line, !!value);
	pthread_mutex_unlock(&sim_lock);
	return err;
}

_public_ int libcdev_gpio_sim_get(const char *label, unsigned int line, int *value)
{
	struct gpio_sim_chip *chip;
	int err;

	pthread_mutex_lock(&sim_lock);
	err = sim_find_line(label, line, &chip);
	if (!err && value)
		*value = gpio_sim_get(&chip->gc, line);
	pthread_mutex_unlock(&sim_lock);
	return err;
}
