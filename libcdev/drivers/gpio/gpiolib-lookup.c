/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/gpio/gpiolib.c, its lookup half: the lines a consumer
 * asks for by function (gpiod_get(dev, "reset", ...)), found in its
 * device's "reset-gpios" property (CHIPLABEL:LINE[:FLAG...] entries, as a
 * device tree's phandles name them) or in a board's lookup table
 * (<linux/gpio/machine.h>), requested and configured as the flags say.
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
