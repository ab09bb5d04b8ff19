// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - the register maps of a bus that moves bytes, after
 * drivers/base/regmap/regmap.c: the register and the values formatted in
 * the configured byte order, single accesses through the bus's read() and
 * write(), raw accesses of several registers, and bulk accesses of values
 * in the CPU's order, through the cache where the kernel goes through it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "internal.h"
#include <libcdev/platform.h>

static bool regmap_volatile_range(struct regmap *map, unsigned int reg, size_t num)
{
	for (size_t i = 0; i < num; i++)
		if (!regmap_volatile(map, reg + regmap_get_offset(map, i)))
			return false;
	return true;
}

/* ---- formats of a bus that moves bytes ---- */

unsigned int regmap_parse(const void *buf, size_t bytes, enum regmap_endian endian)
{
	const unsigned char *b = buf;
	unsigned int val = 0;

	for (size_t i = 0; i < bytes; i++) {
		size_t at = endian == REGMAP_ENDIAN_LITTLE ? bytes - 1 - i : i;

		val = (val << 8) | b[at];
	}
	return val;
}

void regmap_format(void *buf, size_t bytes, enum regmap_endian endian, unsigned int val)
{
	unsigned char *b = buf;

	for (size_t i = 0; i < bytes; i++) {
		size_t at = endian == REGMAP_ENDIAN_LITTLE ? i : bytes - 1 - i;

		b[at] = val & 0xff;
		val >>= 8;
	}
}

/* The register in the work buffer, with the flag mask or-ed in from its top byte. */
static void regmap_format_reg(struct regmap *map, unsigned int reg, unsigned long flag_mask)
{
	size_t n = map->format.reg_bytes;

	reg = (reg + map->reg_base) >> map->format.reg_downshift;
	regmap_format(map->work_buf, n, map->format.reg_endian, reg);
	for (size_t i = 0; i < n; i++)
		map->work_buf[i] |= (flag_mask >> (8 * (n - i - 1))) & 0xff;
	memset(map->work_buf + n, 0, map->format.pad_bytes);
}

/* The value of @bytes bytes in CPU order at @p (bulk buffers), and back. */
static unsigned int regmap_cpu_get(const void *p, size_t bytes)
{
	switch (bytes) {
	case 1:
		return *(const uint8_t *)p;
	case 2:
		return *(const uint16_t *)p;
	default:
		return *(const uint32_t *)p;
	}
}

static void regmap_cpu_put(void *p, size_t bytes, unsigned int val)
{
	switch (bytes) {
	case 1:
		*(uint8_t *)p = val;
		break;
	case 2:
		*(uint16_t *)p = val;
		break;
	default:
		*(uint32_t *)p = val;
	}
}

/* Whether values have an in-place CPU form (the kernel's parse_inplace): not 24 bits. */
static bool regmap_has_inplace(const struct regmap *map)
{
	return map->format.val_bytes != 3 && !map->format.packed;
}

/* The byte order @e means on this machine: BIG or LITTLE. */
static enum regmap_endian regmap_endian_resolve(enum regmap_endian e)
{
	if (e == REGMAP_ENDIAN_NATIVE)
		return __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? REGMAP_ENDIAN_BIG :
								REGMAP_ENDIAN_LITTLE;
	return e;
}

static enum regmap_endian regmap_get_reg_endian(const struct regmap_bus *bus,
						const struct regmap_config *config)
{
	if (config->reg_format_endian != REGMAP_ENDIAN_DEFAULT)
		return config->reg_format_endian;
	if (bus && bus->reg_format_endian_default != REGMAP_ENDIAN_DEFAULT)
		return bus->reg_format_endian_default;
	return REGMAP_ENDIAN_BIG;
}

_public_ enum regmap_endian regmap_get_val_endian(struct device *dev, const struct regmap_bus *bus,
						  const struct regmap_config *config)
{
	if (config->val_format_endian != REGMAP_ENDIAN_DEFAULT)
		return config->val_format_endian;
	/* The device's description, as the kernel's firmware node. */
	if (dev && device_property_present(dev, "big-endian"))
		return REGMAP_ENDIAN_BIG;
	if (dev && device_property_present(dev, "little-endian"))
		return REGMAP_ENDIAN_LITTLE;
	if (dev && device_property_present(dev, "native-endian"))
		return REGMAP_ENDIAN_NATIVE;
	if (bus && bus->val_format_endian_default != REGMAP_ENDIAN_DEFAULT)
		return bus->val_format_endian_default;
	return REGMAP_ENDIAN_BIG;
}

/* ---- the bus's accesses ---- */

static int regmap_bus_raw_read(struct regmap *map, unsigned int reg, void *val, size_t val_len)
{
	if (!map->read)
		return -EINVAL;
	regmap_format_reg(map, reg, map->read_flag_mask);
	return map->read(map->bus_context, map->work_buf,
			 map->format.reg_bytes + map->format.pad_bytes, val, val_len);
}

static int _regmap_bus_read(void *context, unsigned int reg, unsigned int *val)
{
	struct regmap *map = context;
	unsigned char buf[4];
	int ret = regmap_bus_raw_read(map, reg, buf, map->format.val_bytes);

	if (!ret)
		*val = regmap_parse(buf, map->format.val_bytes, map->format.val_endian);
	return ret;
}

/* One transfer of formatted values: one write() when they follow the register, else gathered. */
static int regmap_bus_raw_write(struct regmap *map, unsigned int reg, const void *val,
				size_t val_len)
{
	size_t head = map->format.reg_bytes + map->format.pad_bytes;
	unsigned char *buf;
	int ret;

	regmap_format_reg(map, reg, map->write_flag_mask);
	if (val == map->work_buf + head)
		return map->write(map->bus_context, map->work_buf, head + val_len);
	if (map->bus && map->bus->gather_write) {
		ret = map->bus->gather_write(map->bus_context, map->work_buf, head, val, val_len);
		/* A bus that cannot gather this time takes the bytes in one piece. */
		if (ret != -ENOTSUPP)
			return ret;
	}
	buf = malloc(head + val_len);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, map->work_buf, head);
	memcpy(buf + head, val, val_len);
	ret = map->write(map->bus_context, buf, head + val_len);
	free(buf);
	return ret;
}

static int regmap_raw_write_impl(struct regmap *map, unsigned int reg, const void *val,
				 size_t val_len)
{
	size_t vb = map->format.val_bytes, count = val_len / vb;
	int ret;

	for (size_t i = 0; i < count; i++)
		if (!regmap_writeable(map, reg + regmap_get_offset(map, i)))
			return -EINVAL;
	if (!map->cache_bypass) {
		for (size_t i = 0; i < count; i++) {
			unsigned int v = regmap_parse((const unsigned char *)val + i * vb, vb,
						      map->format.val_endian);

			ret = regcache_write(map, reg + regmap_get_offset(map, i), v);
			if (ret)
				return ret;
		}
		if (map->cache_only) {
			map->cache_dirty = true;
			return 0;
		}
	}
	return regmap_bus_raw_write(map, reg, val, val_len);
}

static int _regmap_bus_raw_write(void *context, unsigned int reg, unsigned int val)
{
	struct regmap *map = context;
	unsigned char *v = map->work_buf + map->format.reg_bytes + map->format.pad_bytes;

	regmap_format(v, map->format.val_bytes, map->format.val_endian, val);
	return regmap_raw_write_impl(map, reg, v, map->format.val_bytes);
}

/* One write of the register and value packed big-endian, as the kernel's format_write. */
static int _regmap_bus_formatted_write(void *context, unsigned int reg, unsigned int val)
{
	struct regmap *map = context;

	reg = (reg + map->reg_base) >> map->format.reg_downshift;
	regmap_format(map->work_buf, map->format.buf_size, REGMAP_ENDIAN_BIG,
		      (reg << map->format.val_bits) | val);
	return map->write(map->bus_context, map->work_buf, map->format.buf_size);
}

/* The kernel's packed formats: 2/6, 4/12, 7/9, 7/17, 10/14 and 12/20 bits. */
static bool regmap_set_packed(struct regmap *map, const struct regmap_config *config)
{
	static const int formats[][2] = { { 2, 6 },  { 4, 12 },	 { 7, 9 },
					  { 7, 17 }, { 10, 14 }, { 12, 20 } };

	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (config->reg_bits == formats[i][0] && config->val_bits == formats[i][1] &&
		    !config->pad_bits) {
			map->format.packed = true;
			map->format.val_bits = config->val_bits;
			map->format.buf_size = (config->reg_bits + config->val_bits) / 8;
			map->reg_read = _regmap_bus_read; /* never called: nothing is readable */
			map->reg_write = _regmap_bus_formatted_write;
			return true;
		}
	return false;
}

int regmap_set_format(struct regmap *map, const struct regmap_config *config)
{
	const struct regmap_bus *bus = map->bus;

	if (regmap_set_packed(map, config))
		return 0;
	if (config->reg_bits % 8 || config->val_bits % 8 || config->pad_bits % 8 ||
	    config->reg_bits < 8 || config->reg_bits > 32 || config->val_bits < 8 ||
	    config->val_bits > 32) {
		regmap_err(map, "%d-bit registers of %d-bit values are not supported\n",
			   config->reg_bits, config->val_bits);
		return -EINVAL;
	}
	if (!(config->read && config->write)) {
		map->format.reg_endian = regmap_get_reg_endian(bus, config);
		map->format.val_endian = regmap_get_val_endian(map->dev, bus, config);
	} else {
		/* The configuration's own read and write take the CPU's order. */
		map->format.reg_endian = REGMAP_ENDIAN_NATIVE;
		map->format.val_endian = REGMAP_ENDIAN_NATIVE;
	}
	map->format.reg_endian = regmap_endian_resolve(map->format.reg_endian);
	map->format.val_endian = regmap_endian_resolve(map->format.val_endian);
	map->reg_read = _regmap_bus_read;
	map->reg_write = _regmap_bus_raw_write;
	return 0;
}

/* ---- several registers ---- */

/* In chunks of what the bus takes at once: one register, max_raw_write, or all. */
int _regmap_raw_write(struct regmap *map, unsigned int reg, const void *val, size_t val_len)
{
	size_t vb = map->format.val_bytes, chunk = val_len;
	const unsigned char *p = val;
	int ret = 0;

	if (map->use_single_write)
		chunk = vb;
	else if (map->max_raw_write && val_len > map->max_raw_write)
		chunk = map->max_raw_write / vb * vb;
	while (val_len && !ret) {
		size_t n = val_len < chunk ? val_len : chunk;

		ret = regmap_raw_write_impl(map, reg, p, n);
		reg += regmap_get_offset(map, n / vb);
		p += n;
		val_len -= n;
	}
	return ret;
}

_public_ int regmap_raw_write(struct regmap *map, unsigned int reg, const void *val, size_t val_len)
{
	int ret;

	if (!regmap_can_raw_write(map))
		return -EINVAL;
	if (val_len % map->format.val_bytes || reg % map->reg_stride)
		return -EINVAL;
	map->lock(map->lock_arg);
	ret = _regmap_raw_write(map, reg, val, val_len);
	map->unlock(map->lock_arg);
	return ret;
}

static int regmap_raw_read_chunks(struct regmap *map, unsigned int reg, void *val, size_t val_len)
{
	size_t vb = map->format.val_bytes, chunk = val_len;
	unsigned char *p = val;
	int ret = 0;

	if (!map->cache_bypass && map->cache_only)
		return -EBUSY;
	if (map->use_single_read)
		chunk = vb;
	else if (map->max_raw_read && val_len > map->max_raw_read)
		chunk = map->max_raw_read / vb * vb;
	while (val_len && !ret) {
		size_t n = val_len < chunk ? val_len : chunk;

		ret = regmap_bus_raw_read(map, reg, p, n);
		reg += regmap_get_offset(map, n / vb);
		p += n;
		val_len -= n;
	}
	return ret;
}

/* Register by register through the cache, formatted for the device. */
static int regmap_raw_read_cached(struct regmap *map, unsigned int reg, void *val, size_t count)
{
	size_t vb = map->format.val_bytes;

	for (size_t i = 0; i < count; i++) {
		unsigned int v;
		int ret = _regmap_read(map, reg + regmap_get_offset(map, i), &v);

		if (ret)
			return ret;
		regmap_format((unsigned char *)val + i * vb, vb, map->format.val_endian, v);
	}
	return 0;
}

_public_ int regmap_raw_read(struct regmap *map, unsigned int reg, void *val, size_t val_len)
{
	size_t count;
	int ret;

	if (!map->read)
		return -ENOTSUPP;
	if (map->format.packed)
		return -EINVAL;
	if (val_len % map->format.val_bytes || reg % map->reg_stride)
		return -EINVAL;
	count = val_len / map->format.val_bytes;
	if (!count)
		return -EINVAL;
	map->lock(map->lock_arg);
	if (regmap_volatile_range(map, reg, count) || map->cache_bypass ||
	    map->cache_type == REGCACHE_NONE)
		ret = regmap_raw_read_chunks(map, reg, val, val_len);
	else
		ret = regmap_raw_read_cached(map, reg, val, count);
	map->unlock(map->lock_arg);
	return ret;
}

_public_ int regmap_bulk_read(struct regmap *map, unsigned int reg, void *val, size_t val_count)
{
	size_t vb = map->format.val_bytes;
	unsigned char *p = val;
	int ret = 0;

	if (reg % map->reg_stride || !val_count)
		return -EINVAL;
	if (map->read && regmap_has_inplace(map) &&
	    (regmap_volatile_range(map, reg, val_count) || map->cache_type == REGCACHE_NONE)) {
		ret = regmap_raw_read(map, reg, val, vb * val_count);
		for (size_t i = 0; !ret && i < val_count; i++)
			regmap_cpu_put(p + i * vb, vb,
				       regmap_parse(p + i * vb, vb, map->format.val_endian));
		return ret;
	}
	map->lock(map->lock_arg);
	for (size_t i = 0; i < val_count && !ret; i++) {
		unsigned int v;

		ret = _regmap_read(map, reg + regmap_get_offset(map, i), &v);
		if (!ret)
			regmap_cpu_put(p + i * vb, vb, v);
	}
	map->unlock(map->lock_arg);
	return ret;
}

_public_ int regmap_bulk_write(struct regmap *map, unsigned int reg, const void *val,
			       size_t val_count)
{
	size_t vb = map->format.val_bytes;
	const unsigned char *p = val;
	unsigned char *wval;
	int ret = 0;

	if (reg % map->reg_stride)
		return -EINVAL;
	if (!map->write || !regmap_has_inplace(map)) {
		map->lock(map->lock_arg);
		for (size_t i = 0; i < val_count && !ret; i++)
			ret = _regmap_write(map, reg + regmap_get_offset(map, i),
					    regmap_cpu_get(p + i * vb, vb));
		map->unlock(map->lock_arg);
		return ret;
	}
	wval = malloc(vb * val_count + 1);
	if (!wval)
		return -ENOMEM;
	for (size_t i = 0; i < val_count; i++)
		regmap_format(wval + i * vb, vb, map->format.val_endian,
			      regmap_cpu_get(p + i * vb, vb));
	ret = regmap_raw_write(map, reg, wval, vb * val_count);
	free(wval);
	return ret;
}
