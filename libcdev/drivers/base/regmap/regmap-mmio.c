// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - register maps in memory, after drivers/base/regmap/regmap-mmio.c:
 * the registers of an ioremap()ed region (<libcdev/io.h>), or of a port
 * region with io_port, at byte offsets (32-bit register numbers), read and
 * written with the width of the values: little-endian unless the
 * configuration or the device's description says big-endian. A clock
 * named by the map is prepared with it and enabled around each access.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/core.h"
#include "internal.h"
#include <libcdev/clk.h>
#include <libcdev/err.h>
#include <libcdev/io.h>

struct regmap_mmio_context {
	unsigned char *regs;
	unsigned int val_bytes;
	bool big_endian;
	bool io_port;
	struct clk *clk; /* NULL: none */
};

static uint64_t mmio_swab(uint64_t v, unsigned int bytes)
{
	switch (bytes) {
	case 2:
		return __builtin_bswap16((uint16_t)v);
	case 4:
		return __builtin_bswap32((uint32_t)v);
	case 8:
		return __builtin_bswap64(v);
	default:
		return v;
	}
}

static int regmap_mmio_write(void *context, unsigned int reg, unsigned int val)
{
	struct regmap_mmio_context *ctx = context;
	uint64_t v = ctx->big_endian ? mmio_swab(val, ctx->val_bytes) : val;
	int ret = ctx->clk ? clk_enable(ctx->clk) : 0;

	if (ret)
		return ret;
	if (ctx->io_port)
		libcdev_port_write((unsigned long)(uintptr_t)ctx->regs + reg, ctx->val_bytes,
				   (uint32_t)v);
	else
		libcdev_io_write(ctx->regs + reg, ctx->val_bytes, v);
	if (ctx->clk)
		clk_disable(ctx->clk);
	return 0;
}

static int regmap_mmio_read(void *context, unsigned int reg, unsigned int *val)
{
	struct regmap_mmio_context *ctx = context;
	uint64_t v;
	int ret = ctx->clk ? clk_enable(ctx->clk) : 0;

	if (ret)
		return ret;
	if (ctx->io_port)
		v = libcdev_port_read((unsigned long)(uintptr_t)ctx->regs + reg, ctx->val_bytes);
	else
		v = libcdev_io_read(ctx->regs + reg, ctx->val_bytes);
	if (ctx->clk)
		clk_disable(ctx->clk);
	*val = (unsigned int)(ctx->big_endian ? mmio_swab(v, ctx->val_bytes) : v);
	return 0;
}

static void regmap_mmio_free_context(void *context)
{
	struct regmap_mmio_context *ctx = context;

	if (ctx->clk) {
		clk_unprepare(ctx->clk);
		clk_put(ctx->clk);
	}
	free(ctx);
}

static const struct regmap_bus regmap_mmio = {
	.fast_io = true,
	.reg_write = regmap_mmio_write,
	.reg_read = regmap_mmio_read,
	.free_context = regmap_mmio_free_context,
	.val_format_endian_default = REGMAP_ENDIAN_LITTLE,
};

/* The narrowest stride of a width (0 for bytes: the core takes it as 1); 0 with -EINVAL. */
static int regmap_mmio_min_stride(int val_bits, int *min)
{
	switch (val_bits) {
	case 8:
		*min = 0;
		return 0;
	case 16:
	case 32:
	case 64:
		*min = val_bits / 8;
		return 0;
	default:
		return -EINVAL;
	}
}

static int regmap_mmio_check(struct device *dev, const struct regmap_config *config,
			     bool *big_endian)
{
	enum regmap_endian e = regmap_get_val_endian(dev, &regmap_mmio, config);
	int min, ret;

	if (config->reg_bits != 32 || config->pad_bits)
		return -EINVAL;
	ret = regmap_mmio_min_stride(config->val_bits, &min);
	if (ret || config->reg_stride < min)
		return -EINVAL;
	if (config->use_relaxed_mmio && config->io_port)
		return -EINVAL;
	if (e == REGMAP_ENDIAN_NATIVE)
		e = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? REGMAP_ENDIAN_BIG :
							     REGMAP_ENDIAN_LITTLE;
	/* The kernel has no big-endian 64-bit or port accessors for regmap. */
	if (e == REGMAP_ENDIAN_BIG && (config->val_bits == 64 || config->io_port))
		return -EINVAL;
	*big_endian = e == REGMAP_ENDIAN_BIG && config->val_bits > 8;
	return 0;
}

static struct regmap_mmio_context *regmap_mmio_gen_context(struct device *dev, const char *clk_id,
							   void *regs,
							   const struct regmap_config *config)
{
	struct regmap_mmio_context *ctx;
	bool big;
	int ret = regmap_mmio_check(dev, config, &big);

	if (ret)
		return ERR_PTR(ret);
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return ERR_PTR(-ENOMEM);
	ctx->regs = regs;
	ctx->val_bytes = config->val_bits / 8;
	ctx->big_endian = big;
	ctx->io_port = config->io_port;
	if (!clk_id)
		return ctx;
	ctx->clk = clk_get(dev, clk_id);
	if (IS_ERR(ctx->clk)) {
		ret = PTR_ERR(ctx->clk);
		goto err_free;
	}
	ret = clk_prepare(ctx->clk);
	if (ret)
		goto err_put;
	return ctx;

err_put:
	clk_put(ctx->clk);
err_free:
	free(ctx);
	return ERR_PTR(ret);
}

_public_ struct regmap *__regmap_init_mmio_clk(struct device *dev, const char *clk_id, void *regs,
					       const struct regmap_config *config,
					       struct lock_class_key *lock_key,
					       const char *lock_name)
{
	struct regmap_mmio_context *ctx = regmap_mmio_gen_context(dev, clk_id, regs, config);
	struct regmap *map;

	if (IS_ERR(ctx))
		return ERR_PTR(PTR_ERR(ctx));
	map = __regmap_init(dev, &regmap_mmio, ctx, config, lock_key, lock_name);
	if (IS_ERR(map))
		regmap_mmio_free_context(ctx);
	return map;
}

_public_ struct regmap *__devm_regmap_init_mmio_clk(struct device *dev, const char *clk_id,
						    void *regs, const struct regmap_config *config,
						    struct lock_class_key *lock_key,
						    const char *lock_name)
{
	struct regmap_mmio_context *ctx = regmap_mmio_gen_context(dev, clk_id, regs, config);
	struct regmap *map;

	if (IS_ERR(ctx))
		return ERR_PTR(PTR_ERR(ctx));
	map = __devm_regmap_init(dev, &regmap_mmio, ctx, config, lock_key, lock_name);
	if (IS_ERR(map))
		regmap_mmio_free_context(ctx);
	return map;
}
