/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/uv/uv.h>: whether the machine is an SGI UV (HPE
 * Superdome Flex) system, whose hubs have their own memory-mapped
 * registers. None is simulated: the answers are those of the kernel on any
 * other x86-64 machine, so a UV driver takes its own "no such hardware" path.
 */
#ifndef LIBCDEV_KERNEL_ASM_UV_UV_H
#define LIBCDEV_KERNEL_ASM_UV_UV_H

#include <linux/types.h>

enum uv_system_type { UV_NONE, UV_LEGACY_APIC, UV_X2APIC };

static inline enum uv_system_type get_uv_system_type(void)
{
	return UV_NONE;
}

static inline bool is_early_uv_system(void)
{
	return false;
}

static inline int is_uv_system(void)
{
	return 0;
}

static inline int is_uv_hubbed(int uvtype)
{
	(void)uvtype;
	return 0;
}

#endif
