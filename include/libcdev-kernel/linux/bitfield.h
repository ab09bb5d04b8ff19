/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/bitfield.h>: fields of registers named by their
 * shifted mask. FIELD_PREP(), FIELD_GET(), FIELD_MAX() and FIELD_FIT()
 * refuse at compile time, as the kernel's do, a mask that is not a
 * constant, is zero or has holes, and a constant value too large for the
 * field; u8/u16/u32/u64 _get_bits(), _encode_bits() and _replace_bits()
 * take any mask and keep only the bits of the field.
 */
#ifndef LIBCDEV_KERNEL_LINUX_BITFIELD_H
#define LIBCDEV_KERNEL_LINUX_BITFIELD_H

#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/types.h>

#define __bf_shf(x) __builtin_ctzll((unsigned long long)(x))

/* 0, or a compile error naming what is wrong with @_mask or @_val. */
#define __BF_FIELD_CHECK(_mask, _val, _pfx)                                                    \
	(BUILD_BUG_ON_ZERO(!__builtin_constant_p(_mask)) + BUILD_BUG_ON_ZERO((_mask) == 0) +   \
	 BUILD_BUG_ON_ZERO(__builtin_choose_expr(__builtin_constant_p(_val),                   \
						 ~((_mask) >> __bf_shf(_mask)) & (_val), 0)) + \
	 BUILD_BUG_ON_ZERO((((_mask) + (1ULL << __bf_shf(_mask))) &                            \
			    ((_mask) + (1ULL << __bf_shf(_mask)) - 1)) != 0))

/* The largest value the field of @_mask holds. */
#define FIELD_MAX(_mask) \
	((__typeof__(_mask))(((_mask) >> __bf_shf(_mask)) + __BF_FIELD_CHECK(_mask, 0ULL, "")))

/* Whether @_val fits in the field of @_mask. */
#define FIELD_FIT(_mask, _val)                                            \
	(!((((__typeof__(_mask))(_val)) << __bf_shf(_mask)) & ~(_mask)) + \
	 __BF_FIELD_CHECK(_mask, 0ULL, ""))

/* @_val shifted into the field of @_mask, to be OR-ed with the other fields. */
#define FIELD_PREP(_mask, _val)                                       \
	((((__typeof__(_mask))(_val) << __bf_shf(_mask)) & (_mask)) + \
	 __BF_FIELD_CHECK(_mask, _val, ""))

/* The field of @_mask taken out of the register value @_reg. */
#define FIELD_GET(_mask, _reg)                                         \
	((__typeof__(_mask))((((_reg) & (_mask)) >> __bf_shf(_mask)) + \
			     __BF_FIELD_CHECK(_mask, 0U, "")))

/* The lowest set bit of @field, by which a field value is multiplied. */
static inline u64 field_multiplier(u64 field)
{
	return field & -field;
}

static inline u64 field_mask(u64 field)
{
	return field ? field / field_multiplier(field) : 0;
}
#define field_max(field) ((__typeof__(field))field_mask(field))

#define __LIBCDEV_BITFIELD_OPS(type)                                              \
	static inline type type##_encode_bits(type v, type field)                 \
	{                                                                         \
		return (type)((v & field_mask(field)) * field_multiplier(field)); \
	}                                                                         \
	static inline type type##_replace_bits(type old, type val, type field)    \
	{                                                                         \
		return (type)((old & ~field) | type##_encode_bits(val, field));   \
	}                                                                         \
	static inline void type##p_replace_bits(type *p, type val, type field)    \
	{                                                                         \
		*p = type##_replace_bits(*p, val, field);                         \
	}                                                                         \
	static inline type type##_get_bits(type v, type field)                    \
	{                                                                         \
		return field ? (type)((v & field) / field_multiplier(field)) : 0; \
	}
__LIBCDEV_BITFIELD_OPS(u8)
__LIBCDEV_BITFIELD_OPS(u16)
__LIBCDEV_BITFIELD_OPS(u32)
__LIBCDEV_BITFIELD_OPS(u64)
#undef __LIBCDEV_BITFIELD_OPS

#endif
