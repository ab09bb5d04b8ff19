/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/regmap.h>: register maps, from libcdev's
 * <libcdev/regmap.h> (regmap_init(3)): the kernel's init macros for a
 * bus of the driver's, bus-less callbacks, memory regions and I2C
 * clients, its update, field and polling helpers.
 */
#ifndef LIBCDEV_KERNEL_LINUX_REGMAP_H
#define LIBCDEV_KERNEL_LINUX_REGMAP_H

#include <linux/bug.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/iopoll.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/types.h>
#include <libcdev/regmap.h>

#define regmap_init(dev, bus, bus_context, config) \
	__regmap_init(dev, bus, bus_context, config, NULL, NULL)
#define devm_regmap_init(dev, bus, bus_context, config) \
	__devm_regmap_init(dev, bus, bus_context, config, NULL, NULL)
#define regmap_init_mmio_clk(dev, clk_id, regs, config) \
	__regmap_init_mmio_clk(dev, clk_id, regs, config, NULL, NULL)
#define regmap_init_mmio(dev, regs, config) regmap_init_mmio_clk(dev, NULL, regs, config)
#define devm_regmap_init_mmio_clk(dev, clk_id, regs, config) \
	__devm_regmap_init_mmio_clk(dev, clk_id, regs, config, NULL, NULL)
#define devm_regmap_init_mmio(dev, regs, config) devm_regmap_init_mmio_clk(dev, NULL, regs, config)
#define regmap_init_i2c(i2c, config)		 __regmap_init_i2c(i2c, config, NULL, NULL)
#define devm_regmap_init_i2c(i2c, config)	 __devm_regmap_init_i2c(i2c, config, NULL, NULL)
#define regmap_init_spi(spi, config)		 __regmap_init_spi(spi, config, NULL, NULL)
#define devm_regmap_init_spi(spi, config)	 __devm_regmap_init_spi(spi, config, NULL, NULL)

#define regmap_reg_range(low, high) \
	((struct regmap_range){ .range_min = (low), .range_max = (high) })

#define REG_FIELD(_reg, _lsb, _msb)                         \
	{                                                   \
		.reg = (_reg), .lsb = (_lsb), .msb = (_msb) \
	}
#define REG_FIELD_ID(_reg, _lsb, _msb, _size, _offset)                           \
	{                                                                        \
		.reg = (_reg), .lsb = (_lsb), .msb = (_msb), .id_size = (_size), \
		.id_offset = (_offset)                                           \
	}
#define REG_SEQ(_reg, _def, _delay_us)                                \
	{                                                             \
		.reg = (_reg), .def = (_def), .delay_us = (_delay_us) \
	}
#define REG_SEQ0(_reg, _def) REG_SEQ(_reg, _def, 0)

static inline int regmap_update_bits(struct regmap *map, unsigned int reg, unsigned int mask,
				     unsigned int val)
{
	return regmap_update_bits_base(map, reg, mask, val, NULL, false, false);
}

static inline int regmap_update_bits_async(struct regmap *map, unsigned int reg, unsigned int mask,
					   unsigned int val)
{
	return regmap_update_bits_base(map, reg, mask, val, NULL, true, false);
}

static inline int regmap_update_bits_check(struct regmap *map, unsigned int reg, unsigned int mask,
					   unsigned int val, bool *change)
{
	return regmap_update_bits_base(map, reg, mask, val, change, false, false);
}

static inline int regmap_update_bits_check_async(struct regmap *map, unsigned int reg,
						 unsigned int mask, unsigned int val, bool *change)
{
	return regmap_update_bits_base(map, reg, mask, val, change, true, false);
}

static inline int regmap_write_bits(struct regmap *map, unsigned int reg, unsigned int mask,
				    unsigned int val)
{
	return regmap_update_bits_base(map, reg, mask, val, NULL, false, true);
}

static inline int regmap_set_bits(struct regmap *map, unsigned int reg, unsigned int bits)
{
	return regmap_update_bits_base(map, reg, bits, bits, NULL, false, false);
}

static inline int regmap_clear_bits(struct regmap *map, unsigned int reg, unsigned int bits)
{
	return regmap_update_bits_base(map, reg, bits, 0, NULL, false, false);
}

static inline int regmap_field_write(struct regmap_field *field, unsigned int val)
{
	return regmap_field_update_bits_base(field, ~0u, val, NULL, false, false);
}

static inline int regmap_field_force_write(struct regmap_field *field, unsigned int val)
{
	return regmap_field_update_bits_base(field, ~0u, val, NULL, false, true);
}

static inline int regmap_field_update_bits(struct regmap_field *field, unsigned int mask,
					   unsigned int val)
{
	return regmap_field_update_bits_base(field, mask, val, NULL, false, false);
}

static inline int regmap_field_force_update_bits(struct regmap_field *field, unsigned int mask,
						 unsigned int val)
{
	return regmap_field_update_bits_base(field, mask, val, NULL, false, true);
}

static inline int regmap_fields_write(struct regmap_field *field, unsigned int id, unsigned int val)
{
	return regmap_fields_update_bits_base(field, id, ~0u, val, NULL, false, false);
}

static inline int regmap_fields_force_write(struct regmap_field *field, unsigned int id,
					    unsigned int val)
{
	return regmap_fields_update_bits_base(field, id, ~0u, val, NULL, false, true);
}

static inline int regmap_fields_update_bits(struct regmap_field *field, unsigned int id,
					    unsigned int mask, unsigned int val)
{
	return regmap_fields_update_bits_base(field, id, mask, val, NULL, false, false);
}

/*
 * regmap_read_poll_timeout - read @addr into @val until @cond, sleeping
 * @sleep_us between reads, for at most @timeout_us (0: for ever)
 * Return: 0, -ETIMEDOUT, or the error of a read.
 */
#define regmap_read_poll_timeout(map, addr, val, cond, sleep_us, timeout_us)             \
	({                                                                               \
		int __ret, __tmp;                                                        \
		__tmp = read_poll_timeout(regmap_read, __ret, __ret || (cond), sleep_us, \
					  timeout_us, false, (map), (addr), &(val));     \
		__ret ?: __tmp;                                                          \
	})

#define regmap_read_poll_timeout_atomic(map, addr, val, cond, delay_us, timeout_us)             \
	({                                                                                      \
		int __ret, __tmp;                                                               \
		__tmp = read_poll_timeout_atomic(regmap_read, __ret, __ret || (cond), delay_us, \
						 timeout_us, false, (map), (addr), &(val));     \
		__ret ?: __tmp;                                                                 \
	})

#define regmap_field_read_poll_timeout(field, val, cond, sleep_us, timeout_us)                 \
	({                                                                                     \
		int __ret, __tmp;                                                              \
		__tmp = read_poll_timeout(regmap_field_read, __ret, __ret || (cond), sleep_us, \
					  timeout_us, false, (field), &(val));                 \
		__ret ?: __tmp;                                                                \
	})

#endif
