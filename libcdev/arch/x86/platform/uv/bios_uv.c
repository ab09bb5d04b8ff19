/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - arch/x86/platform/uv/bios_uv.c: what SGI UV's BIOS tells the
 * kernel. No UV system is simulated (<asm/uv/uv.h>): the BIOS is never
 * asked, so the RTC's frequency stays 0, as on any machine that is not a UV.
 */
#include "core/core.h"

_public_ unsigned long sn_rtc_cycles_per_second;
