/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the register map's own structures (drivers/base/regmap/internal.h):
 * for the files of drivers/base/regmap/ only.
 */
#ifndef LIBCDEV_REGMAP_INTERNAL_H
#define LIBCDEV_REGMAP_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <libcdev/printk.h>
#include <libcdev/regmap.h>

#ifndef ENOTSUPP
#define ENOTSUPP 524 /* the kernel's own code, as <linux/errno.h> has it */
#endif

struct regmap;

struct regcache_ops {
	const char *name;
	enum regcache_type type;
	int (*init)(struct regmap *map);
	void (*exit)(struct regmap *map);
	/* -ENOENT: not cached */
	int (*read)(struct regmap *map, unsigned int reg, unsigned int *value);
	int (*write)(struct regmap *map, unsigned int reg, unsigned int value);
	/* NULL: every register of the range is read from the cache in turn */
	int (*sync)(struct regmap *map, unsigned int min, unsigned int max);
	int (*drop)(struct regmap *map, unsigned int min, unsigned int max);
};

extern const struct regcache_ops regcache_flat_ops;
extern const struct regcache_ops regcache_rbtree_ops;

struct regmap_format {
	size_t reg_bytes, pad_bytes, val_bytes;
	enum regmap_endian reg_endian, val_endian; /* BIG or LITTLE once made */
	unsigned int reg_downshift;
	/* Register and value packed in buf_size bytes (the kernel's format_write: 7/9 and others). */
	bool packed;
	unsigned int val_bits;
	size_t buf_size;
};

struct regmap {
	struct regmap *next; /* every map, for dev_get_regmap() */
	struct device *dev;
	const char *name;
	void (*lock)(void *arg);
	void (*unlock)(void *arg);
	void *lock_arg;
	pthread_mutex_t mutex;

	const struct regmap_bus *bus;
	void *bus_context;
	struct regmap_format format;
	unsigned char *work_buf; /* register, padding and one value, under the lock */
	unsigned int reg_base;
	unsigned int reg_stride;
	unsigned int max_register;
	unsigned long read_flag_mask, write_flag_mask;
	bool use_single_read, use_single_write;
	size_t max_raw_read, max_raw_write;
	bool can_sleep;

	/* The register accesses: the bus's, or the configuration's. */
	int (*reg_read)(void *context, unsigned int reg, unsigned int *val);
	int (*reg_write)(void *context, unsigned int reg, unsigned int val);
	int (*reg_update_bits)(void *context, unsigned int reg, unsigned int mask,
			       unsigned int val);
	regmap_hw_read read;   /* raw, formatted */
	regmap_hw_write write; /* raw, formatted */

	bool (*writeable_reg)(struct device *dev, unsigned int reg);
	bool (*readable_reg)(struct device *dev, unsigned int reg);
	bool (*volatile_reg)(struct device *dev, unsigned int reg);
	bool (*precious_reg)(struct device *dev, unsigned int reg);
	const struct regmap_access_table *wr_table, *rd_table, *volatile_table, *precious_table;

	/* The cache (regcache.c). */
	enum regcache_type cache_type;
	const struct regcache_ops *cache_ops;
	void *cache;
	struct reg_default *reg_defaults; /* a copy, sorted by register */
	unsigned int num_reg_defaults;
	bool cache_only, cache_bypass, cache_dirty, no_sync_defaults;
};

static inline const char *regmap_dev_name(const struct regmap *map)
{
	return map->dev && map->dev->name ? map->dev->name : "(no device)";
}

/* The kernel's dev_err() and dev_warn() of a map, naming its device. */
#define regmap_err(map, fmt, ...) \
	printk(KERN_ERR "regmap %s: " fmt, regmap_dev_name(map), ##__VA_ARGS__)
#define regmap_warn(map, fmt, ...) \
	printk(KERN_WARNING "regmap %s: " fmt, regmap_dev_name(map), ##__VA_ARGS__)

static inline unsigned int regmap_get_offset(const struct regmap *map, unsigned int index)
{
	return index * map->reg_stride;
}

bool regmap_readable(struct regmap *map, unsigned int reg);
bool regmap_writeable(struct regmap *map, unsigned int reg);
bool regmap_volatile(struct regmap *map, unsigned int reg);
bool regmap_precious(struct regmap *map, unsigned int reg);
int _regmap_read(struct regmap *map, unsigned int reg, unsigned int *val);
int _regmap_write(struct regmap *map, unsigned int reg, unsigned int val);
/* The formats and single accesses of a bus with read() and write() (regmap-raw.c). */
int regmap_set_format(struct regmap *map, const struct regmap_config *config);
int _regmap_raw_write(struct regmap *map, unsigned int reg, const void *val, size_t val_len);
/* The value of @bytes bytes at @buf in @endian order, and back. */
unsigned int regmap_parse(const void *buf, size_t bytes, enum regmap_endian endian);
void regmap_format(void *buf, size_t bytes, enum regmap_endian endian, unsigned int val);

int regcache_init(struct regmap *map, const struct regmap_config *config);
void regcache_exit(struct regmap *map);
int regcache_read(struct regmap *map, unsigned int reg, unsigned int *value);
int regcache_write(struct regmap *map, unsigned int reg, unsigned int value);
int regcache_lookup_reg(struct regmap *map, unsigned int reg);
bool regcache_reg_needs_sync(struct regmap *map, unsigned int reg, unsigned int val);
/* Write @val of @reg past the cache during a sync. */
int regcache_sync_val(struct regmap *map, unsigned int reg, unsigned int val);

#endif
