/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - register maps (include/linux/regmap.h, drivers/base/regmap/): a
 * device's registers reached through one API whatever the bus, with the
 * kernel's access rules (readable, writeable, volatile, precious; stride
 * and max_register) and its register caches (flat, rbtree; maple is the
 * rbtree here). A map is made on a struct regmap_bus of the caller's, on
 * callbacks in the configuration (no bus), or on a memory region of a
 * platform device (regmap_init_mmio(), <libcdev/io.h>).
 *
 * Errors are the kernel's: -EINVAL for a register off the stride, -EIO for
 * one that may not be read or written (or beyond max_register), -EBUSY for
 * a read that must reach the device while the map is cache-only.
 */
#ifndef LIBCDEV_REGMAP_H
#define LIBCDEV_REGMAP_H

#include <stdbool.h>
#include <stddef.h>

#include <libcdev/device.h>
#include <libcdev/names.h>

struct regmap;
struct regmap_field;

enum regcache_type {
	REGCACHE_NONE,
	REGCACHE_RBTREE,
	REGCACHE_COMPRESSED, /* refused: -EINVAL, as a kernel without LZO */
	REGCACHE_FLAT,
	REGCACHE_MAPLE, /* the rbtree cache: the same observable behaviour */
};

enum regmap_endian {
	REGMAP_ENDIAN_DEFAULT = 0,
	REGMAP_ENDIAN_BIG,
	REGMAP_ENDIAN_LITTLE,
	REGMAP_ENDIAN_NATIVE,
};

struct reg_default {
	unsigned int reg;
	unsigned int def;
};

struct reg_sequence {
	unsigned int reg;
	unsigned int def;
	unsigned int delay_us;
};

struct regmap_range {
	unsigned int range_min;
	unsigned int range_max;
};

/* A register is in the table when no no_range holds it and a yes_range does (or there are none). */
struct regmap_access_table {
	const struct regmap_range *yes_ranges;
	unsigned int n_yes_ranges;
	const struct regmap_range *no_ranges;
	unsigned int n_no_ranges;
};

/* Paged registers: accepted in the configuration's type only; a map with ranges is refused. */
struct regmap_range_cfg {
	const char *name;
	unsigned int range_min;
	unsigned int range_max;
	unsigned int selector_reg;
	unsigned int selector_mask;
	int selector_shift;
	unsigned int window_start;
	unsigned int window_len;
};

typedef void (*regmap_lock)(void *);
typedef void (*regmap_unlock)(void *);

struct regmap_config {
	const char *name;
	int reg_bits;
	int reg_stride;
	int reg_downshift;
	unsigned int reg_base;
	int pad_bits;
	int val_bits;
	bool (*writeable_reg)(struct device *dev, unsigned int reg);
	bool (*readable_reg)(struct device *dev, unsigned int reg);
	bool (*volatile_reg)(struct device *dev, unsigned int reg);
	bool (*precious_reg)(struct device *dev, unsigned int reg);
	bool (*writeable_noinc_reg)(struct device *dev, unsigned int reg);
	bool (*readable_noinc_reg)(struct device *dev, unsigned int reg);
	bool disable_locking;
	regmap_lock lock;
	regmap_unlock unlock;
	void *lock_arg;
	/* The bus-less form: the map calls these with the init's bus_context. */
	int (*reg_read)(void *context, unsigned int reg, unsigned int *val);
	int (*reg_write)(void *context, unsigned int reg, unsigned int val);
	int (*reg_update_bits)(void *context, unsigned int reg, unsigned int mask,
			       unsigned int val);
	int (*read)(void *context, const void *reg_buf, size_t reg_size, void *val_buf,
		    size_t val_size);
	int (*write)(void *context, const void *data, size_t count);
	size_t max_raw_read;
	size_t max_raw_write;
	bool fast_io;
	bool io_port;
	unsigned int max_register;
	const struct regmap_access_table *wr_table;
	const struct regmap_access_table *rd_table;
	const struct regmap_access_table *volatile_table;
	const struct regmap_access_table *precious_table;
	const struct regmap_access_table *wr_noinc_table;
	const struct regmap_access_table *rd_noinc_table;
	const struct reg_default *reg_defaults;
	unsigned int num_reg_defaults;
	enum regcache_type cache_type;
	const void *reg_defaults_raw;
	unsigned int num_reg_defaults_raw;
	unsigned long read_flag_mask;
	unsigned long write_flag_mask;
	bool zero_flag_mask;
	bool use_single_read;
	bool use_single_write;
	bool use_relaxed_mmio;
	bool can_multi_write;
	enum regmap_endian reg_format_endian;
	enum regmap_endian val_format_endian;
	const struct regmap_range_cfg *ranges;
	unsigned int num_ranges;
	bool use_hwlock;
	bool use_raw_spinlock;
	unsigned int hwlock_id;
	unsigned int hwlock_mode;
	bool can_sleep;
};

typedef int (*regmap_hw_write)(void *context, const void *data, size_t count);
typedef int (*regmap_hw_gather_write)(void *context, const void *reg, size_t reg_len,
				      const void *val, size_t val_len);
typedef int (*regmap_hw_read)(void *context, const void *reg_buf, size_t reg_size, void *val_buf,
			      size_t val_size);
typedef int (*regmap_hw_reg_read)(void *context, unsigned int reg, unsigned int *val);
typedef int (*regmap_hw_reg_write)(void *context, unsigned int reg, unsigned int val);
typedef int (*regmap_hw_reg_update_bits)(void *context, unsigned int reg, unsigned int mask,
					 unsigned int val);
typedef void (*regmap_hw_free_context)(void *context);

/*
 * A bus with read and write moves formatted bytes (the register, padding,
 * then the values, in the configured endianness); one without either is
 * called with register numbers (reg_read, reg_write). Asynchronous writes
 * are done synchronously.
 */
struct regmap_bus {
	bool fast_io;
	regmap_hw_write write;
	regmap_hw_gather_write gather_write;
	void *async_write; /* unused */
	regmap_hw_reg_write reg_write;
	void *reg_noinc_write; /* unused */
	regmap_hw_reg_update_bits reg_update_bits;
	regmap_hw_read read;
	regmap_hw_reg_read reg_read;
	void *reg_noinc_read; /* unused */
	regmap_hw_free_context free_context;
	void *async_alloc; /* unused */
	unsigned char read_flag_mask;
	enum regmap_endian reg_format_endian_default;
	enum regmap_endian val_format_endian_default;
	size_t max_raw_read;
	size_t max_raw_write;
	bool free_on_exit;
};

/* A bit field of a register, [@lsb, @msb]; id_size/id_offset for regmap_fields_*(). */
struct reg_field {
	unsigned int reg;
	unsigned int lsb;
	unsigned int msb;
	unsigned int id_size;
	unsigned int id_offset;
};

struct lock_class_key;

/**
 * __regmap_init - a map of @config on @bus (NULL: the config's reg_read and
 * reg_write, called with @bus_context)
 * Return: the map, or ERR_PTR(-EINVAL) (a format, stride or cache the
 * configuration cannot have), ERR_PTR(-ENOMEM).
 */
struct regmap *__regmap_init(struct device *dev, const struct regmap_bus *bus, void *bus_context,
			     const struct regmap_config *config, struct lock_class_key *lock_key,
			     const char *lock_name);
/** __devm_regmap_init - __regmap_init(), exited when @dev is unbound */
struct regmap *__devm_regmap_init(struct device *dev, const struct regmap_bus *bus,
				  void *bus_context, const struct regmap_config *config,
				  struct lock_class_key *lock_key, const char *lock_name);
/**
 * __regmap_init_mmio_clk - a map of the registers at @regs (an ioremap()
 * of a platform device's region): 32-bit register numbers are byte
 * offsets; values of 8 to 64 bits, little-endian unless @config says big;
 * the clock @clk_id of @dev (NULL: none) enabled around each access
 */
struct regmap *__regmap_init_mmio_clk(struct device *dev, const char *clk_id, void *regs,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key, const char *lock_name);
struct regmap *__devm_regmap_init_mmio_clk(struct device *dev, const char *clk_id, void *regs,
					   const struct regmap_config *config,
					   struct lock_class_key *lock_key, const char *lock_name);
struct i2c_client;
/**
 * __regmap_init_i2c - a map of the registers of an I2C device: plain I2C
 * transfers when its adapter has them, else SMBus I2C-block (8-bit values
 * at 8- or 16-bit registers), word (16-bit values, 8-bit registers) or
 * byte transfers, as the adapter can
 * Return: the map, or ERR_PTR(-ENOTSUPP) when the adapter can do none.
 */
struct regmap *__regmap_init_i2c(struct i2c_client *i2c, const struct regmap_config *config,
				 struct lock_class_key *lock_key, const char *lock_name);
struct regmap *__devm_regmap_init_i2c(struct i2c_client *i2c, const struct regmap_config *config,
				      struct lock_class_key *lock_key, const char *lock_name);
struct spi_device;
/**
 * __regmap_init_spi - a map of the registers of an SPI device: the register
 * then the values in one message; a read's register has its top bit set
 * (the config's read_flag_mask otherwise), formats big-endian by default
 */
struct regmap *__regmap_init_spi(struct spi_device *spi, const struct regmap_config *config,
				 struct lock_class_key *lock_key, const char *lock_name);
struct regmap *__devm_regmap_init_spi(struct spi_device *spi, const struct regmap_config *config,
				      struct lock_class_key *lock_key, const char *lock_name);
/** regmap_exit - free @map and its cache (a devm map exits at unbind) */
void regmap_exit(struct regmap *map);
/** dev_get_regmap - @dev's map named @name (NULL: its first), or NULL */
struct regmap *dev_get_regmap(struct device *dev, const char *name);
struct device *regmap_get_device(struct regmap *map);

int regmap_write(struct regmap *map, unsigned int reg, unsigned int val);
/** regmap_write_async - regmap_write(): every write here completes at once */
int regmap_write_async(struct regmap *map, unsigned int reg, unsigned int val);
int regmap_read(struct regmap *map, unsigned int reg, unsigned int *val);
/**
 * regmap_raw_write - @val_len bytes of values, already in the device's
 * format, from @reg on; only on a bus with write()
 * Return: 0, -EINVAL (no such bus, a length not of whole values, an
 * unwriteable register among them), the bus's error.
 */
int regmap_raw_write(struct regmap *map, unsigned int reg, const void *val, size_t val_len);
/** regmap_raw_read - the device's format into @val; -ENOTSUPP without a bus read() */
int regmap_raw_read(struct regmap *map, unsigned int reg, void *val, size_t val_len);
/** regmap_bulk_write - @val_count values of the map's value size (u8, u16, u32) in CPU order */
int regmap_bulk_write(struct regmap *map, unsigned int reg, const void *val, size_t val_count);
int regmap_bulk_read(struct regmap *map, unsigned int reg, void *val, size_t val_count);
/** regmap_multi_reg_write - each of @regs in turn, waiting delay_us after one that asks */
int regmap_multi_reg_write(struct regmap *map, const struct reg_sequence *regs, int num_regs);
/** regmap_multi_reg_write_bypassed - the same, past the cache */
int regmap_multi_reg_write_bypassed(struct regmap *map, const struct reg_sequence *regs,
				    int num_regs);
/**
 * regmap_update_bits_base - read, change the bits of @mask to @val, and
 * write when that changed anything (always with @force); *@change says
 * whether it wrote. A volatile register goes to the bus's reg_update_bits
 * when it has one.
 */
int regmap_update_bits_base(struct regmap *map, unsigned int reg, unsigned int mask,
			    unsigned int val, bool *change, bool async, bool force);
/** regmap_test_bits - 1 if every bit of @bits is set, 0 if not, or an errno */
int regmap_test_bits(struct regmap *map, unsigned int reg, unsigned int bits);
int regmap_get_val_bytes(struct regmap *map);
int regmap_get_max_register(struct regmap *map);
int regmap_get_reg_stride(struct regmap *map);
bool regmap_can_raw_write(struct regmap *map);
size_t regmap_get_raw_read_max(struct regmap *map);
size_t regmap_get_raw_write_max(struct regmap *map);
int regmap_async_complete(struct regmap *map);
/**
 * regmap_get_val_endian - the values' byte order of a map of @config on
 * @bus: the configuration's, else the device's big-endian, little-endian or
 * native-endian property, else the bus's default, else big
 */
enum regmap_endian regmap_get_val_endian(struct device *dev, const struct regmap_bus *bus,
					 const struct regmap_config *config);
bool regmap_check_range_table(struct regmap *map, unsigned int reg,
			      const struct regmap_access_table *table);
bool regmap_reg_in_ranges(unsigned int reg, const struct regmap_range *ranges,
			  unsigned int nranges);

/**
 * regcache_sync - write the cache back to the device after it lost its
 * state: nothing unless a write went to the cache only (or
 * regcache_mark_dirty()); after regcache_mark_dirty(), registers at their
 * default are skipped, as the device reset them
 */
int regcache_sync(struct regmap *map);
int regcache_sync_region(struct regmap *map, unsigned int min, unsigned int max);
/** regcache_drop_region - forget the cached values of [@min, @max] */
int regcache_drop_region(struct regmap *map, unsigned int min, unsigned int max);
/** regcache_cache_only - writes go to the cache only, reads the device never */
void regcache_cache_only(struct regmap *map, bool enable);
/** regcache_cache_bypass - reads and writes go to the device only */
void regcache_cache_bypass(struct regmap *map, bool enable);
/** regcache_mark_dirty - the device was reset: the next sync writes what is not at its default */
void regcache_mark_dirty(struct regmap *map);

/** regmap_field_alloc - a field of @map; ERR_PTR(-ENOMEM) */
struct regmap_field *regmap_field_alloc(struct regmap *map, struct reg_field reg_field);
void regmap_field_free(struct regmap_field *field);
struct regmap_field *devm_regmap_field_alloc(struct device *dev, struct regmap *map,
					     struct reg_field reg_field);
void devm_regmap_field_free(struct device *dev, struct regmap_field *field);
/** regmap_field_bulk_alloc - @num_fields fields into @rm_field; 0 or -ENOMEM */
int regmap_field_bulk_alloc(struct regmap *map, struct regmap_field **rm_field,
			    const struct reg_field *reg_field, int num_fields);
void regmap_field_bulk_free(struct regmap_field *field);
int devm_regmap_field_bulk_alloc(struct device *dev, struct regmap *map,
				 struct regmap_field **field, const struct reg_field *reg_field,
				 int num_fields);
void devm_regmap_field_bulk_free(struct device *dev, struct regmap_field *field);
int regmap_field_read(struct regmap_field *field, unsigned int *val);
int regmap_field_update_bits_base(struct regmap_field *field, unsigned int mask, unsigned int val,
				  bool *change, bool async, bool force);
/** regmap_field_test_bits - 1 if every bit of @bits is set in the field */
int regmap_field_test_bits(struct regmap_field *field, unsigned int bits);
int regmap_field_set_bits(struct regmap_field *field, unsigned int bits);
int regmap_field_clear_bits(struct regmap_field *field, unsigned int bits);
/** regmap_fields_read - the field of instance @id (its register + @id * id_offset) */
int regmap_fields_read(struct regmap_field *field, unsigned int id, unsigned int *val);
int regmap_fields_update_bits_base(struct regmap_field *field, unsigned int id, unsigned int mask,
				   unsigned int val, bool *change, bool async, bool force);

#endif
