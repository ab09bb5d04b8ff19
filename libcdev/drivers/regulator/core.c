/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the supplies of described devices, after
 * drivers/regulator/core.c: a device's regulator=NAME:UV (fixed) or
 * NAME:MIN-MAX (adjustable, starting at MIN) words are its supplies. Each
 * consumer (regulator_get()) counts its own enables; the supply is on
 * while any consumer's count is above 0. A supply the device does not
 * describe is a dummy, as the kernel's, which is always on and has no voltage.
 * The supply's state lasts while a consumer holds it.
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

struct regulator_dev {
	struct regulator_dev *next;
	const struct device *dev;
	char *name;
	int min_uV, max_uV, uV; /* min == max: fixed */
	unsigned int use_count; /* consumers that have it enabled */
	unsigned int refs;
};

struct regulator {
	struct regulator_dev *rdev; /* NULL: the dummy */
	unsigned int enable_count;
};

static pthread_mutex_t regulator_lock = PTHREAD_MUTEX_INITIALIZER;
static struct regulator_dev *rdevs;

/* The described supply @id of @dev ("NAME:UV" or "NAME:MIN-MAX"). */
static const char *supply_described(struct device *dev, const char *id, int *min, int *max)
{
	const char *v;
	char *end;

	for (unsigned int i = 0; id && (v = device_prop_nth(dev, "regulator", i)); i++) {
		const char *colon = strchr(v, ':');

		if (strlen(id) != (size_t)(colon - v) || strncmp(v, id, colon - v))
			continue;
		*min = *max = (int)strtol(colon + 1, &end, 0);
		if (*end == '-')
			*max = (int)strtol(end + 1, NULL, 0);
		return v;
	}
	return NULL;
}

static struct regulator_dev *rdev_get(struct device *dev, const char *desc, int min, int max)
{
	size_t len = strchr(desc, ':') - desc;
	struct regulator_dev *r;

	for (r = rdevs; r; r = r->next)
		if (r->dev == dev && strlen(r->name) == len && !strncmp(r->name, desc, len))
			break;
	if (!r) {
		r = calloc(1, sizeof(*r));
		if (!r || !(r->name = strndup(desc, len))) {
			free(r);
			return NULL;
		}
		r->dev = dev;
		r->min_uV = r->uV = min;
		r->max_uV = max;
		r->next = rdevs;
		rdevs = r;
	}
	r->refs++;
	return r;
}

static struct regulator *regulator_get_common(struct device *dev, const char *id, bool optional)
{
	int min = 0, max = 0;
	const char *desc = supply_described(dev, id, &min, &max);
	struct regulator *reg;

	if (!desc && optional)
		return ERR_PTR(-ENODEV);
	reg = calloc(1, sizeof(*reg));
	if (!reg)
		return ERR_PTR(-ENOMEM);
	if (!desc) {
		printk(KERN_WARNING "%s %s: supply %s not found, using dummy regulator\n",
		       dev_driver_string(dev), dev_name(dev), id ? id : "(null)");
		return reg;
	}
	pthread_mutex_lock(&regulator_lock);
	reg->rdev = rdev_get(dev, desc, min, max);
	pthread_mutex_unlock(&regulator_lock);
	if (!reg->rdev) {
		free(reg);
		return ERR_PTR(-ENOMEM);
	}
	return reg;
}

_public_ struct regulator *regulator_get(struct device *dev, const char *id)
{
	return regulator_get_common(dev, id, false);
}

_public_ struct regulator *regulator_get_optional(struct device *dev, const char *id)
{
	return regulator_get_common(dev, id, true);
}

_public_ void regulator_put(struct regulator *reg)
{
	struct regulator_dev **pp, *r;

	if (IS_ERR_OR_NULL(reg))
		return;
	r = reg->rdev;
	pthread_mutex_lock(&regulator_lock);
	if (r && reg->enable_count)
		r->use_count--;
	if (r && --r->refs == 0) {
		for (pp = &rdevs; *pp != r; pp = &(*pp)->next)
			;
		*pp = r->next;
		free(r->name);
		free(r);
	}
	pthread_mutex_unlock(&regulator_lock);
	free(reg);
}

static void devm_regulator_release(void *reg)
{
	regulator_put(reg);
}

static struct regulator *devm_regulator_keep(struct device *dev, struct regulator *reg)
{
	if (IS_ERR(reg))
		return reg;
	if (devm_add_action_or_reset(dev, devm_regulator_release, reg))
		return ERR_PTR(-ENOMEM);
	return reg;
}

_public_ struct regulator *devm_regulator_get(struct device *dev, const char *id)
{
	return devm_regulator_keep(dev, regulator_get(dev, id));
}

_public_ struct regulator *devm_regulator_get_optional(struct device *dev, const char *id)
{
	return devm_regulator_keep(dev, regulator_get_optional(dev, id));
}

_public_ int regulator_enable(struct regulator *reg)
{
	pthread_mutex_lock(&regulator_lock);
	if (reg->enable_count++ == 0 && reg->rdev)
		reg->rdev->use_count++;
	pthread_mutex_unlock(&regulator_lock);
	return 0;
}

_public_ int regulator_disable(struct regulator *reg)
{
	int ret = 0;

	pthread_mutex_lock(&regulator_lock);
	if (!reg->enable_count) {
		printk(KERN_WARNING
		       "WARNING at drivers/regulator/core.c in _regulator_disable(): unbalanced disables for %s\n",
		       reg->rdev ? reg->rdev->name : "regulator-dummy");
		ret = -EIO;
	} else if (--reg->enable_count == 0 && reg->rdev) {
		reg->rdev->use_count--;
	}
	pthread_mutex_unlock(&regulator_lock);
	return ret;
}

_public_ int regulator_is_enabled(struct regulator *reg)
{
	int on;

	pthread_mutex_lock(&regulator_lock);
	on = !reg->rdev || reg->rdev->use_count > 0;
	pthread_mutex_unlock(&regulator_lock);
	return on;
}

_public_ int regulator_get_voltage(struct regulator *reg)
{
	int uV;

	if (!reg->rdev)
		return -EINVAL;
	pthread_mutex_lock(&regulator_lock);
	uV = reg->rdev->uV;
	pthread_mutex_unlock(&regulator_lock);
	return uV;
}

_public_ int regulator_set_voltage(struct regulator *reg, int min_uV, int max_uV)
{
	struct regulator_dev *r = reg->rdev;
	int ret = 0, uV;

	if (!r || min_uV > max_uV)
		return -EINVAL;
	pthread_mutex_lock(&regulator_lock);
	uV = min_uV > r->min_uV ? min_uV : r->min_uV;
	if (r->min_uV == r->max_uV)
		/* Fixed: a range that holds its voltage is fine, as the kernel allows. */
		ret = (min_uV <= r->uV && r->uV <= max_uV) ? 0 : -EPERM;
	else if (uV > max_uV || uV > r->max_uV)
		ret = -EINVAL;
	else
		r->uV = uV;
	pthread_mutex_unlock(&regulator_lock);
	return ret;
}

/* ---- several supplies at once ---- */

_public_ int regulator_bulk_get(struct device *dev, int num, struct regulator_bulk_data *consumers)
{
	int i, err;

	for (i = 0; i < num; i++)
		consumers[i].consumer = NULL;
	for (i = 0; i < num; i++) {
		struct regulator *reg = regulator_get(dev, consumers[i].supply);

		if (IS_ERR(reg)) {
			err = PTR_ERR(reg);
			printk(KERN_ERR "%s %s: Failed to get supply '%s': %d\n",
			       dev_driver_string(dev), dev_name(dev), consumers[i].supply, err);
			goto out_put;
		}
		consumers[i].consumer = reg;
	}
	return 0;

out_put:
	regulator_bulk_free(i, consumers);
	return err;
}

struct devm_regulator_bulk {
	int num;
	struct regulator_bulk_data *consumers;
};

static void devm_regulator_bulk_release(void *data)
{
	struct devm_regulator_bulk *bulk = data;

	regulator_bulk_free(bulk->num, bulk->consumers);
	free(bulk);
}

_public_ int devm_regulator_bulk_get(struct device *dev, int num,
				     struct regulator_bulk_data *consumers)
{
	struct devm_regulator_bulk *bulk = malloc(sizeof(*bulk));
	int err;

	if (!bulk)
		return -ENOMEM;
	err = regulator_bulk_get(dev, num, consumers);
	if (err) {
		free(bulk);
		return err;
	}
	bulk->num = num;
	bulk->consumers = consumers;
	return devm_add_action_or_reset(dev, devm_regulator_bulk_release, bulk);
}

_public_ int regulator_bulk_enable(int num, struct regulator_bulk_data *consumers)
{
	int i, err = 0;

	for (i = 0; i < num; i++)
		consumers[i].ret = regulator_enable(consumers[i].consumer);
	for (i = 0; i < num && !err; i++)
		err = consumers[i].ret;
	if (!err)
		return 0;
	for (i = 0; i < num; i++) {
		if (consumers[i].ret < 0)
			pr_err("Failed to enable %s: %d\n", consumers[i].supply, consumers[i].ret);
		else
			regulator_disable(consumers[i].consumer);
	}
	return err;
}

_public_ int regulator_bulk_disable(int num, struct regulator_bulk_data *consumers)
{
	int i, err = 0;

	for (i = num - 1; i >= 0; i--) {
		err = regulator_disable(consumers[i].consumer);
		if (err)
			break;
	}
	if (!err)
		return 0;
	pr_err("Failed to disable %s: %d\n", consumers[i].supply, err);
	while (++i < num)
		regulator_enable(consumers[i].consumer);
	return err;
}

_public_ void regulator_bulk_free(int num, struct regulator_bulk_data *consumers)
{
	for (int i = 0; i < num; i++) {
		regulator_put(consumers[i].consumer);
		consumers[i].consumer = NULL;
	}
}
