// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - register maps of I2C devices, after
 * drivers/base/regmap/regmap-i2c.c: the bus a map uses is chosen by what
 * the client's adapter can do, as the kernel chooses it: plain I2C
 * messages (the register, then the values, a repeated start before a
 * read), else the SMBus transfers that fit the register and value sizes.
 * An adapter's length quirks bound the map's raw reads and writes.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "internal.h"
#include <libcdev/err.h>
#include <libcdev/i2c.h>

static bool regmap_i2c_can(struct i2c_client *i2c, uint32_t func)
{
	return (i2c_get_functionality(i2c->adapter) & func) == func;
}

/* ---- SMBus byte and word transfers: register numbers, no formatting ---- */

static int regmap_smbus_byte_reg_read(void *context, unsigned int reg, unsigned int *val)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);
	int ret;

	if (reg > 0xff)
		return -EINVAL;
	ret = i2c_smbus_read_byte_data(i2c, reg);
	if (ret < 0)
		return ret;
	*val = ret;
	return 0;
}

static int regmap_smbus_byte_reg_write(void *context, unsigned int reg, unsigned int val)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);

	if (val > 0xff || reg > 0xff)
		return -EINVAL;
	return i2c_smbus_write_byte_data(i2c, reg, val);
}

static const struct regmap_bus regmap_smbus_byte = {
	.reg_write = regmap_smbus_byte_reg_write,
	.reg_read = regmap_smbus_byte_reg_read,
};

static int regmap_smbus_word_read(void *context, unsigned int reg, unsigned int *val, bool swapped)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);
	int ret;

	if (reg > 0xff)
		return -EINVAL;
	ret = i2c_smbus_read_word_data(i2c, reg);
	if (ret < 0)
		return ret;
	*val = swapped ? __builtin_bswap16((uint16_t)ret) : (unsigned int)ret;
	return 0;
}

static int regmap_smbus_word_write(void *context, unsigned int reg, unsigned int val, bool swapped)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);

	if (val > 0xffff || reg > 0xff)
		return -EINVAL;
	return i2c_smbus_write_word_data(i2c, reg,
					 swapped ? __builtin_bswap16((uint16_t)val) : val);
}

static int regmap_smbus_word_reg_read(void *context, unsigned int reg, unsigned int *val)
{
	return regmap_smbus_word_read(context, reg, val, false);
}

static int regmap_smbus_word_reg_write(void *context, unsigned int reg, unsigned int val)
{
	return regmap_smbus_word_write(context, reg, val, false);
}

static int regmap_smbus_word_read_swapped(void *context, unsigned int reg, unsigned int *val)
{
	return regmap_smbus_word_read(context, reg, val, true);
}

static int regmap_smbus_word_write_swapped(void *context, unsigned int reg, unsigned int val)
{
	return regmap_smbus_word_write(context, reg, val, true);
}

static const struct regmap_bus regmap_smbus_word = {
	.reg_write = regmap_smbus_word_reg_write,
	.reg_read = regmap_smbus_word_reg_read,
};

/* Big-endian words: the SMBus word is little-endian on the wire. */
static const struct regmap_bus regmap_smbus_word_swapped = {
	.reg_write = regmap_smbus_word_write_swapped,
	.reg_read = regmap_smbus_word_read_swapped,
};

/* ---- plain I2C: formatted bytes ---- */

static int regmap_i2c_result(int ret, int want)
{
	if (ret == want)
		return 0;
	return ret < 0 ? ret : -EIO;
}

static int regmap_i2c_write(void *context, const void *data, size_t count)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);

	return regmap_i2c_result(i2c_transfer_buffer_flags(i2c, (char *)data, (int)count, 0),
				 (int)count);
}

static int regmap_i2c_gather_write(void *context, const void *reg, size_t reg_size, const void *val,
				   size_t val_size)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);
	struct i2c_msg xfer[2] = {
		{ .addr = i2c->addr, .len = reg_size, .buf = (uint8_t *)reg },
		{ .addr = i2c->addr,
		  .flags = I2C_M_NOSTART,
		  .len = val_size,
		  .buf = (uint8_t *)val },
	};

	/* Without NOSTART the core writes one linear buffer instead. */
	if (!regmap_i2c_can(i2c, I2C_FUNC_NOSTART))
		return -ENOTSUPP;
	return regmap_i2c_result(i2c_transfer(i2c->adapter, xfer, 2), 2);
}

static int regmap_i2c_read(void *context, const void *reg, size_t reg_size, void *val,
			   size_t val_size)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);
	struct i2c_msg xfer[2] = {
		{ .addr = i2c->addr, .len = reg_size, .buf = (uint8_t *)reg },
		{ .addr = i2c->addr, .flags = I2C_M_RD, .len = val_size, .buf = val },
	};

	return regmap_i2c_result(i2c_transfer(i2c->adapter, xfer, 2), 2);
}

static const struct regmap_bus regmap_i2c = {
	.write = regmap_i2c_write,
	.gather_write = regmap_i2c_gather_write,
	.read = regmap_i2c_read,
	.reg_format_endian_default = REGMAP_ENDIAN_BIG,
	.val_format_endian_default = REGMAP_ENDIAN_BIG,
};

/* ---- SMBus I2C-block transfers: formatted bytes of 8-bit values ---- */

static int regmap_i2c_smbus_i2c_write(void *context, const void *data, size_t count)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);
	const uint8_t *b = data;

	if (count < 1)
		return -EINVAL;
	return i2c_smbus_write_i2c_block_data(i2c, b[0], count - 1, b + 1);
}

static int regmap_i2c_smbus_i2c_read(void *context, const void *reg, size_t reg_size, void *val,
				     size_t val_size)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);

	if (reg_size != 1 || val_size < 1)
		return -EINVAL;
	return regmap_i2c_result(i2c_smbus_read_i2c_block_data(i2c, ((const uint8_t *)reg)[0],
							       val_size, val),
				 (int)val_size);
}

static const struct regmap_bus regmap_i2c_smbus_i2c_block = {
	.write = regmap_i2c_smbus_i2c_write,
	.read = regmap_i2c_smbus_i2c_read,
	.max_raw_read = I2C_SMBUS_BLOCK_MAX - 1,
	.max_raw_write = I2C_SMBUS_BLOCK_MAX - 1,
};

/* 16-bit registers: the first byte is the command, the second leads the data. */
static int regmap_i2c_smbus_i2c_write_reg16(void *context, const void *data, size_t count)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);
	const uint8_t *b = data;

	if (count < 2)
		return -EINVAL;
	return i2c_smbus_write_i2c_block_data(i2c, b[0], count - 1, b + 1);
}

/* The register's address written, then current-address reads of one byte each. */
static int regmap_i2c_smbus_i2c_read_reg16(void *context, const void *reg, size_t reg_size,
					   void *val, size_t val_size)
{
	struct i2c_client *i2c = to_i2c_client((struct device *)context);
	const uint8_t *r = reg;
	uint8_t *v = val;
	size_t count = 0;
	int ret;

	if (reg_size != 2)
		return -EINVAL;
	ret = i2c_smbus_write_byte_data(i2c, r[0], r[1]);
	if (ret < 0)
		return ret;
	while (count < val_size) {
		ret = i2c_smbus_read_byte(i2c);
		if (ret < 0)
			break;
		v[count++] = ret;
	}
	if (count == val_size)
		return 0;
	return ret < 0 ? ret : -EIO;
}

static const struct regmap_bus regmap_i2c_smbus_i2c_block_reg16 = {
	.write = regmap_i2c_smbus_i2c_write_reg16,
	.read = regmap_i2c_smbus_i2c_read_reg16,
	.max_raw_read = I2C_SMBUS_BLOCK_MAX - 2,
	.max_raw_write = I2C_SMBUS_BLOCK_MAX - 2,
};

/* ---- choosing the bus ---- */

static const struct regmap_bus *regmap_i2c_smbus_bus(struct i2c_client *i2c,
						     const struct regmap_config *config)
{
	int r = config->reg_bits, v = config->val_bits;

	if (v == 8 && r == 8 && regmap_i2c_can(i2c, I2C_FUNC_SMBUS_I2C_BLOCK))
		return &regmap_i2c_smbus_i2c_block;
	if (v == 8 && r == 16 && regmap_i2c_can(i2c, I2C_FUNC_SMBUS_I2C_BLOCK))
		return &regmap_i2c_smbus_i2c_block_reg16;
	if (v == 16 && r == 8 && regmap_i2c_can(i2c, I2C_FUNC_SMBUS_WORD_DATA)) {
		switch (regmap_get_val_endian(&i2c->dev, NULL, config)) {
		case REGMAP_ENDIAN_LITTLE:
			return &regmap_smbus_word;
		case REGMAP_ENDIAN_BIG:
			return &regmap_smbus_word_swapped;
		default: /* native: not supported, as in the kernel */
			return NULL;
		}
	}
	if (v == 8 && r == 8 && regmap_i2c_can(i2c, I2C_FUNC_SMBUS_BYTE_DATA))
		return &regmap_smbus_byte;
	return NULL;
}

/* A copy of @bus bounded by the adapter's quirks, freed with the map; @bus if none bind. */
static const struct regmap_bus *regmap_i2c_quirked(struct i2c_client *i2c,
						   const struct regmap_bus *bus,
						   const struct regmap_config *config)
{
	const struct i2c_adapter_quirks *q = i2c->adapter->quirks;
	size_t max_read = 0, max_write = 0;
	struct regmap_bus *copy;

	if (!q)
		return bus;
	if (q->max_read_len && (!bus->max_raw_read || bus->max_raw_read > q->max_read_len))
		max_read = q->max_read_len;
	if (q->max_write_len && (!bus->max_raw_write || bus->max_raw_write > q->max_write_len))
		max_write = q->max_write_len - (config->reg_bits + config->pad_bits) / 8;
	if (!max_read && !max_write)
		return bus;
	copy = malloc(sizeof(*copy));
	if (!copy)
		return ERR_PTR(-ENOMEM);
	*copy = *bus;
	copy->free_on_exit = true;
	copy->max_raw_read = max_read;
	copy->max_raw_write = max_write;
	return copy;
}

static const struct regmap_bus *regmap_get_i2c_bus(struct i2c_client *i2c,
						   const struct regmap_config *config)
{
	const struct regmap_bus *bus;

	if (regmap_i2c_can(i2c, I2C_FUNC_I2C))
		bus = &regmap_i2c;
	else
		bus = regmap_i2c_smbus_bus(i2c, config);
	if (!bus)
		return ERR_PTR(-ENOTSUPP);
	return regmap_i2c_quirked(i2c, bus, config);
}

static void regmap_i2c_put_bus(const struct regmap_bus *bus)
{
	if (bus->free_on_exit)
		free((void *)bus);
}

_public_ struct regmap *__regmap_init_i2c(struct i2c_client *i2c,
					  const struct regmap_config *config,
					  struct lock_class_key *lock_key, const char *lock_name)
{
	const struct regmap_bus *bus = regmap_get_i2c_bus(i2c, config);
	struct regmap *map;

	if (IS_ERR(bus))
		return ERR_PTR(PTR_ERR(bus));
	map = __regmap_init(&i2c->dev, bus, &i2c->dev, config, lock_key, lock_name);
	if (IS_ERR(map))
		regmap_i2c_put_bus(bus);
	return map;
}

_public_ struct regmap *__devm_regmap_init_i2c(struct i2c_client *i2c,
					       const struct regmap_config *config,
					       struct lock_class_key *lock_key,
					       const char *lock_name)
{
	const struct regmap_bus *bus = regmap_get_i2c_bus(i2c, config);
	struct regmap *map;

	if (IS_ERR(bus))
		return ERR_PTR(PTR_ERR(bus));
	map = __devm_regmap_init(&i2c->dev, bus, &i2c->dev, config, lock_key, lock_name);
	if (IS_ERR(map))
		regmap_i2c_put_bus(bus);
	return map;
}
