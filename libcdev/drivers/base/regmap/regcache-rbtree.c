// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - the "rbtree" register cache, after
 * drivers/base/regmap/regcache-rbtree.c: the registers read or written so
 * far (and the defaults), kept here in one array sorted by register, found
 * by binary search. The kernel's tree of blocks is a matter of its memory;
 * what a driver sees is the same: a register not yet cached is read from
 * the device, and a sync writes only what is cached, contiguous registers
 * in one raw write on a bus that takes them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct regcache_rbtree {
	struct reg_default *regs; /* sorted by register */
	unsigned int n, size;
};

/* The index of @reg, or where it would go. */
static unsigned int rbtree_find(const struct regcache_rbtree *c, unsigned int reg)
{
	unsigned int lo = 0, hi = c->n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (c->regs[mid].reg < reg)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int regcache_rbtree_read(struct regmap *map, unsigned int reg, unsigned int *value)
{
	struct regcache_rbtree *c = map->cache;
	unsigned int i = rbtree_find(c, reg);

	if (i == c->n || c->regs[i].reg != reg)
		return -ENOENT;
	*value = c->regs[i].def;
	return 0;
}

static int rbtree_grow(struct regcache_rbtree *c)
{
	unsigned int size = c->size ? c->size * 2 : 16;
	struct reg_default *regs = realloc(c->regs, size * sizeof(*regs));

	if (!regs)
		return -ENOMEM;
	c->regs = regs;
	c->size = size;
	return 0;
}

static int regcache_rbtree_write(struct regmap *map, unsigned int reg, unsigned int value)
{
	struct regcache_rbtree *c = map->cache;
	unsigned int i = rbtree_find(c, reg);

	if (i < c->n && c->regs[i].reg == reg) {
		c->regs[i].def = value;
		return 0;
	}
	if (c->n == c->size && rbtree_grow(c))
		return -ENOMEM;
	memmove(&c->regs[i + 1], &c->regs[i], (c->n - i) * sizeof(*c->regs));
	c->regs[i].reg = reg;
	c->regs[i].def = value;
	c->n++;
	return 0;
}

static void regcache_rbtree_exit(struct regmap *map)
{
	struct regcache_rbtree *c = map->cache;

	if (c)
		free(c->regs);
	free(c);
	map->cache = NULL;
}

static int regcache_rbtree_init(struct regmap *map)
{
	map->cache = calloc(1, sizeof(struct regcache_rbtree));
	if (!map->cache)
		return -ENOMEM;
	for (unsigned int i = 0; i < map->num_reg_defaults; i++)
		if (regcache_rbtree_write(map, map->reg_defaults[i].reg,
					  map->reg_defaults[i].def)) {
			regcache_rbtree_exit(map);
			return -ENOMEM;
		}
	return 0;
}

/* One raw write of the @count registers from @base whose formatted values are in @buf. */
static int rbtree_flush(struct regmap *map, unsigned int base, const void *buf, size_t count)
{
	int ret;

	if (!count)
		return 0;
	map->cache_bypass = true;
	ret = _regmap_raw_write(map, base, buf, count * map->format.val_bytes);
	map->cache_bypass = false;
	if (ret)
		regmap_err(map, "Unable to sync registers %#x-%#x. %d\n", base,
			   base + (unsigned int)(count - 1) * map->reg_stride, ret);
	return ret;
}

static int rbtree_sync_raw(struct regmap *map, unsigned int first, unsigned int last)
{
	struct regcache_rbtree *c = map->cache;
	size_t vb = map->format.val_bytes, count = 0;
	unsigned char *buf = malloc((last - first + 1) * vb + 1);
	unsigned int base = 0;
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	for (unsigned int i = first; i <= last && !ret; i++) {
		struct reg_default r = c->regs[i];

		if (count && r.reg != base + count * map->reg_stride) {
			ret = rbtree_flush(map, base, buf, count);
			count = 0;
		}
		if (ret || !regmap_writeable(map, r.reg) ||
		    !regcache_reg_needs_sync(map, r.reg, r.def)) {
			ret = ret ? ret : rbtree_flush(map, base, buf, count);
			count = 0;
			continue;
		}
		if (!count)
			base = r.reg;
		regmap_format(buf + count++ * vb, vb, map->format.val_endian, r.def);
	}
	if (!ret)
		ret = rbtree_flush(map, base, buf, count);
	free(buf);
	return ret;
}

static int regcache_rbtree_sync(struct regmap *map, unsigned int min, unsigned int max)
{
	struct regcache_rbtree *c = map->cache;
	unsigned int first = rbtree_find(c, min), last;
	int ret = 0;

	if (first == c->n || c->regs[first].reg > max)
		return 0;
	last = rbtree_find(c, max);
	if (last == c->n || c->regs[last].reg > max)
		last--;
	if (regmap_can_raw_write(map) && !map->use_single_write)
		return rbtree_sync_raw(map, first, last);
	for (unsigned int i = first; i <= last && !ret; i++) {
		struct reg_default r = c->regs[i];

		if (regmap_writeable(map, r.reg) && regcache_reg_needs_sync(map, r.reg, r.def))
			ret = regcache_sync_val(map, r.reg, r.def);
	}
	return ret;
}

static int regcache_rbtree_drop(struct regmap *map, unsigned int min, unsigned int max)
{
	struct regcache_rbtree *c = map->cache;
	unsigned int first = rbtree_find(c, min), end = first;

	while (end < c->n && c->regs[end].reg <= max)
		end++;
	if (end == first)
		return 0;
	memmove(&c->regs[first], &c->regs[end], (c->n - end) * sizeof(*c->regs));
	c->n -= end - first;
	return 0;
}

const struct regcache_ops regcache_rbtree_ops = {
	.name = "rbtree",
	.type = REGCACHE_RBTREE,
	.init = regcache_rbtree_init,
	.exit = regcache_rbtree_exit,
	.read = regcache_rbtree_read,
	.write = regcache_rbtree_write,
	.sync = regcache_rbtree_sync,
	.drop = regcache_rbtree_drop,
};
