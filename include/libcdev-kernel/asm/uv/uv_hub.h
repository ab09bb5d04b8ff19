/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/uv/uv_hub.h>: an SGI UV hub's local memory-mapped
 * registers (MMRs) and the CPU's place on its blade. No UV system is
 * simulated (<asm/uv/uv.h>: is_uv_system() is 0), so these are reached only
 * past a driver's own check: the local MMR base is 0, as the kernel's
 * macro gives without a UV hub, the hub revision 0 (none), and a CPU's
 * number on its blade is its number.
 */
#ifndef LIBCDEV_KERNEL_ASM_UV_UV_HUB_H
#define LIBCDEV_KERNEL_ASM_UV_UV_HUB_H

#include <linux/cache.h>
#include <linux/io.h>
#include <linux/smp.h>
#include <linux/types.h>
#include <asm/uv/uv.h>

#define UV_LOCAL_MMR_BASE 0UL

/* The RTC of UV4 and UV5 hubs, at its offset in their MMR space. */
#define UVH_RTC			     0xe0000UL
#define UVH_RTC_REAL_TIME_CLOCK_MASK 0x00ffffffffffffffUL

static inline unsigned long *uv_local_mmr_address(unsigned long offset)
{
	return (unsigned long *)(uintptr_t)(UV_LOCAL_MMR_BASE | offset);
}

static inline unsigned long uv_read_local_mmr(unsigned long offset)
{
	return readq(uv_local_mmr_address(offset));
}

static inline void uv_write_local_mmr(unsigned long offset, unsigned long val)
{
	writeq(val, uv_local_mmr_address(offset));
}

static inline int uv_blade_processor_id(void)
{
	return (int)raw_smp_processor_id();
}

static inline int uv_get_min_hub_revision_id(void)
{
	return 0;
}

#endif
