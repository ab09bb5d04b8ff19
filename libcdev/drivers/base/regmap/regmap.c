// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - register maps, after drivers/base/regmap/regmap.c: the access
 * rules, making and freeing maps, single accesses, bit updates and
 * sequences, each under the map's lock, through the cache (regcache.c) as
 * the kernel goes through it. A bus that moves bytes has its formats, raw
 * and bulk accesses in regmap-raw.c; fields are regmap-field.c.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/core.h"
#include "internal.h"
#include <libcdev/err.h>
#include <libcdev/platform.h>
#include <libcdev/printk.h>

/* Every map, for dev_get_regmap(); the kernel finds them among the device's resources. */
static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;
static struct regmap *maps;

static void regmap_lock_mutex(void *arg)
{
	struct regmap *map = arg;

	pthread_mutex_lock(&map->mutex);
}

static void regmap_unlock_mutex(void *arg)
{
	struct regmap *map = arg;

	pthread_mutex_unlock(&map->mutex);
}

static void regmap_lock_unlock_none(void *arg)
{
	(void)arg;
}

/* ---- access rules ---- */

_public_ bool regmap_reg_in_ranges(unsigned int reg, const struct regmap_range *ranges,
				   unsigned int nranges)
{
	for (unsigned int i = 0; i < nranges; i++)
		if (reg >= ranges[i].range_min && reg <= ranges[i].range_max)
			return true;
	return false;
}

_public_ bool regmap_check_range_table(struct regmap *map, unsigned int reg,
				       const struct regmap_access_table *table)
{
	(void)map;
	if (regmap_reg_in_ranges(reg, table->no_ranges, table->n_no_ranges))
		return false;
	if (!table->n_yes_ranges)
		return true;
	return regmap_reg_in_ranges(reg, table->yes_ranges, table->n_yes_ranges);
}

bool regmap_writeable(struct regmap *map, unsigned int reg)
{
	if (map->max_register && reg > map->max_register)
		return false;
	if (map->writeable_reg)
		return map->writeable_reg(map->dev, reg);
	if (map->wr_table)
		return regmap_check_range_table(map, reg, map->wr_table);
	return true;
}

bool regmap_readable(struct regmap *map, unsigned int reg)
{
	if (!map->reg_read)
		return false;
	if (map->max_register && reg > map->max_register)
		return false;
	/* A packed format is write-only. */
	if (map->format.packed)
		return false;
	if (map->readable_reg)
		return map->readable_reg(map->dev, reg);
	if (map->rd_table)
		return regmap_check_range_table(map, reg, map->rd_table);
	return true;
}

bool regmap_volatile(struct regmap *map, unsigned int reg)
{
	if (!map->format.packed && !regmap_readable(map, reg))
		return false;
	if (map->volatile_reg)
		return map->volatile_reg(map->dev, reg);
	if (map->volatile_table)
		return regmap_check_range_table(map, reg, map->volatile_table);
	/* Without a cache every register is volatile. */
	return !map->cache_ops;
}

bool regmap_precious(struct regmap *map, unsigned int reg)
{
	if (!regmap_readable(map, reg))
		return false;
	if (map->precious_reg)
		return map->precious_reg(map->dev, reg);
	if (map->precious_table)
		return regmap_check_range_table(map, reg, map->precious_table);
	return false;
}

/* ---- a bus of register numbers ---- */

static int _regmap_bus_reg_read(void *context, unsigned int reg, unsigned int *val)
{
	struct regmap *map = context;

	reg = (reg + map->reg_base) >> map->format.reg_downshift;
	return map->bus->reg_read(map->bus_context, reg, val);
}

static int _regmap_bus_reg_write(void *context, unsigned int reg, unsigned int val)
{
	struct regmap *map = context;

	reg = (reg + map->reg_base) >> map->format.reg_downshift;
	return map->bus->reg_write(map->bus_context, reg, val);
}

/* ---- making and freeing maps ---- */

static void regmap_set_lock(struct regmap *map, const struct regmap_config *config)
{
	if (config->disable_locking) {
		map->lock = map->unlock = regmap_lock_unlock_none;
		map->can_sleep = config->can_sleep;
	} else if (config->lock && config->unlock) {
		map->lock = config->lock;
		map->unlock = config->unlock;
		map->lock_arg = config->lock_arg;
		map->can_sleep = config->can_sleep;
	} else {
		/* The kernel's spinlock of fast_io is a mutex here too. */
		pthread_mutex_init(&map->mutex, NULL);
		map->lock = regmap_lock_mutex;
		map->unlock = regmap_unlock_mutex;
		map->lock_arg = map;
		map->can_sleep = !(config->fast_io || (map->bus && map->bus->fast_io));
	}
}

static void regmap_copy_rules(struct regmap *map, const struct regmap_config *config)
{
	map->max_register = config->max_register;
	map->wr_table = config->wr_table;
	map->rd_table = config->rd_table;
	map->volatile_table = config->volatile_table;
	map->precious_table = config->precious_table;
	map->writeable_reg = config->writeable_reg;
	map->readable_reg = config->readable_reg;
	map->volatile_reg = config->volatile_reg;
	map->precious_reg = config->precious_reg;
	map->cache_type = config->cache_type;
}

/* Which accesses the map has: the configuration's callbacks, the bus's registers or its bytes. */
static int regmap_set_accesses(struct regmap *map, const struct regmap_config *config)
{
	const struct regmap_bus *bus = map->bus;

	if (config->read && config->write) {
		map->read = config->read;
		map->write = config->write;
		map->reg_update_bits = config->reg_update_bits;
		return regmap_set_format(map, config);
	}
	if (!bus) {
		map->reg_read = config->reg_read;
		map->reg_write = config->reg_write;
		map->reg_update_bits = config->reg_update_bits;
		return 0;
	}
	map->reg_update_bits = bus->reg_update_bits;
	if (!bus->read || !bus->write) {
		map->reg_read = bus->reg_read ? _regmap_bus_reg_read : NULL;
		map->reg_write = bus->reg_write ? _regmap_bus_reg_write : NULL;
		return 0;
	}
	map->read = bus->read;
	map->write = bus->write;
	return regmap_set_format(map, config);
}

static int regmap_setup(struct regmap *map, const struct regmap_config *config)
{
	const struct regmap_bus *bus = map->bus;

	map->reg_base = config->reg_base;
	map->format.reg_bytes = (config->reg_bits + 7) / 8;
	map->format.pad_bytes = config->pad_bits / 8;
	map->format.val_bytes = (config->val_bits + 7) / 8;
	map->format.reg_downshift = config->reg_downshift;
	map->reg_stride = config->reg_stride ? config->reg_stride : 1;
	map->use_single_read = config->use_single_read || !(config->read || (bus && bus->read));
	map->use_single_write = config->use_single_write || !(config->write || (bus && bus->write));
	if (bus) {
		map->max_raw_read = bus->max_raw_read;
		map->max_raw_write = bus->max_raw_write;
	} else if (config->max_raw_read && config->max_raw_write) {
		map->max_raw_read = config->max_raw_read;
		map->max_raw_write = config->max_raw_write;
	}
	if (config->read_flag_mask || config->write_flag_mask || config->zero_flag_mask) {
		map->read_flag_mask = config->read_flag_mask;
		map->write_flag_mask = config->write_flag_mask;
	} else if (bus) {
		map->read_flag_mask = bus->read_flag_mask;
	}
	regmap_copy_rules(map, config);
	if (config->num_ranges) {
		regmap_err(map, "paged register ranges are not supported\n");
		return -EINVAL;
	}
	return regmap_set_accesses(map, config);
}

static void regmap_free(struct regmap *map)
{
	if (map->lock == regmap_lock_mutex)
		pthread_mutex_destroy(&map->mutex);
	free(map->work_buf);
	free((char *)map->name);
	free(map);
}

_public_ struct regmap *__regmap_init(struct device *dev, const struct regmap_bus *bus,
				      void *bus_context, const struct regmap_config *config,
				      struct lock_class_key *lock_key, const char *lock_name)
{
	struct regmap *map;
	int ret = -ENOMEM;

	(void)lock_key;
	(void)lock_name;
	if (!config)
		return ERR_PTR(-EINVAL);
	map = calloc(1, sizeof(*map));
	if (!map)
		return ERR_PTR(-ENOMEM);
	map->dev = dev;
	map->bus = bus;
	map->bus_context = bus_context;
	if (config->name && !(map->name = strdup(config->name)))
		goto err_free;
	regmap_set_lock(map, config);
	ret = regmap_setup(map, config);
	if (ret)
		goto err_free;
	ret = -ENOMEM;
	map->work_buf =
		calloc(1, map->format.reg_bytes + map->format.pad_bytes + map->format.val_bytes);
	if (!map->work_buf)
		goto err_free;
	ret = regcache_init(map, config);
	if (ret)
		goto err_free;
	pthread_mutex_lock(&maps_lock);
	map->next = maps;
	maps = map;
	pthread_mutex_unlock(&maps_lock);
	return map;

err_free:
	regmap_free(map);
	return ERR_PTR(ret);
}

_public_ void regmap_exit(struct regmap *map)
{
	struct regmap **pp;

	if (!map)
		return;
	pthread_mutex_lock(&maps_lock);
	for (pp = &maps; *pp; pp = &(*pp)->next)
		if (*pp == map) {
			*pp = map->next;
			break;
		}
	pthread_mutex_unlock(&maps_lock);
	regcache_exit(map);
	if (map->bus && map->bus->free_context)
		map->bus->free_context(map->bus_context);
	if (map->bus && map->bus->free_on_exit)
		free((void *)map->bus);
	regmap_free(map);
}

/* The map of a devm_ init, made after its release is registered, as the kernel's devres. */
struct regmap_devres {
	struct regmap *map;
};

static void devm_regmap_release(void *data)
{
	struct regmap_devres *dr = data;

	regmap_exit(dr->map);
	free(dr);
}

_public_ struct regmap *__devm_regmap_init(struct device *dev, const struct regmap_bus *bus,
					   void *bus_context, const struct regmap_config *config,
					   struct lock_class_key *lock_key, const char *lock_name)
{
	struct regmap_devres *dr = calloc(1, sizeof(*dr));
	struct regmap *map;
	int ret = dr ? devm_add_action(dev, devm_regmap_release, dr) : -ENOMEM;

	/* A failure leaves @bus_context to the caller, as __regmap_init() does. */
	if (ret) {
		free(dr);
		return ERR_PTR(ret);
	}
	map = __regmap_init(dev, bus, bus_context, config, lock_key, lock_name);
	if (IS_ERR(map))
		devm_release_action(dev, devm_regmap_release, dr);
	else
		dr->map = map;
	return map;
}

_public_ struct regmap *dev_get_regmap(struct device *dev, const char *name)
{
	struct regmap *map;

	pthread_mutex_lock(&maps_lock);
	for (map = maps; map; map = map->next)
		if (map->dev == dev && (!name || (map->name && !strcmp(map->name, name))))
			break;
	pthread_mutex_unlock(&maps_lock);
	return map;
}

_public_ struct device *regmap_get_device(struct regmap *map)
{
	return map->dev;
}

_public_ int regmap_get_val_bytes(struct regmap *map)
{
	return map->format.val_bytes;
}

_public_ int regmap_get_max_register(struct regmap *map)
{
	return map->max_register ? (int)map->max_register : -EINVAL;
}

_public_ int regmap_get_reg_stride(struct regmap *map)
{
	return map->reg_stride;
}

_public_ bool regmap_can_raw_write(struct regmap *map)
{
	return map->write && !map->format.packed;
}

_public_ size_t regmap_get_raw_read_max(struct regmap *map)
{
	return map->max_raw_read;
}

_public_ size_t regmap_get_raw_write_max(struct regmap *map)
{
	return map->max_raw_write;
}

_public_ int regmap_async_complete(struct regmap *map)
{
	(void)map;
	return 0;
}

/* The context the map's reg_read and reg_write take: the map itself for a bus. */
static void *regmap_context(struct regmap *map)
{
	return map->bus || map->read ? (void *)map : map->bus_context;
}

/* ---- single registers ---- */

int _regmap_write(struct regmap *map, unsigned int reg, unsigned int val)
{
	int ret;

	if (!regmap_writeable(map, reg))
		return -EIO;
	if (!map->cache_bypass) {
		ret = regcache_write(map, reg, val);
		if (ret)
			return ret;
		if (map->cache_only) {
			map->cache_dirty = true;
			return 0;
		}
	}
	if (!map->reg_write)
		return -EIO;
	return map->reg_write(regmap_context(map), reg, val);
}

int _regmap_read(struct regmap *map, unsigned int reg, unsigned int *val)
{
	int ret;

	if (!map->cache_bypass && !regcache_read(map, reg, val))
		return 0;
	if (map->cache_only)
		return -EBUSY;
	if (!regmap_readable(map, reg))
		return -EIO;
	ret = map->reg_read(regmap_context(map), reg, val);
	if (!ret && !map->cache_bypass)
		regcache_write(map, reg, *val);
	return ret;
}

_public_ int regmap_write(struct regmap *map, unsigned int reg, unsigned int val)
{
	int ret;

	if (reg % map->reg_stride)
		return -EINVAL;
	map->lock(map->lock_arg);
	ret = _regmap_write(map, reg, val);
	map->unlock(map->lock_arg);
	return ret;
}

_public_ int regmap_write_async(struct regmap *map, unsigned int reg, unsigned int val)
{
	return regmap_write(map, reg, val);
}

_public_ int regmap_read(struct regmap *map, unsigned int reg, unsigned int *val)
{
	int ret;

	if (reg % map->reg_stride)
		return -EINVAL;
	map->lock(map->lock_arg);
	ret = _regmap_read(map, reg, val);
	map->unlock(map->lock_arg);
	return ret;
}

static int _regmap_update_bits(struct regmap *map, unsigned int reg, unsigned int mask,
			       unsigned int val, bool *change, bool force)
{
	unsigned int orig, tmp;
	int ret;

	if (change)
		*change = false;
	if (regmap_volatile(map, reg) && map->reg_update_bits) {
		reg = (reg + map->reg_base) >> map->format.reg_downshift;
		ret = map->reg_update_bits(map->bus_context, reg, mask, val);
		if (!ret && change)
			*change = true;
		return ret;
	}
	ret = _regmap_read(map, reg, &orig);
	if (ret)
		return ret;
	tmp = (orig & ~mask) | (val & mask);
	if (force || tmp != orig) {
		ret = _regmap_write(map, reg, tmp);
		if (!ret && change)
			*change = true;
	}
	return ret;
}

_public_ int regmap_update_bits_base(struct regmap *map, unsigned int reg, unsigned int mask,
				     unsigned int val, bool *change, bool async, bool force)
{
	int ret;

	(void)async;
	map->lock(map->lock_arg);
	ret = _regmap_update_bits(map, reg, mask, val, change, force);
	map->unlock(map->lock_arg);
	return ret;
}

_public_ int regmap_test_bits(struct regmap *map, unsigned int reg, unsigned int bits)
{
	unsigned int val;
	int ret = regmap_read(map, reg, &val);

	if (ret)
		return ret;
	return (val & bits) == bits;
}

/* ---- sequences ---- */

static void regmap_delay(struct regmap *map, unsigned int us)
{
	struct timespec ts = { us / 1000000, (long)(us % 1000000) * 1000 };

	/* The kernel sleeps (fsleep()) or spins (udelay()); the wait is what counts. */
	(void)map;
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

static int _regmap_multi_reg_write(struct regmap *map, const struct reg_sequence *regs,
				   int num_regs)
{
	for (int i = 0; i < num_regs; i++) {
		int ret = _regmap_write(map, regs[i].reg, regs[i].def);

		if (ret)
			return ret;
		if (regs[i].delay_us)
			regmap_delay(map, regs[i].delay_us);
	}
	return 0;
}

_public_ int regmap_multi_reg_write(struct regmap *map, const struct reg_sequence *regs,
				    int num_regs)
{
	int ret;

	map->lock(map->lock_arg);
	ret = _regmap_multi_reg_write(map, regs, num_regs);
	map->unlock(map->lock_arg);
	return ret;
}

_public_ int regmap_multi_reg_write_bypassed(struct regmap *map, const struct reg_sequence *regs,
					     int num_regs)
{
	bool bypass;
	int ret;

	map->lock(map->lock_arg);
	bypass = map->cache_bypass;
	map->cache_bypass = true;
	ret = _regmap_multi_reg_write(map, regs, num_regs);
	map->cache_bypass = bypass;
	map->unlock(map->lock_arg);
	return ret;
}
