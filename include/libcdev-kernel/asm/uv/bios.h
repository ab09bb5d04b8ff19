/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/uv/bios.h>: what SGI UV's BIOS tells the kernel.
 * No UV system is simulated (<asm/uv/uv.h>), so nothing is told: the RTC's
 * frequency stays 0, as the kernel leaves it on any other machine.
 */
#ifndef LIBCDEV_KERNEL_ASM_UV_BIOS_H
#define LIBCDEV_KERNEL_ASM_UV_BIOS_H

#include <asm/uv/uv.h>

#include <libcdev/names.h>

/* The RTC's cycles per second: 0, no BIOS call sets it here. */
extern unsigned long sn_rtc_cycles_per_second;

#endif
