/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/scx200.h>: the National Semiconductor SCx200
 * processor's configuration block (watchdog, timer, clock generators, pin
 * multiplexing), whose base the kernel reads from the chip's PCI bridge at
 * boot (arch/x86/platform/scx200). There is no PCI bus here, so no SCx200
 * is ever found: scx200_cb_base stays 0 and scx200_cb_present() is false,
 * as on any other machine, and its drivers' init says so.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SCX200_H
#define LIBCDEV_KERNEL_LINUX_SCX200_H

#include <libcdev/names.h>

/* The library's libcdev_scx200_cb_base (names.h). */
extern unsigned scx200_cb_base;

#define scx200_cb_present() (scx200_cb_base != 0)

/* The bridge's configuration registers (PCI function 0). */
#define SCx200_DOCCS_BASE 0x78
#define SCx200_DOCCS_CTRL 0x7c

#define SCx200_GPIO_SIZE     0x2c /* the GPIO block's ports */
#define SCx200_CB_BASE_FIXED 0x9000

/* Offsets in the configuration block, and sizes. */
#define SCx200_WDT_OFFSET      0x00
#define SCx200_WDT_SIZE	       0x05
#define SCx200_WDT_WDTO	       0x00
#define SCx200_WDT_WDCNFG      0x02
#define SCx200_WDT_WDSTS       0x04
#define SCx200_WDT_WDSTS_WDOVF (1 << 0)

#define SCx200_TIMER_OFFSET    0x08
#define SCx200_TIMER_SIZE      0x06
#define SCx200_CLOCKGEN_OFFSET 0x10
#define SCx200_CLOCKGEN_SIZE   0x10
#define SCx200_MISC_OFFSET     0x30
#define SCx200_MISC_SIZE       0x10

#define SCx200_PMR	   0x30 /* pin multiplexing */
#define SCx200_MCR	   0x34 /* miscellaneous configuration */
#define SCx200_INTSEL	   0x38
#define SCx200_IID	   0x3c /* the chip's identification */
#define SCx200_REV	   0x3d
#define SCx200_CBA	   0x3e /* the configuration block's base */
#define SCx200_CBA_SCRATCH 0x64

#endif
