// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - register maps of SPI devices, after
 * drivers/base/regmap/regmap-spi.c: the formatted register and values go
 * out in one message, a read's register first, then the values clocked in
 * while chip select stays asserted. As in the kernel, a read sets the top
 * bit of the register's first byte unless the configuration gives its own
 * flag masks, and the formats are big-endian by default.
 */
#include <errno.h>

#include "core/core.h"
#include "internal.h"
#include <libcdev/err.h>
#include <libcdev/spi.h>

static int regmap_spi_write(void *context, const void *data, size_t count)
{
	struct spi_device *spi = to_spi_device((struct device *)context);

	if (count > UINT32_MAX)
		return -EINVAL;
	return spi_write_then_read(spi, data, (unsigned int)count, NULL, 0);
}

static int regmap_spi_read(void *context, const void *reg, size_t reg_size, void *val,
			   size_t val_size)
{
	struct spi_device *spi = to_spi_device((struct device *)context);

	if (reg_size > UINT32_MAX || val_size > UINT32_MAX)
		return -EINVAL;
	return spi_write_then_read(spi, reg, (unsigned int)reg_size, val, (unsigned int)val_size);
}

/*
 * No gather_write: the core then writes the register and the values as one
 * buffer, one transfer, which is what the chip sees of the kernel's two
 * transfers under one chip select.
 */
static const struct regmap_bus regmap_spi = {
	.write = regmap_spi_write,
	.read = regmap_spi_read,
	.read_flag_mask = 0x80,
	.reg_format_endian_default = REGMAP_ENDIAN_BIG,
	.val_format_endian_default = REGMAP_ENDIAN_BIG,
};

_public_ struct regmap *__regmap_init_spi(struct spi_device *spi,
					  const struct regmap_config *config,
					  struct lock_class_key *lock_key, const char *lock_name)
{
	return __regmap_init(&spi->dev, &regmap_spi, &spi->dev, config, lock_key, lock_name);
}

_public_ struct regmap *__devm_regmap_init_spi(struct spi_device *spi,
					       const struct regmap_config *config,
					       struct lock_class_key *lock_key,
					       const char *lock_name)
{
	return __devm_regmap_init(&spi->dev, &regmap_spi, &spi->dev, config, lock_key, lock_name);
}
