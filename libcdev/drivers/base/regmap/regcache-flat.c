// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - the flat register cache, after drivers/base/regmap/regcache-flat.c:
 * one value per register up to max_register, the defaults or 0 at first.
 * As in the kernel, every register is cached from the start: a read is
 * answered from the cache even before the device was ever read.
 */
#include <errno.h>
#include <stdlib.h>

#include "internal.h"

static unsigned int regcache_flat_index(const struct regmap *map, unsigned int reg)
{
	return reg / map->reg_stride;
}

static int regcache_flat_init(struct regmap *map)
{
	unsigned int *cache;

	if (!map->max_register)
		return -EINVAL;
	cache = calloc(regcache_flat_index(map, map->max_register) + 1, sizeof(*cache));
	if (!cache)
		return -ENOMEM;
	for (unsigned int i = 0; i < map->num_reg_defaults; i++)
		cache[regcache_flat_index(map, map->reg_defaults[i].reg)] =
			map->reg_defaults[i].def;
	map->cache = cache;
	return 0;
}

static void regcache_flat_exit(struct regmap *map)
{
	free(map->cache);
	map->cache = NULL;
}

static int regcache_flat_read(struct regmap *map, unsigned int reg, unsigned int *value)
{
	unsigned int *cache = map->cache;

	/* The kernel would read past the cache; here a register beyond it is uncached. */
	if (reg > map->max_register)
		return -ENOENT;
	*value = cache[regcache_flat_index(map, reg)];
	return 0;
}

static int regcache_flat_write(struct regmap *map, unsigned int reg, unsigned int value)
{
	unsigned int *cache = map->cache;

	if (reg > map->max_register)
		return -EINVAL;
	cache[regcache_flat_index(map, reg)] = value;
	return 0;
}

const struct regcache_ops regcache_flat_ops = {
	.name = "flat",
	.type = REGCACHE_FLAT,
	.init = regcache_flat_init,
	.exit = regcache_flat_exit,
	.read = regcache_flat_read,
	.write = regcache_flat_write,
};
