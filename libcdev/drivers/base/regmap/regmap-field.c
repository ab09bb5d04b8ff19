// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - register fields, after the regmap_field code of
 * drivers/base/regmap/regmap.c: a bit range of a register (and, with an
 * id, of one of a row of like registers), read and updated through the
 * map.
 */
#include <errno.h>
#include <stdlib.h>

#include "core/core.h"
#include "internal.h"
#include <libcdev/err.h>
#include <libcdev/platform.h>

struct regmap_field {
	struct regmap *regmap;
	unsigned int mask;
	unsigned int shift;
	unsigned int reg;
	unsigned int id_size;
	unsigned int id_offset;
};

static void regmap_field_init(struct regmap_field *f, struct regmap *map, struct reg_field rf)
{
	f->regmap = map;
	f->reg = rf.reg;
	f->shift = rf.lsb;
	f->mask = (rf.msb >= 31 ? ~0u : (1u << (rf.msb + 1)) - 1) & ~((1u << rf.lsb) - 1);
	f->id_size = rf.id_size;
	f->id_offset = rf.id_offset;
}

_public_ struct regmap_field *regmap_field_alloc(struct regmap *map, struct reg_field reg_field)
{
	struct regmap_field *f = malloc(sizeof(*f));

	if (!f)
		return ERR_PTR(-ENOMEM);
	regmap_field_init(f, map, reg_field);
	return f;
}

_public_ void regmap_field_free(struct regmap_field *field)
{
	free(field);
}

_public_ struct regmap_field *devm_regmap_field_alloc(struct device *dev, struct regmap *map,
						      struct reg_field reg_field)
{
	struct regmap_field *f = devm_kmalloc(dev, sizeof(*f), 0);

	if (!f)
		return ERR_PTR(-ENOMEM);
	regmap_field_init(f, map, reg_field);
	return f;
}

_public_ void devm_regmap_field_free(struct device *dev, struct regmap_field *field)
{
	devm_kfree(dev, field);
}

_public_ int regmap_field_bulk_alloc(struct regmap *map, struct regmap_field **rm_field,
				     const struct reg_field *reg_field, int num_fields)
{
	struct regmap_field *f = calloc(num_fields ? num_fields : 1, sizeof(*f));

	if (!f)
		return -ENOMEM;
	for (int i = 0; i < num_fields; i++) {
		regmap_field_init(&f[i], map, reg_field[i]);
		rm_field[i] = &f[i];
	}
	return 0;
}

_public_ void regmap_field_bulk_free(struct regmap_field *field)
{
	free(field);
}

_public_ int devm_regmap_field_bulk_alloc(struct device *dev, struct regmap *map,
					  struct regmap_field **field,
					  const struct reg_field *reg_field, int num_fields)
{
	struct regmap_field *f = devm_kmalloc(dev, sizeof(*f) * (num_fields ? num_fields : 1), 0);

	if (!f)
		return -ENOMEM;
	for (int i = 0; i < num_fields; i++) {
		regmap_field_init(&f[i], map, reg_field[i]);
		field[i] = &f[i];
	}
	return 0;
}

_public_ void devm_regmap_field_bulk_free(struct device *dev, struct regmap_field *field)
{
	devm_kfree(dev, field);
}

_public_ int regmap_field_read(struct regmap_field *field, unsigned int *val)
{
	unsigned int v;
	int ret = regmap_read(field->regmap, field->reg, &v);

	if (!ret)
		*val = (v & field->mask) >> field->shift;
	return ret;
}

_public_ int regmap_field_update_bits_base(struct regmap_field *field, unsigned int mask,
					   unsigned int val, bool *change, bool async, bool force)
{
	mask = (mask << field->shift) & field->mask;
	return regmap_update_bits_base(field->regmap, field->reg, mask, val << field->shift, change,
				       async, force);
}

_public_ int regmap_field_test_bits(struct regmap_field *field, unsigned int bits)
{
	unsigned int val;
	int ret = regmap_field_read(field, &val);

	if (ret)
		return ret;
	return (val & bits) == bits;
}

_public_ int regmap_field_set_bits(struct regmap_field *field, unsigned int bits)
{
	return regmap_field_update_bits_base(field, bits, bits, NULL, false, false);
}

_public_ int regmap_field_clear_bits(struct regmap_field *field, unsigned int bits)
{
	return regmap_field_update_bits_base(field, bits, 0, NULL, false, false);
}

_public_ int regmap_fields_read(struct regmap_field *field, unsigned int id, unsigned int *val)
{
	unsigned int v;
	int ret;

	if (id >= field->id_size)
		return -EINVAL;
	ret = regmap_read(field->regmap, field->reg + field->id_offset * id, &v);
	if (!ret)
		*val = (v & field->mask) >> field->shift;
	return ret;
}

_public_ int regmap_fields_update_bits_base(struct regmap_field *field, unsigned int id,
					    unsigned int mask, unsigned int val, bool *change,
					    bool async, bool force)
{
	if (id >= field->id_size)
		return -EINVAL;
	mask = (mask << field->shift) & field->mask;
	return regmap_update_bits_base(field->regmap, field->reg + field->id_offset * id, mask,
				       val << field->shift, change, async, force);
}
