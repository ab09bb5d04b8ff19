/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/apm-emulation.h>: what a machine gives the APM
 * emulation (the kernel's drivers/char/apm-emulation.c, a module of its
 * own): its power status, through the apm_get_power_status hook the module
 * defines, and events for it to queue (apm_queue_event()). Fields a machine
 * does not fill keep the "unknown" values the module sets.
 */
#ifndef LIBCDEV_KERNEL_LINUX_APM_EMULATION_H
#define LIBCDEV_KERNEL_LINUX_APM_EMULATION_H

#include <linux/apm_bios.h>

struct apm_power_info {
	unsigned char ac_line_status;
#define APM_AC_OFFLINE 0
#define APM_AC_ONLINE  1
#define APM_AC_BACKUP  2
#define APM_AC_UNKNOWN 0xff

	unsigned char battery_status;
#define APM_BATTERY_STATUS_HIGH	       0
#define APM_BATTERY_STATUS_LOW	       1
#define APM_BATTERY_STATUS_CRITICAL    2
#define APM_BATTERY_STATUS_CHARGING    3
#define APM_BATTERY_STATUS_NOT_PRESENT 4
#define APM_BATTERY_STATUS_UNKNOWN     0xff

	unsigned char battery_flag;
#define APM_BATTERY_FLAG_HIGH	     (1 << 0)
#define APM_BATTERY_FLAG_LOW	     (1 << 1)
#define APM_BATTERY_FLAG_CRITICAL    (1 << 2)
#define APM_BATTERY_FLAG_CHARGING    (1 << 3)
#define APM_BATTERY_FLAG_NOT_PRESENT (1 << 7)
#define APM_BATTERY_FLAG_UNKNOWN     0xff

	int battery_life; /* percent, or -1 */
	int time;	  /* in @units, or -1 */
	int units;
#define APM_UNITS_MINS	  0
#define APM_UNITS_SECS	  1
#define APM_UNITS_UNKNOWN -1
};

/* Defined by the APM emulation module; a machine's driver points it at its own. */
extern void (*apm_get_power_status)(struct apm_power_info *info);

/* Queue APM_SYS_SUSPEND, APM_CRITICAL_SUSPEND, APM_LOW_BATTERY ... for the emulation's thread. */
void apm_queue_event(apm_event_t event);

#endif
