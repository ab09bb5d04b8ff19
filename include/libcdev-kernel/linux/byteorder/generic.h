/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/byteorder/generic.h>: the kernel's names for the
 * uapi byte-order conversions: cpu_to_le32(), be16_to_cpup(), le32_add_cpu()
 * and the rest. Include <asm/byteorder.h>, which includes this one.
 */
#ifndef LIBCDEV_KERNEL_LINUX_BYTEORDER_GENERIC_H
#define LIBCDEV_KERNEL_LINUX_BYTEORDER_GENERIC_H

#include <asm/byteorder.h>
#include <linux/swab.h>
#include <linux/types.h>

#define cpu_to_le64  __cpu_to_le64
#define le64_to_cpu  __le64_to_cpu
#define cpu_to_le32  __cpu_to_le32
#define le32_to_cpu  __le32_to_cpu
#define cpu_to_le16  __cpu_to_le16
#define le16_to_cpu  __le16_to_cpu
#define cpu_to_be64  __cpu_to_be64
#define be64_to_cpu  __be64_to_cpu
#define cpu_to_be32  __cpu_to_be32
#define be32_to_cpu  __be32_to_cpu
#define cpu_to_be16  __cpu_to_be16
#define be16_to_cpu  __be16_to_cpu
#define cpu_to_le64p __cpu_to_le64p
#define le64_to_cpup __le64_to_cpup
#define cpu_to_le32p __cpu_to_le32p
#define le32_to_cpup __le32_to_cpup
#define cpu_to_le16p __cpu_to_le16p
#define le16_to_cpup __le16_to_cpup
#define cpu_to_be64p __cpu_to_be64p
#define be64_to_cpup __be64_to_cpup
#define cpu_to_be32p __cpu_to_be32p
#define be32_to_cpup __be32_to_cpup
#define cpu_to_be16p __cpu_to_be16p
#define be16_to_cpup __be16_to_cpup
#define cpu_to_le64s __cpu_to_le64s
#define le64_to_cpus __le64_to_cpus
#define cpu_to_le32s __cpu_to_le32s
#define le32_to_cpus __le32_to_cpus
#define cpu_to_le16s __cpu_to_le16s
#define le16_to_cpus __le16_to_cpus
#define cpu_to_be64s __cpu_to_be64s
#define be64_to_cpus __be64_to_cpus
#define cpu_to_be32s __cpu_to_be32s
#define be32_to_cpus __be32_to_cpus
#define cpu_to_be16s __cpu_to_be16s
#define be16_to_cpus __be16_to_cpus

/* Add @val in CPU order to a little- or big-endian value in place. */
static inline void le16_add_cpu(__le16 *var, u16 val)
{
	*var = cpu_to_le16(le16_to_cpu(*var) + val);
}

static inline void le32_add_cpu(__le32 *var, u32 val)
{
	*var = cpu_to_le32(le32_to_cpu(*var) + val);
}

static inline void le64_add_cpu(__le64 *var, u64 val)
{
	*var = cpu_to_le64(le64_to_cpu(*var) + val);
}

static inline void be16_add_cpu(__be16 *var, u16 val)
{
	*var = cpu_to_be16(be16_to_cpu(*var) + val);
}

static inline void be32_add_cpu(__be32 *var, u32 val)
{
	*var = cpu_to_be32(be32_to_cpu(*var) + val);
}

static inline void be64_add_cpu(__be64 *var, u64 val)
{
	*var = cpu_to_be64(be64_to_cpu(*var) + val);
}

#endif
