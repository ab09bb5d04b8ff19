/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <soc/at91/atmel-secumod.h>: the register of the SAMA5D2
 * security module that says its secure RAM is ready (the kernel's offsets
 * and bits; the module is reached through syscon, <linux/mfd/syscon.h>).
 */
#ifndef LIBCDEV_KERNEL_SOC_AT91_ATMEL_SECUMOD_H
#define LIBCDEV_KERNEL_SOC_AT91_ATMEL_SECUMOD_H

#include <linux/bits.h>

#define AT91_SECUMOD_RAMRDY	  0x14
#define AT91_SECUMOD_RAMRDY_READY BIT(0)

#endif
