/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/mc146818rtc.h>: how x86 reaches the PC's RTC and
 * CMOS RAM: an index written to port 0x70, then the byte at that index read
 * or written at port 0x71. CMOS_READ() and CMOS_WRITE() do that through the
 * library's port I/O, so they reach a device described with io=0x70+2; with
 * model=mc146818 that device is the library's simulated CMOS (libcdev-platform(7)),
 * and with no device the ports float and every byte reads 0xff. The
 * callers hold rtc_lock (<linux/mc146818rtc.h>) across the pair.
 */
#ifndef LIBCDEV_KERNEL_ASM_MC146818RTC_H
#define LIBCDEV_KERNEL_ASM_MC146818RTC_H

#include <asm/io.h>
#include <libcdev/io.h>

#define RTC_PORT(x)    (0x70 + (x))
#define RTC_ALWAYS_BCD 1
#define RTC_IRQ	       8

/* The x86-32 lock that lets an NMI handler use the CMOS; 64-bit kernels have none. */
#define lock_cmos_prefix(reg) \
	do {                  \
	} while (0)
#define lock_cmos_suffix(reg) \
	do {                  \
	} while (0)
#define lock_cmos(reg) \
	do {           \
	} while (0)
#define unlock_cmos() \
	do {          \
	} while (0)
#define do_i_have_lock_cmos()	0
#define current_lock_cmos_reg() 0

#define CMOS_READ(addr)	      rtc_cmos_read(addr)
#define CMOS_WRITE(val, addr) rtc_cmos_write(val, addr)

#endif
