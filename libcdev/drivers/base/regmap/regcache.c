// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - register caches, after drivers/base/regmap/regcache.c: the
 * defaults, cache-only and bypass modes, and the sync that writes the cache
 * back to a device that lost its state. Volatile registers are never
 * cached. The caches themselves are regcache-flat.c and regcache-rbtree.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "internal.h"

#define REGCACHE_WARN(map, fn) \
	regmap_warn(map, "WARNING at drivers/base/regmap/regcache.c in %s()\n", fn)

static const struct regcache_ops *regcache_ops_of(enum regcache_type type)
{
	switch (type) {
	case REGCACHE_FLAT:
		return &regcache_flat_ops;
	case REGCACHE_RBTREE:
	case REGCACHE_MAPLE:
		return &regcache_rbtree_ops;
	default:
		return NULL;
	}
}

static int regcache_default_cmp(const void *a, const void *b)
{
	const struct reg_default *x = a, *y = b;

	return x->reg < y->reg ? -1 : x->reg > y->reg;
}

/* The value of @bytes bytes in CPU order (reg_defaults_raw). */
static unsigned int regcache_raw_get(const void *p, size_t bytes)
{
	switch (bytes) {
	case 1:
		return *(const unsigned char *)p;
	case 2:
		return *(const unsigned short *)p;
	default:
		return *(const unsigned int *)p;
	}
}

/*
 * Defaults from num_reg_defaults_raw registers: the values of
 * reg_defaults_raw, or, without it, what the device holds now.
 */
static int regcache_hw_init(struct regmap *map, const struct regmap_config *config)
{
	unsigned int count = config->num_reg_defaults_raw, n = 0;
	size_t vb = map->format.val_bytes;
	bool bypass = map->cache_bypass;
	int ret = 0;

	map->reg_defaults = calloc(count, sizeof(*map->reg_defaults));
	if (!map->reg_defaults)
		return -ENOMEM;
	map->cache_bypass = true;
	for (unsigned int i = 0; i < count && !ret; i++) {
		unsigned int reg = regmap_get_offset(map, i), val;

		if (!regmap_readable(map, reg) || regmap_volatile(map, reg))
			continue;
		if (config->reg_defaults_raw)
			val = regcache_raw_get((const char *)config->reg_defaults_raw + i * vb, vb);
		else
			ret = _regmap_read(map, reg, &val);
		if (ret)
			break;
		map->reg_defaults[n].reg = reg;
		map->reg_defaults[n++].def = val;
	}
	map->cache_bypass = bypass;
	map->num_reg_defaults = n;
	return ret;
}

static int regcache_copy_defaults(struct regmap *map, const struct regmap_config *config)
{
	size_t size = config->num_reg_defaults * sizeof(*map->reg_defaults);

	for (unsigned int i = 0; i < config->num_reg_defaults; i++)
		if (config->reg_defaults[i].reg % map->reg_stride)
			return -EINVAL;
	map->reg_defaults = malloc(size);
	if (!map->reg_defaults)
		return -ENOMEM;
	memcpy(map->reg_defaults, config->reg_defaults, size);
	map->num_reg_defaults = config->num_reg_defaults;
	/* Sorted, for the lookups of regcache_lookup_reg(). */
	qsort(map->reg_defaults, map->num_reg_defaults, sizeof(*map->reg_defaults),
	      regcache_default_cmp);
	return 0;
}

int regcache_init(struct regmap *map, const struct regmap_config *config)
{
	int ret = 0;

	if (map->cache_type == REGCACHE_NONE) {
		if (config->reg_defaults || config->num_reg_defaults_raw)
			regmap_warn(map, "No cache used with register defaults set!\n");
		map->cache_bypass = true;
		return 0;
	}
	if (!config->reg_defaults != !config->num_reg_defaults) {
		regmap_err(map, "Register defaults are set without the %s!\n",
			   config->reg_defaults ? "number" : "reg");
		return -EINVAL;
	}
	map->cache_ops = regcache_ops_of(map->cache_type);
	if (!map->cache_ops) {
		regmap_err(map, "Could not match compress type: %d\n", map->cache_type);
		return -EINVAL;
	}
	if (config->reg_defaults)
		ret = regcache_copy_defaults(map, config);
	else if (config->num_reg_defaults_raw)
		ret = regcache_hw_init(map, config);
	if (!map->max_register && config->num_reg_defaults_raw)
		map->max_register = (config->num_reg_defaults_raw - 1) * map->reg_stride;
	if (!ret)
		ret = map->cache_ops->init(map);
	if (ret) {
		free(map->reg_defaults);
		map->reg_defaults = NULL;
		map->cache_ops = NULL;
	}
	return ret;
}

void regcache_exit(struct regmap *map)
{
	if (map->cache_ops)
		map->cache_ops->exit(map);
	free(map->reg_defaults);
}

int regcache_read(struct regmap *map, unsigned int reg, unsigned int *value)
{
	if (map->cache_type == REGCACHE_NONE || !map->cache_ops)
		return -ENOSYS;
	if (regmap_volatile(map, reg))
		return -EINVAL;
	return map->cache_ops->read(map, reg, value);
}

int regcache_write(struct regmap *map, unsigned int reg, unsigned int value)
{
	if (map->cache_type == REGCACHE_NONE || !map->cache_ops || regmap_volatile(map, reg))
		return 0;
	return map->cache_ops->write(map, reg, value);
}

int regcache_lookup_reg(struct regmap *map, unsigned int reg)
{
	struct reg_default key = { .reg = reg }, *r;

	if (!map->num_reg_defaults)
		return -ENOENT;
	r = bsearch(&key, map->reg_defaults, map->num_reg_defaults, sizeof(key),
		    regcache_default_cmp);
	return r ? (int)(r - map->reg_defaults) : -ENOENT;
}

bool regcache_reg_needs_sync(struct regmap *map, unsigned int reg, unsigned int val)
{
	int i;

	/* Unless the device is known to be reset to its defaults, write everything. */
	if (!map->no_sync_defaults)
		return true;
	i = regcache_lookup_reg(map, reg);
	return !(i >= 0 && val == map->reg_defaults[i].def);
}

int regcache_sync_val(struct regmap *map, unsigned int reg, unsigned int val)
{
	int ret;

	map->cache_bypass = true;
	ret = _regmap_write(map, reg, val);
	map->cache_bypass = false;
	if (ret)
		regmap_err(map, "Unable to sync register %#x. %d\n", reg, ret);
	return ret;
}

static int regcache_default_sync(struct regmap *map, unsigned int min, unsigned int max)
{
	for (unsigned long reg = min; reg <= max; reg += map->reg_stride) {
		unsigned int val;
		int ret;

		if (regmap_volatile(map, reg) || !regmap_writeable(map, reg))
			continue;
		ret = regcache_read(map, reg, &val);
		if (ret)
			return ret;
		if (!regcache_reg_needs_sync(map, reg, val))
			continue;
		ret = regcache_sync_val(map, reg, val);
		if (ret)
			return ret;
	}
	return 0;
}

static int regcache_do_sync(struct regmap *map, unsigned int min, unsigned int max, bool all)
{
	bool bypass;
	int ret = 0;

	if (map->cache_type == REGCACHE_NONE || !map->cache_ops) {
		REGCACHE_WARN(map, all ? "regcache_sync" : "regcache_sync_region");
		return -EINVAL;
	}
	map->lock(map->lock_arg);
	bypass = map->cache_bypass;
	if (map->cache_dirty) {
		map->cache_bypass = false;
		if (map->cache_ops->sync)
			ret = map->cache_ops->sync(map, min, max);
		else
			ret = regcache_default_sync(map, min, max);
		if (!ret && all)
			map->cache_dirty = false;
	}
	map->cache_bypass = bypass;
	map->no_sync_defaults = false;
	map->unlock(map->lock_arg);
	return ret;
}

_public_ int regcache_sync(struct regmap *map)
{
	return regcache_do_sync(map, 0, map->max_register, true);
}

_public_ int regcache_sync_region(struct regmap *map, unsigned int min, unsigned int max)
{
	return regcache_do_sync(map, min, max, false);
}

_public_ int regcache_drop_region(struct regmap *map, unsigned int min, unsigned int max)
{
	int ret;

	if (!map->cache_ops || !map->cache_ops->drop)
		return -EINVAL;
	map->lock(map->lock_arg);
	ret = map->cache_ops->drop(map, min, max);
	map->unlock(map->lock_arg);
	return ret;
}

_public_ void regcache_cache_only(struct regmap *map, bool enable)
{
	map->lock(map->lock_arg);
	if (map->cache_type != REGCACHE_NONE && map->cache_bypass && enable)
		REGCACHE_WARN(map, "regcache_cache_only");
	map->cache_only = enable;
	map->unlock(map->lock_arg);
}

_public_ void regcache_cache_bypass(struct regmap *map, bool enable)
{
	map->lock(map->lock_arg);
	if (map->cache_only && enable)
		REGCACHE_WARN(map, "regcache_cache_bypass");
	map->cache_bypass = enable;
	map->unlock(map->lock_arg);
}

_public_ void regcache_mark_dirty(struct regmap *map)
{
	map->lock(map->lock_arg);
	map->cache_dirty = true;
	map->no_sync_defaults = true;
	map->unlock(map->lock_arg);
}
