/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the clocks of described devices, after drivers/clk/clk.c and
 * drivers/clk/clkdev.c: a device's clk=NAME:HZ words are its clocks. Each
 * consumer (clk_get()) has a handle of its own on the clock's shared
 * state, its prepare and enable counts and its rate, which lasts while a
 * handle does. Imbalances are warned about with the kernel's words.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/clk.h>
#include <libcdev/err.h>
#include <libcdev/platform.h>
#include <libcdev/printk.h>

struct clk_core {
	struct clk_core *next;
	const struct device *dev;
	char *name;
	unsigned long rate;
	unsigned int prepare_count, enable_count;
	unsigned int refs; /* handles */
};

struct clk {
	struct clk_core *core;
};

/* One lock for every clock: the kernel's prepare lock and enable lock in one. */
static pthread_mutex_t clk_lock = PTHREAD_MUTEX_INITIALIZER;
static struct clk_core *clk_cores;

#define CLK_WARN(fn, fmt, ...) \
	printk(KERN_WARNING "WARNING at drivers/clk/clk.c in %s(): " fmt "\n", fn, ##__VA_ARGS__)

/* The described clock @id of @dev ("NAME:HZ"), the first for NULL; its rate in *@rate. */
static const char *clk_described(struct device *dev, const char *id, unsigned long *rate)
{
	const char *v;

	for (unsigned int i = 0; (v = device_prop_nth(dev, "clk", i)); i++) {
		const char *colon = strchr(v, ':');

		if (!id || (strlen(id) == (size_t)(colon - v) && !strncmp(v, id, colon - v))) {
			*rate = strtoul(colon + 1, NULL, 0);
			return v;
		}
	}
	return NULL;
}

static struct clk_core *clk_core_get(struct device *dev, const char *desc, unsigned long rate)
{
	size_t len = strchr(desc, ':') - desc;
	struct clk_core *c;

	for (c = clk_cores; c; c = c->next)
		if (c->dev == dev && strlen(c->name) == len && !strncmp(c->name, desc, len))
			break;
	if (!c) {
		c = calloc(1, sizeof(*c));
		if (!c || !(c->name = strndup(desc, len))) {
			free(c);
			return NULL;
		}
		c->dev = dev;
		c->rate = rate;
		c->next = clk_cores;
		clk_cores = c;
	}
	c->refs++;
	return c;
}

_public_ struct clk *clk_get(struct device *dev, const char *id)
{
	unsigned long rate = 0;
	const char *desc = clk_described(dev, id, &rate);
	struct clk *clk;

	if (!desc)
		return ERR_PTR(-ENOENT);
	clk = calloc(1, sizeof(*clk));
	if (!clk)
		return ERR_PTR(-ENOMEM);
	pthread_mutex_lock(&clk_lock);
	clk->core = clk_core_get(dev, desc, rate);
	pthread_mutex_unlock(&clk_lock);
	if (!clk->core) {
		free(clk);
		return ERR_PTR(-ENOMEM);
	}
	return clk;
}

_public_ struct clk *clk_get_optional(struct device *dev, const char *id)
{
	struct clk *clk = clk_get(dev, id);

	return clk == ERR_PTR(-ENOENT) ? NULL : clk;
}

/* The last handle gone: the clock's state goes (its counts, as the consumers left them). */
_public_ void clk_put(struct clk *clk)
{
	struct clk_core **pp, *c;

	if (IS_ERR_OR_NULL(clk))
		return;
	c = clk->core;
	pthread_mutex_lock(&clk_lock);
	if (--c->refs == 0) {
		for (pp = &clk_cores; *pp != c; pp = &(*pp)->next)
			;
		*pp = c->next;
		free(c->name);
		free(c);
	}
	pthread_mutex_unlock(&clk_lock);
	free(clk);
}

static void devm_clk_release(void *clk)
{
	clk_put(clk);
}

static struct clk *devm_clk_keep(struct device *dev, struct clk *clk)
{
	if (IS_ERR_OR_NULL(clk))
		return clk;
	if (devm_add_action_or_reset(dev, devm_clk_release, clk))
		return ERR_PTR(-ENOMEM);
	return clk;
}

_public_ struct clk *devm_clk_get(struct device *dev, const char *id)
{
	return devm_clk_keep(dev, clk_get(dev, id));
}

_public_ struct clk *devm_clk_get_optional(struct device *dev, const char *id)
{
	return devm_clk_keep(dev, clk_get_optional(dev, id));
}

static void devm_clk_off(void *clk)
{
	clk_disable(clk);
	clk_unprepare(clk);
}

_public_ struct clk *devm_clk_get_enabled(struct device *dev, const char *id)
{
	struct clk *clk = devm_clk_get(dev, id);
	int err;

	if (IS_ERR(clk))
		return clk;
	err = clk_prepare(clk);
	if (!err && (err = clk_enable(clk)))
		clk_unprepare(clk);
	if (!err)
		err = devm_add_action_or_reset(dev, devm_clk_off, clk);
	return err ? ERR_PTR(err) : clk;
}

_public_ int clk_prepare(struct clk *clk)
{
	if (!clk)
		return 0;
	pthread_mutex_lock(&clk_lock);
	clk->core->prepare_count++;
	pthread_mutex_unlock(&clk_lock);
	return 0;
}

_public_ void clk_unprepare(struct clk *clk)
{
	struct clk_core *c;

	if (IS_ERR_OR_NULL(clk))
		return;
	c = clk->core;
	pthread_mutex_lock(&clk_lock);
	if (!c->prepare_count)
		CLK_WARN("clk_core_unprepare", "%s already unprepared", c->name);
	else if (c->prepare_count == 1 && c->enable_count)
		CLK_WARN("clk_core_unprepare", "%s still enabled", c->name);
	else
		c->prepare_count--;
	pthread_mutex_unlock(&clk_lock);
}

_public_ int clk_enable(struct clk *clk)
{
	int ret = 0;

	if (!clk)
		return 0;
	pthread_mutex_lock(&clk_lock);
	if (!clk->core->prepare_count) {
		CLK_WARN("clk_core_enable", "Enabling unprepared %s", clk->core->name);
		ret = -ESHUTDOWN;
	} else {
		clk->core->enable_count++;
	}
	pthread_mutex_unlock(&clk_lock);
	return ret;
}

_public_ void clk_disable(struct clk *clk)
{
	if (IS_ERR_OR_NULL(clk))
		return;
	pthread_mutex_lock(&clk_lock);
	if (!clk->core->enable_count)
		CLK_WARN("clk_core_disable", "%s already disabled", clk->core->name);
	else
		clk->core->enable_count--;
	pthread_mutex_unlock(&clk_lock);
}

_public_ unsigned long clk_get_rate(struct clk *clk)
{
	unsigned long rate;

	if (IS_ERR_OR_NULL(clk))
		return 0;
	pthread_mutex_lock(&clk_lock);
	rate = clk->core->rate;
	pthread_mutex_unlock(&clk_lock);
	return rate;
}

_public_ int clk_set_rate(struct clk *clk, unsigned long rate)
{
	if (!clk)
		return 0;
	pthread_mutex_lock(&clk_lock);
	clk->core->rate = rate;
	pthread_mutex_unlock(&clk_lock);
	return 0;
}

_public_ long clk_round_rate(struct clk *clk, unsigned long rate)
{
	return clk ? (long)rate : 0;
}

_public_ unsigned int libcdev_clk_enable_count(struct clk *clk)
{
	unsigned int n;

	if (IS_ERR_OR_NULL(clk))
		return 0;
	pthread_mutex_lock(&clk_lock);
	n = clk->core->enable_count;
	pthread_mutex_unlock(&clk_lock);
	return n;
}
