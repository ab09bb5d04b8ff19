/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/mc146818rtc.h>: the registers of the Motorola
 * MC146818 real-time clock, whose RAM is the PC's CMOS: the clock at 0-9,
 * the control registers A-D at 10-13, RAM from 14 (NVRAM_FIRST_BYTE) to
 * 127; rtc_lock, which every CMOS_READ()/CMOS_WRITE() is done under (the
 * index and the data port are one register pair for all callers); and the
 * board data of the CMOS RTC's platform device. The clock's helpers of
 * drivers/rtc (mc146818_get_time() and friends) are not here.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MC146818RTC_H
#define LIBCDEV_KERNEL_LINUX_MC146818RTC_H

#include <asm/io.h>
#include <asm/mc146818rtc.h>
#include <linux/delay.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <libcdev/names.h>

struct device;

/* The library's libcdev_rtc_lock (names.h): one for the process, as the kernel's. */
extern spinlock_t rtc_lock;

/* What a board tells the CMOS RTC's driver about its extensions. */
struct cmos_rtc_board_info {
	void (*wake_on)(struct device *dev);
	void (*wake_off)(struct device *dev);
	u32 flags;
#define CMOS_RTC_FLAGS_NOFREQ (1 << 0)
	int address_space;
	u8 rtc_day_alarm; /* register index, or 0 */
	u8 rtc_mon_alarm;
	u8 rtc_century;
};

/* The clock, in BCD unless RTC_DM_BINARY is set in register B. */
#define RTC_SECONDS	    0
#define RTC_SECONDS_ALARM   1
#define RTC_MINUTES	    2
#define RTC_MINUTES_ALARM   3
#define RTC_HOURS	    4
#define RTC_HOURS_ALARM	    5
#define RTC_ALARM_DONT_CARE 0xc0 /* an alarm field with both top bits set matches any value */
#define RTC_DAY_OF_WEEK	    6
#define RTC_DAY_OF_MONTH    7
#define RTC_MONTH	    8
#define RTC_YEAR	    9

#define RTC_REG_A 10
#define RTC_REG_B 11
#define RTC_REG_C 12
#define RTC_REG_D 13

/* Register A: the divider and the periodic rate. */
#define RTC_FREQ_SELECT	    RTC_REG_A
#define RTC_UIP		    0x80 /* an update is in progress: the clock is not to be read */
#define RTC_DIV_CTL	    0x70
#define RTC_REF_CLCK_4MHZ   0x00
#define RTC_REF_CLCK_1MHZ   0x10
#define RTC_REF_CLCK_32KHZ  0x20
#define RTC_DIV_RESET1	    0x60
#define RTC_DIV_RESET2	    0x70
#define RTC_AMD_BANK_SELECT 0x10
#define RTC_RATE_SELECT	    0x0f

/* Register B: control. */
#define RTC_CONTROL   RTC_REG_B
#define RTC_SET	      0x80 /* updates stopped while the clock is set */
#define RTC_PIE	      0x40
#define RTC_AIE	      0x20
#define RTC_UIE	      0x10
#define RTC_SQWE      0x08
#define RTC_DM_BINARY 0x04 /* binary values, else BCD */
#define RTC_24H	      0x02 /* 24-hour mode, else bit 7 of the hours is PM */
#define RTC_DST_EN    0x01

/* Register C: the interrupt flags, cleared by reading it. */
#define RTC_INTR_FLAGS RTC_REG_C
#define RTC_IRQF       0x80
#define RTC_PF	       0x40
#define RTC_AF	       0x20
#define RTC_UF	       0x10

/* Register D: the battery. */
#define RTC_VALID RTC_REG_D
#define RTC_VRT	  0x80 /* the RAM and the time are valid */

#define RTC_IO_EXTENT	   0x8
#define RTC_IO_EXTENT_USED 0x2
#define RTC_IOMAPPED	   1

#endif
