/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register maps (<linux/regmap.h>) with the kernel's semantics: the access
 * rules by callbacks and by tables, the flat and rbtree caches (hits that
 * never reach the device, volatile registers that always do), cache-only
 * writes and the sync that writes them back, update_bits that writes only a
 * change, raw and bulk accesses in the device's byte order, fields,
 * polling, and a memory-mapped map released at unbind.
 *
 * The device is a register array behind the bus-less callbacks, a byte
 * array behind a struct regmap_bus, or a platform device's memory; each
 * counts the accesses that reach it.
 */
#include <linux/clk.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/regmap.h>

#include <string.h>

#include "test-util.h"

/* ---- a device of unsigned int registers, behind the config's callbacks ---- */

struct fake {
	unsigned int regs[64];
	unsigned int reads, writes;
	unsigned int ready_after; /* register 9 reads 1 from this many reads on */
};

static int fake_read(void *ctx, unsigned int reg, unsigned int *val)
{
	struct fake *f = ctx;

	f->reads++;
	if (reg == 9)
		f->regs[9] = f->reads >= f->ready_after;
	*val = f->regs[reg];
	return 0;
}

static int fake_write(void *ctx, unsigned int reg, unsigned int val)
{
	struct fake *f = ctx;

	f->writes++;
	f->regs[reg] = val;
	return 0;
}

static bool rd_not5(struct device *dev, unsigned int reg)
{
	(void)dev;
	return reg != 5;
}

static bool wr_not6(struct device *dev, unsigned int reg)
{
	(void)dev;
	return reg != 6;
}

static bool vol_3_9(struct device *dev, unsigned int reg)
{
	(void)dev;
	return reg == 3 || reg == 9;
}

static struct regmap *fake_map(struct fake *f, struct regmap_config *cfg)
{
	struct regmap *map;

	memset(f, 0, sizeof(*f));
	cfg->reg_bits = 8;
	cfg->val_bits = 8 * sizeof(unsigned int);
	cfg->reg_read = fake_read;
	cfg->reg_write = fake_write;
	map = regmap_init(NULL, NULL, f, cfg);
	assert_false(IS_ERR(map));
	return map;
}

static void test_rules_callbacks(void **state)
{
	struct regmap_config cfg = {
		.max_register = 0x20,
		.readable_reg = rd_not5,
		.writeable_reg = wr_not6,
	};
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	unsigned int v;

	(void)state;
	assert_int_equal(regmap_write(map, 4, 0x44), 0);
	assert_int_equal(f.regs[4], 0x44);
	assert_int_equal(regmap_read(map, 4, &v), 0);
	assert_int_equal(v, 0x44);
	assert_int_equal(regmap_read(map, 5, &v), -EIO);
	assert_int_equal(regmap_write(map, 6, 1), -EIO);
	assert_int_equal(regmap_read(map, 0x21, &v), -EIO);
	assert_int_equal(regmap_write(map, 0x21, 1), -EIO);
	/* None of the refused accesses reached the device. */
	assert_int_equal(f.reads, 1);
	assert_int_equal(f.writes, 1);
	assert_int_equal(regmap_get_max_register(map), 0x20);
	assert_int_equal(regmap_get_val_bytes(map), 4);
	assert_null(regmap_get_device(map));
	regmap_exit(map);

	/* A stride of 4: a register between is refused, -EINVAL. */
	memset(&cfg, 0, sizeof(cfg));
	cfg.reg_stride = 4;
	map = fake_map(&f, &cfg);
	assert_int_equal(regmap_read(map, 2, &v), -EINVAL);
	assert_int_equal(regmap_write(map, 6, 1), -EINVAL);
	assert_int_equal(regmap_write(map, 8, 1), 0);
	assert_int_equal(regmap_get_reg_stride(map), 4);
	regmap_exit(map);
}

static const struct regmap_range rd_yes[] = { regmap_reg_range(0, 0x10) };
static const struct regmap_range rd_no[] = { regmap_reg_range(8, 9) };
static const struct regmap_access_table rd_table = {
	.yes_ranges = rd_yes,
	.n_yes_ranges = 1,
	.no_ranges = rd_no,
	.n_no_ranges = 1,
};
static const struct regmap_range wr_yes[] = { regmap_reg_range(0, 3), regmap_reg_range(12, 14) };
static const struct regmap_access_table wr_table = { .yes_ranges = wr_yes, .n_yes_ranges = 2 };
static const struct regmap_range vol_yes[] = { regmap_reg_range(2, 2) };
static const struct regmap_access_table vol_table = { .yes_ranges = vol_yes, .n_yes_ranges = 1 };

static void test_rules_tables(void **state)
{
	struct regmap_config cfg = {
		.rd_table = &rd_table,
		.wr_table = &wr_table,
		.volatile_table = &vol_table,
		.cache_type = REGCACHE_RBTREE,
	};
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	unsigned int v;

	(void)state;
	assert_int_equal(regmap_read(map, 8, &v), -EIO);
	assert_int_equal(regmap_read(map, 0x11, &v), -EIO);
	assert_int_equal(regmap_read(map, 7, &v), 0);
	assert_int_equal(regmap_write(map, 4, 1), -EIO);
	assert_int_equal(regmap_write(map, 13, 1), 0);
	assert_int_equal(regmap_write(map, 1, 1), 0);
	f.reads = 0;
	/* 1 was cached by its write, 7 by its read; 2 is volatile. */
	assert_int_equal(regmap_read(map, 1, &v), 0);
	assert_int_equal(regmap_read(map, 7, &v), 0);
	assert_int_equal(f.reads, 0);
	assert_int_equal(regmap_read(map, 2, &v), 0);
	assert_int_equal(regmap_read(map, 2, &v), 0);
	assert_int_equal(f.reads, 2);
	assert_true(regmap_check_range_table(map, 12, &wr_table));
	assert_false(regmap_check_range_table(map, 9, &rd_table));
	regmap_exit(map);
}

static const struct reg_default flat_defaults[] = { { 1, 0x11 }, { 3, 0x33 } };

static void test_flat_cache(void **state)
{
	struct regmap_config cfg = {
		.max_register = 0x1f,
		.volatile_reg = vol_3_9,
		.cache_type = REGCACHE_FLAT,
		.reg_defaults = flat_defaults,
		.num_reg_defaults = 2,
	};
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	unsigned int v;

	(void)state;
	/* A default, and a register never read: both from the cache, as the kernel's flat cache. */
	assert_int_equal(regmap_read(map, 1, &v), 0);
	assert_int_equal(v, 0x11);
	f.regs[4] = 0x99;
	assert_int_equal(regmap_read(map, 4, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(f.reads, 0);
	assert_int_equal(regmap_write(map, 2, 0x22), 0);
	assert_int_equal(f.writes, 1);
	assert_int_equal(regmap_read(map, 2, &v), 0);
	assert_int_equal(v, 0x22);
	assert_int_equal(f.reads, 0);
	/* Volatile: each read reaches the device, whatever the default. */
	f.regs[3] = 0x77;
	assert_int_equal(regmap_read(map, 3, &v), 0);
	assert_int_equal(v, 0x77);
	assert_int_equal(regmap_read(map, 3, &v), 0);
	assert_int_equal(f.reads, 2);
	/* Beyond max_register. */
	assert_int_equal(regmap_read(map, 0x20, &v), -EIO);
	/* The flat cache has no drop, as the kernel's. */
	assert_int_equal(regcache_drop_region(map, 0, 4), -EINVAL);
	regmap_exit(map);
}

static void test_rbtree_cache(void **state)
{
	struct regmap_config cfg = { .volatile_reg = vol_3_9, .cache_type = REGCACHE_MAPLE };
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	unsigned int v;

	(void)state;
	f.regs[4] = 0x40;
	assert_int_equal(regmap_read(map, 4, &v), 0);
	assert_int_equal(regmap_read(map, 4, &v), 0);
	assert_int_equal(v, 0x40);
	assert_int_equal(f.reads, 1);
	/* A written register is read from the cache. */
	assert_int_equal(regmap_write(map, 5, 0x55), 0);
	f.regs[5] = 0;
	assert_int_equal(regmap_read(map, 5, &v), 0);
	assert_int_equal(v, 0x55);
	assert_int_equal(f.reads, 1);
	assert_int_equal(regmap_read(map, 3, &v), 0);
	assert_int_equal(regmap_read(map, 3, &v), 0);
	assert_int_equal(f.reads, 3);
	/* Dropped: read from the device again. */
	assert_int_equal(regcache_drop_region(map, 4, 5), 0);
	assert_int_equal(regmap_read(map, 5, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(f.reads, 4);
	/* Bypassed: the device only, the cache untouched. */
	regcache_cache_bypass(map, true);
	assert_int_equal(regmap_write(map, 5, 0x51), 0);
	regcache_cache_bypass(map, false);
	assert_int_equal(f.regs[5], 0x51);
	assert_int_equal(regmap_read(map, 5, &v), 0);
	assert_int_equal(v, 0);
	regmap_exit(map);
}

static const struct reg_default sync_defaults[] = { { 0, 0 }, { 1, 0x10 }, { 2, 0x20 } };

static void test_cache_only_sync(void **state)
{
	struct regmap_config cfg = {
		.max_register = 0x3f, /* a sync covers 0 to max_register */
		.volatile_reg = vol_3_9,
		.cache_type = REGCACHE_RBTREE,
		.reg_defaults = sync_defaults,
		.num_reg_defaults = 3,
	};
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	unsigned int v;

	(void)state;
	/* Nothing written to the cache only: nothing to sync. */
	assert_int_equal(regcache_sync(map), 0);
	assert_int_equal(f.writes, 0);
	regcache_cache_only(map, true);
	assert_int_equal(regmap_write(map, 1, 0x10), 0);
	assert_int_equal(regmap_write(map, 2, 0x22), 0);
	assert_int_equal(f.writes, 0);
	assert_int_equal(regmap_read(map, 2, &v), 0);
	assert_int_equal(v, 0x22);
	/* What the cache cannot answer needs the device: -EBUSY. */
	assert_int_equal(regmap_read(map, 3, &v), -EBUSY);
	assert_int_equal(regmap_read(map, 7, &v), -EBUSY);
	assert_int_equal(f.reads, 0);
	regcache_cache_only(map, false);
	/* Without mark_dirty every cached register is written. */
	assert_int_equal(regcache_sync(map), 0);
	assert_int_equal(f.writes, 3);
	assert_int_equal(f.regs[2], 0x22);
	assert_int_equal(regcache_sync(map), 0);
	assert_int_equal(f.writes, 3);
	/* The device was reset: only what differs from the defaults goes back. */
	memset(f.regs, 0, sizeof(f.regs));
	f.writes = 0;
	regcache_mark_dirty(map);
	assert_int_equal(regcache_sync(map), 0);
	assert_int_equal(f.writes, 1);
	assert_int_equal(f.regs[2], 0x22);
	/* A region: only the registers in it. */
	regcache_cache_only(map, true);
	assert_int_equal(regmap_write(map, 0, 5), 0);
	assert_int_equal(regmap_write(map, 2, 6), 0);
	regcache_cache_only(map, false);
	regcache_mark_dirty(map);
	f.writes = 0;
	assert_int_equal(regcache_sync_region(map, 2, 2), 0);
	assert_int_equal(f.writes, 1);
	assert_int_equal(f.regs[2], 6);
	assert_int_equal(f.regs[0], 0);
	regmap_exit(map);
}

static const struct reg_default flat4_defaults[] = { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 4 } };

static void test_flat_sync_and_none(void **state)
{
	struct regmap_config cfg = {
		.max_register = 3,
		.cache_type = REGCACHE_FLAT,
		.reg_defaults = flat4_defaults,
		.num_reg_defaults = 4,
	};
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	unsigned int v;

	(void)state;
	regcache_cache_only(map, true);
	assert_int_equal(regmap_write(map, 2, 9), 0);
	regcache_cache_only(map, false);
	regcache_mark_dirty(map);
	assert_int_equal(regcache_sync(map), 0);
	assert_int_equal(f.writes, 1);
	assert_int_equal(f.regs[2], 9);
	regmap_exit(map);

	/* No cache: every access reaches the device; a sync is refused. */
	memset(&cfg, 0, sizeof(cfg));
	map = fake_map(&f, &cfg);
	assert_int_equal(regmap_read(map, 1, &v), 0);
	assert_int_equal(regmap_read(map, 1, &v), 0);
	assert_int_equal(f.reads, 2);
	assert_int_equal(regcache_sync(map), -EINVAL);
	assert_non_null(strstr(test_log_take(), "WARNING"));
	regmap_exit(map);
}

static int fake_update_bits(void *ctx, unsigned int reg, unsigned int mask, unsigned int val)
{
	struct fake *f = ctx;

	f->regs[reg] = (f->regs[reg] & ~mask) | (val & mask);
	f->regs[63]++; /* counts the calls */
	return 0;
}

static void test_update_bits(void **state)
{
	struct regmap_config cfg = { .cache_type = REGCACHE_RBTREE, .volatile_reg = vol_3_9 };
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	bool change = true;
	unsigned int v;

	(void)state;
	assert_int_equal(regmap_write(map, 1, 0x0f), 0);
	assert_int_equal(regmap_update_bits_check(map, 1, 0x0f, 0xff, &change), 0);
	assert_false(change);
	assert_int_equal(f.writes, 1);
	assert_int_equal(f.reads, 0);
	assert_int_equal(regmap_update_bits_check(map, 1, 0xf0, 0xa0, &change), 0);
	assert_true(change);
	assert_int_equal(f.writes, 2);
	assert_int_equal(f.regs[1], 0xaf);
	/* write_bits writes even when nothing changes. */
	assert_int_equal(regmap_write_bits(map, 1, 0x0f, 0x0f), 0);
	assert_int_equal(f.writes, 3);
	assert_int_equal(regmap_set_bits(map, 1, 0x100), 0);
	assert_int_equal(regmap_clear_bits(map, 1, 0x0f), 0);
	assert_int_equal(regmap_read(map, 1, &v), 0);
	assert_int_equal(v, 0x1a0);
	assert_int_equal(regmap_test_bits(map, 1, 0x120), 1);
	assert_int_equal(regmap_test_bits(map, 1, 0x121), 0);
	regmap_exit(map);

	/* Without a cache the read goes to the device, the write still only on a change. */
	memset(&cfg, 0, sizeof(cfg));
	map = fake_map(&f, &cfg);
	f.regs[2] = 0x3;
	assert_int_equal(regmap_update_bits(map, 2, 0x1, 0x1), 0);
	assert_int_equal(f.reads, 1);
	assert_int_equal(f.writes, 0);
	regmap_exit(map);

	/* A volatile register goes to the config's reg_update_bits. */
	memset(&cfg, 0, sizeof(cfg));
	cfg.reg_update_bits = fake_update_bits;
	map = fake_map(&f, &cfg);
	assert_int_equal(regmap_update_bits(map, 2, 0xf0, 0x50), 0);
	assert_int_equal(f.regs[2], 0x50);
	assert_int_equal(f.regs[63], 1);
	assert_int_equal(f.reads + f.writes, 0);
	regmap_exit(map);
}

static void test_multi_reg_write(void **state)
{
	static const struct reg_sequence seq[] = { REG_SEQ0(1, 0x11), REG_SEQ(2, 0x22, 100),
						   REG_SEQ0(6, 0x66) };
	struct regmap_config cfg = { .writeable_reg = wr_not6 };
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);

	(void)state;
	/* In order, up to the first refusal. */
	assert_int_equal(regmap_multi_reg_write(map, seq, 3), -EIO);
	assert_int_equal(f.regs[1], 0x11);
	assert_int_equal(f.regs[2], 0x22);
	assert_int_equal(f.writes, 2);
	regmap_exit(map);
}

/* ---- a device of bytes behind a struct regmap_bus ---- */

struct rawdev {
	unsigned char mem[256];
	size_t vb; /* bytes per register */
	unsigned int writes, reads, gathers;
	unsigned char last[64]; /* the last transfer's register bytes and data */
	size_t last_len;
	unsigned char last_reg;
};

static void rawdev_store(struct rawdev *d, const unsigned char *reg, const void *val, size_t len)
{
	memcpy(&d->mem[(reg[0] & 0x7f) * d->vb], val, len);
}

static int raw_write(void *ctx, const void *data, size_t count)
{
	struct rawdev *d = ctx;

	d->writes++;
	memcpy(d->last, data, count);
	d->last_len = count;
	rawdev_store(d, data, (const unsigned char *)data + 1, count - 1);
	return 0;
}

static int raw_gather(void *ctx, const void *reg, size_t reg_len, const void *val, size_t val_len)
{
	struct rawdev *d = ctx;

	assert_int_equal(reg_len, 1);
	d->gathers++;
	rawdev_store(d, reg, val, val_len);
	return 0;
}

static int raw_read(void *ctx, const void *reg, size_t reg_size, void *val, size_t val_size)
{
	struct rawdev *d = ctx;

	assert_int_equal(reg_size, 1);
	d->reads++;
	d->last_reg = *(const unsigned char *)reg;
	memcpy(val, &d->mem[(d->last_reg & 0x7f) * d->vb], val_size);
	return 0;
}

static const struct regmap_bus raw_bus = { .write = raw_write, .read = raw_read };
static const struct regmap_bus gather_bus = {
	.write = raw_write,
	.gather_write = raw_gather,
	.read = raw_read,
};

static struct regmap *raw_map(struct rawdev *d, const struct regmap_bus *bus, int val_bits,
			      enum regmap_endian endian)
{
	struct regmap_config cfg = {
		.reg_bits = 8,
		.val_bits = val_bits,
		.val_format_endian = endian,
		.max_register = 0x3f,
	};
	struct regmap *map;

	memset(d, 0, sizeof(*d));
	d->vb = val_bits / 8;
	map = regmap_init(NULL, bus, d, &cfg);
	assert_false(IS_ERR(map));
	return map;
}

static void test_bus_formats(void **state)
{
	struct rawdev d;
	struct regmap *map = raw_map(&d, &raw_bus, 16, REGMAP_ENDIAN_DEFAULT);
	unsigned int v;

	(void)state;
	/* Big-endian by default: register, then the value's high byte. */
	assert_int_equal(regmap_write(map, 3, 0x1234), 0);
	assert_int_equal(d.last_len, 3);
	assert_memory_equal(d.last, "\x03\x12\x34", 3);
	assert_int_equal(regmap_read(map, 3, &v), 0);
	assert_int_equal(v, 0x1234);
	assert_true(regmap_can_raw_write(map));
	regmap_exit(map);

	map = raw_map(&d, &raw_bus, 16, REGMAP_ENDIAN_LITTLE);
	assert_int_equal(regmap_write(map, 2, 0x1234), 0);
	assert_memory_equal(d.last, "\x02\x34\x12", 3);
	regmap_exit(map);

	map = raw_map(&d, &raw_bus, 32, REGMAP_ENDIAN_BIG);
	assert_int_equal(regmap_write(map, 1, 0xa1b2c3d4), 0);
	assert_memory_equal(d.last, "\x01\xa1\xb2\xc3\xd4", 5);
	assert_memory_equal(&d.mem[4], "\xa1\xb2\xc3\xd4", 4);
	assert_int_equal(regmap_read(map, 1, &v), 0);
	assert_int_equal(v, 0xa1b2c3d4);
	regmap_exit(map);

	map = raw_map(&d, &raw_bus, 8, REGMAP_ENDIAN_DEFAULT);
	assert_int_equal(regmap_write(map, 7, 0x5a), 0);
	assert_memory_equal(d.last, "\x07\x5a", 2);
	assert_int_equal(regmap_write(map, 7, 0x15a), 0); /* the value's low byte */
	assert_int_equal(d.mem[7], 0x5a);
	regmap_exit(map);
}

static void test_packed_format(void **state)
{
	struct regmap_config cfg = {
		.reg_bits = 7,
		.val_bits = 9,
		.max_register = 0x7f,
		.cache_type = REGCACHE_FLAT,
	};
	static const uint16_t two[] = { 0x1ff, 0x001 };
	struct rawdev d = { .vb = 2 };
	struct regmap *map = regmap_init(NULL, &raw_bus, &d, &cfg);
	unsigned int v;

	(void)state;
	assert_false(IS_ERR(map));
	/* Register and value in one big-endian word, written in one piece. */
	assert_int_equal(regmap_write(map, 0x12, 0x1ab), 0);
	assert_int_equal(d.last_len, 2);
	assert_memory_equal(d.last, "\x25\xab", 2);
	/* Write-only: reads come from the cache, never from the device. */
	assert_int_equal(regmap_read(map, 0x12, &v), 0);
	assert_int_equal(v, 0x1ab);
	assert_int_equal(d.reads, 0);
	assert_false(regmap_can_raw_write(map));
	assert_int_equal(regmap_raw_write(map, 2, "\0\0", 2), -EINVAL);
	/* Bulk writes go register by register. */
	assert_int_equal(regmap_bulk_write(map, 3, two, 2), 0);
	assert_int_equal(d.writes, 3);
	assert_memory_equal(d.last, "\x08\x01", 2);
	regmap_exit(map);

	/* Without a cache nothing can be read. */
	cfg.cache_type = REGCACHE_NONE;
	map = regmap_init(NULL, &raw_bus, &d, &cfg);
	assert_false(IS_ERR(map));
	assert_int_equal(regmap_read(map, 0x12, &v), -EIO);
	regmap_exit(map);
}

static void test_bulk_raw(void **state)
{
	static const uint16_t words[] = { 0x0102, 0x0304, 0x0506 };
	uint16_t back[3];
	uint32_t dwords[2] = { 0x11223344, 0x55667788 }, dback[2];
	uint8_t bytes[4];
	struct rawdev d;
	struct regmap *map = raw_map(&d, &raw_bus, 16, REGMAP_ENDIAN_BIG);

	(void)state;
	/* Bulk values are in CPU order; the device gets them in its own, in one write. */
	assert_int_equal(regmap_bulk_write(map, 4, words, 3), 0);
	assert_int_equal(d.writes, 1);
	assert_memory_equal(d.last, "\x04\x01\x02\x03\x04\x05\x06", 7);
	assert_int_equal(regmap_bulk_read(map, 4, back, 3), 0);
	assert_int_equal(d.reads, 1);
	assert_memory_equal(back, words, sizeof(words));
	/* Raw: the device's bytes as they are. */
	assert_int_equal(regmap_raw_read(map, 5, bytes, 4), 0);
	assert_memory_equal(bytes, "\x03\x04\x05\x06", 4);
	assert_int_equal(regmap_raw_write(map, 8, "\xbe\xef", 2), 0);
	assert_int_equal(regmap_bulk_read(map, 8, back, 1), 0);
	assert_int_equal(back[0], 0xbeef);
	/* Not whole values. */
	assert_int_equal(regmap_raw_write(map, 8, "\xbe", 1), -EINVAL);
	assert_int_equal(regmap_raw_read(map, 8, bytes, 3), -EINVAL);
	regmap_exit(map);

	/* Little-endian 32-bit values, gathered: the register and values in two pieces. */
	map = raw_map(&d, &gather_bus, 32, REGMAP_ENDIAN_LITTLE);
	assert_int_equal(regmap_bulk_write(map, 2, dwords, 2), 0);
	assert_int_equal(d.gathers, 1);
	assert_int_equal(d.writes, 0);
	assert_memory_equal(&d.mem[8], "\x44\x33\x22\x11\x88\x77\x66\x55", 8);
	assert_int_equal(regmap_bulk_read(map, 2, dback, 2), 0);
	assert_memory_equal(dback, dwords, sizeof(dwords));
	regmap_exit(map);

	/* 8-bit values. */
	map = raw_map(&d, &raw_bus, 8, REGMAP_ENDIAN_DEFAULT);
	assert_int_equal(regmap_bulk_write(map, 0x10, "\x01\x02\x03", 3), 0);
	assert_memory_equal(&d.mem[0x10], "\x01\x02\x03", 3);
	assert_int_equal(regmap_bulk_read(map, 0x11, bytes, 2), 0);
	assert_memory_equal(bytes, "\x02\x03", 2);
	regmap_exit(map);
}

static void test_bus_cache_flags(void **state)
{
	struct regmap_config cfg = {
		.reg_bits = 8,
		.val_bits = 16,
		.read_flag_mask = 0x80,
		.cache_type = REGCACHE_RBTREE,
		.max_register = 0x3f,
	};
	static const uint16_t words[] = { 0x0a0b, 0x0c0d };
	uint16_t back[2];
	struct rawdev d = { .vb = 2 };
	struct regmap *map = regmap_init(NULL, &raw_bus, &d, &cfg);
	unsigned int v;

	(void)state;
	assert_false(IS_ERR(map));
	d.mem[6] = 0x12;
	d.mem[7] = 0x34;
	assert_int_equal(regmap_read(map, 3, &v), 0);
	assert_int_equal(d.last_reg, 0x83);
	assert_int_equal(v, 0x1234);
	/* Cached bulk reads go register by register through the cache. */
	assert_int_equal(regmap_bulk_write(map, 4, words, 2), 0);
	d.reads = 0;
	assert_int_equal(regmap_bulk_read(map, 4, back, 2), 0);
	assert_memory_equal(back, words, sizeof(words));
	assert_int_equal(d.reads, 0);
	/* A sync after a reset goes back in one raw write of the contiguous registers. */
	regcache_mark_dirty(map);
	memset(d.mem, 0, sizeof(d.mem));
	d.writes = 0;
	assert_int_equal(regcache_sync(map), 0);
	assert_int_equal(d.writes, 1);
	assert_memory_equal(d.last, "\x03\x12\x34\x0a\x0b\x0c\x0d", 7);
	regmap_exit(map);
}

static void test_chunks_and_hw_defaults(void **state)
{
	struct regmap_config cfg = {
		.reg_bits = 8,
		.val_bits = 8,
		.use_single_write = true,
		.max_register = 0x3f,
	};
	struct regmap_bus small = raw_bus;
	struct regmap_config hw = { .max_register = 7, .cache_type = REGCACHE_RBTREE };
	struct rawdev d = { .vb = 1 };
	unsigned char buf[5];
	struct fake f;
	struct regmap *map = regmap_init(NULL, &raw_bus, &d, &cfg);
	unsigned int v;

	(void)state;
	assert_false(IS_ERR(map));
	/* One register per write. */
	assert_int_equal(regmap_bulk_write(map, 1, "\x0a\x0b\x0c", 3), 0);
	assert_int_equal(d.writes, 3);
	assert_memory_equal(&d.mem[1], "\x0a\x0b\x0c", 3);
	regmap_exit(map);
	/* The bus's max_raw_read: reads of at most two bytes. */
	small.max_raw_read = 2;
	cfg.use_single_write = false;
	map = regmap_init(NULL, &small, &d, &cfg);
	assert_false(IS_ERR(map));
	d.reads = 0;
	assert_int_equal(regmap_raw_read(map, 0, buf, 5), 0);
	assert_int_equal(d.reads, 3);
	assert_memory_equal(buf, "\0\x0a\x0b\x0c\0", 5);
	regmap_exit(map);

	/* Defaults read from the device at init (num_reg_defaults_raw). */
	memset(&f, 0, sizeof(f));
	f.regs[2] = 0x20;
	hw.reg_bits = 8;
	hw.val_bits = 32;
	hw.reg_read = fake_read;
	hw.reg_write = fake_write;
	hw.num_reg_defaults_raw = 8;
	map = regmap_init(NULL, NULL, &f, &hw);
	assert_false(IS_ERR(map));
	assert_int_equal(f.reads, 8);
	assert_int_equal(regmap_read(map, 2, &v), 0);
	assert_int_equal(v, 0x20);
	assert_int_equal(f.reads, 8);
	regcache_cache_only(map, true);
	assert_int_equal(regmap_write(map, 3, 0x33), 0);
	regcache_cache_only(map, false);
	regcache_mark_dirty(map);
	assert_int_equal(regcache_sync(map), 0);
	assert_int_equal(f.writes, 1);
	assert_int_equal(f.regs[3], 0x33);
	regmap_exit(map);
}

/* ---- fields ---- */

static void test_fields(void **state)
{
	static const struct reg_field bulk[] = { REG_FIELD(1, 0, 3), REG_FIELD(1, 4, 7) };
	struct reg_field rf = REG_FIELD(2, 4, 7);
	struct reg_field per = REG_FIELD_ID(8, 0, 1, 4, 1);
	struct regmap_config cfg = { .cache_type = REGCACHE_RBTREE };
	struct regmap_field *field, *idf, *pair[2];
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	unsigned int v;

	(void)state;
	field = regmap_field_alloc(map, rf);
	assert_false(IS_ERR(field));
	f.regs[2] = 0x0f;
	assert_int_equal(regmap_field_write(field, 0xa), 0);
	assert_int_equal(f.regs[2], 0xaf);
	assert_int_equal(regmap_field_read(field, &v), 0);
	assert_int_equal(v, 0xa);
	/* Bits beyond the field are not touched. */
	assert_int_equal(regmap_field_write(field, 0x13), 0);
	assert_int_equal(f.regs[2], 0x3f);
	assert_int_equal(regmap_field_update_bits(field, 0x8, 0x8), 0);
	assert_int_equal(f.regs[2], 0xbf);
	assert_int_equal(regmap_field_test_bits(field, 0x4), 0);
	assert_int_equal(regmap_field_test_bits(field, 0xb), 1);
	assert_int_equal(regmap_field_clear_bits(field, 0x8), 0);
	assert_int_equal(f.regs[2], 0x3f);
	regmap_field_free(field);

	idf = regmap_field_alloc(map, per);
	assert_int_equal(regmap_fields_write(idf, 2, 3), 0);
	assert_int_equal(f.regs[10], 3);
	assert_int_equal(regmap_fields_read(idf, 2, &v), 0);
	assert_int_equal(v, 3);
	assert_int_equal(regmap_fields_write(idf, 4, 1), -EINVAL);
	regmap_field_free(idf);

	assert_int_equal(regmap_field_bulk_alloc(map, pair, bulk, 2), 0);
	assert_int_equal(regmap_field_write(pair[0], 0x5), 0);
	assert_int_equal(regmap_field_write(pair[1], 0x6), 0);
	assert_int_equal(f.regs[1], 0x65);
	regmap_field_bulk_free(pair[0]);
	regmap_exit(map);
}

/* ---- polling ---- */

static void test_poll_timeout(void **state)
{
	struct regmap_config cfg = { .volatile_reg = vol_3_9, .readable_reg = rd_not5 };
	struct fake f;
	struct regmap *map = fake_map(&f, &cfg);
	unsigned int v = 0;

	(void)state;
	f.ready_after = 3;
	assert_int_equal(regmap_read_poll_timeout(map, 9, v, v == 1, 10, 1000000), 0);
	assert_int_equal(v, 1);
	assert_int_equal(f.reads, 3);
	/* Never ready: -ETIMEDOUT after the timeout, with the last value read. */
	f.ready_after = 1000000;
	f.reads = 0;
	assert_int_equal(regmap_read_poll_timeout(map, 9, v, v == 1, 100, 3000), -ETIMEDOUT);
	assert_int_equal(v, 0);
	assert_true(f.reads >= 2);
	/* A read that fails ends the poll with its error. */
	assert_int_equal(regmap_read_poll_timeout(map, 5, v, v == 1, 10, 3000), -EIO);
	assert_int_equal(regmap_read_poll_timeout_atomic(map, 4, v, v == 0, 1, 100), 0);
	regmap_exit(map);
}

/* ---- a map of a platform device's memory, made at probe, gone at unbind ---- */

static struct regmap *probed_map;
static struct regmap_field *probed_field;

static const struct regmap_config mmio_cfg = {
	.name = "regs",
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = 0xfc,
};

static int tregmap_probe(struct platform_device *pdev)
{
	void __iomem *base = devm_platform_ioremap_resource(pdev, 0);
	struct reg_field low = REG_FIELD(0x8, 0, 7);

	if (IS_ERR(base))
		return PTR_ERR(base);
	probed_map = devm_regmap_init_mmio(&pdev->dev, base, &mmio_cfg);
	if (IS_ERR(probed_map))
		return PTR_ERR(probed_map);
	probed_field = devm_regmap_field_alloc(&pdev->dev, probed_map, low);
	return PTR_ERR_OR_ZERO(probed_field);
}

static struct platform_driver tregmap_driver = {
	.probe = tregmap_probe,
	.driver = { .name = "tregmap" },
};

static void test_mmio_devm(void **state)
{
	struct regmap_config be = mmio_cfg, bad = mmio_cfg, narrow = mmio_cfg;
	struct platform_device *pdev;
	void __iomem *base;
	struct regmap *map;
	struct clk *watch;
	unsigned int v;

	(void)state;
	assert_int_equal(platform_driver_register(&tregmap_driver), 0);
	assert_int_equal(libcdev_platform_describe("tregmap.0 mem=0x50000000+0x100 clk=core:1000",
						   &pdev),
			 0);
	assert_ptr_equal(pdev->dev.driver, &tregmap_driver.driver);
	assert_ptr_equal(dev_get_regmap(&pdev->dev, NULL), probed_map);
	assert_ptr_equal(dev_get_regmap(&pdev->dev, "regs"), probed_map);
	assert_null(dev_get_regmap(&pdev->dev, "other"));
	assert_ptr_equal(regmap_get_device(probed_map), &pdev->dev);
	base = ioremap(0x50000000, 0x100);
	assert_non_null(base);
	assert_int_equal(regmap_write(probed_map, 8, 0x12345678), 0);
	assert_int_equal(readl(base + 8), 0x12345678);
	assert_int_equal(regmap_field_write(probed_field, 0xab), 0);
	assert_int_equal(readl(base + 8), 0x123456ab);
	writel(0xcafe, base + 0xc);
	assert_int_equal(regmap_read(probed_map, 0xc, &v), 0);
	assert_int_equal(v, 0xcafe);
	assert_int_equal(regmap_read(probed_map, 0x100, &v), -EIO);
	assert_int_equal(regmap_read(probed_map, 6, &v), -EINVAL);
	/* No raw reads on a memory map, as the kernel's. */
	assert_int_equal(regmap_raw_read(probed_map, 8, &v, 4), -ENOTSUPP);

	/* Big-endian: the bytes in memory are swapped. */
	be.name = NULL;
	be.val_format_endian = REGMAP_ENDIAN_BIG;
	map = regmap_init_mmio(&pdev->dev, base, &be);
	assert_false(IS_ERR(map));
	assert_int_equal(regmap_write(map, 0x10, 0x11223344), 0);
	assert_int_equal(readl(base + 0x10), 0x44332211);
	regmap_exit(map);
	/* 16-bit values at a stride of 2; a stride narrower than the values is refused. */
	narrow.val_bits = 16;
	narrow.reg_stride = 2;
	map = regmap_init_mmio(&pdev->dev, base, &narrow);
	assert_false(IS_ERR(map));
	assert_int_equal(regmap_write(map, 0x22, 0xbeef), 0);
	assert_int_equal(readw(base + 0x22), 0xbeef);
	assert_int_equal(readl(base + 0x20), 0xbeef0000);
	regmap_exit(map);
	bad.reg_stride = 2;
	assert_ptr_equal(regmap_init_mmio(&pdev->dev, base, &bad), ERR_PTR(-EINVAL));
	/* A clock: prepared with the map, enabled only around each access. */
	watch = clk_get(&pdev->dev, "core");
	assert_false(IS_ERR(watch));
	map = regmap_init_mmio_clk(&pdev->dev, "core", base, &be);
	assert_false(IS_ERR(map));
	assert_int_equal(regmap_read(map, 0x10, &v), 0);
	assert_int_equal(v, 0x11223344);
	assert_int_equal(libcdev_clk_enable_count(watch), 0);
	assert_int_equal(clk_enable(watch), 0); /* prepared: enabling is allowed */
	clk_disable(watch);
	regmap_exit(map);
	assert_int_equal(clk_enable(watch), -ESHUTDOWN);
	clk_put(watch);
	assert_ptr_equal(regmap_init_mmio_clk(&pdev->dev, "none", base, &be), ERR_PTR(-ENOENT));
	iounmap(base);

	/* Unbound: the managed map is exited. */
	platform_driver_unregister(&tregmap_driver);
	assert_null(dev_get_regmap(&pdev->dev, NULL));
	assert_int_equal(libcdev_devres_count(&pdev->dev), 0);
	platform_device_unregister(pdev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_rules_callbacks, test_env_capture),
		cmocka_unit_test_setup(test_rules_tables, test_env_capture),
		cmocka_unit_test_setup(test_flat_cache, test_env_capture),
		cmocka_unit_test_setup(test_rbtree_cache, test_env_capture),
		cmocka_unit_test_setup(test_cache_only_sync, test_env_capture),
		cmocka_unit_test_setup(test_flat_sync_and_none, test_env_capture),
		cmocka_unit_test_setup(test_update_bits, test_env_capture),
		cmocka_unit_test_setup(test_multi_reg_write, test_env_capture),
		cmocka_unit_test_setup(test_bus_formats, test_env_capture),
		cmocka_unit_test_setup(test_packed_format, test_env_capture),
		cmocka_unit_test_setup(test_bulk_raw, test_env_capture),
		cmocka_unit_test_setup(test_bus_cache_flags, test_env_capture),
		cmocka_unit_test_setup(test_chunks_and_hw_defaults, test_env_capture),
		cmocka_unit_test_setup(test_fields, test_env_capture),
		cmocka_unit_test_setup(test_poll_timeout, test_env_capture),
		cmocka_unit_test_setup(test_mmio_devm, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
