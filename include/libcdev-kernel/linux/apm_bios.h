/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/apm_bios.h>: the APM interface of the system's
 * uapi header (apm_event_t, the events, APM_IOC_SUSPEND ...) and what the
 * kernel adds: the flags of the BIOS installation check and the APM
 * function codes. There is no APM BIOS here to call.
 */
#ifndef LIBCDEV_KERNEL_LINUX_APM_BIOS_H
#define LIBCDEV_KERNEL_LINUX_APM_BIOS_H

#include <linux/types.h>

#include_next <linux/apm_bios.h>

/* The installation check's flags. */
#define APM_16_BIT_SUPPORT   0x0001
#define APM_32_BIT_SUPPORT   0x0002
#define APM_IDLE_SLOWS_CLOCK 0x0004
#define APM_BIOS_DISABLED    0x0008
#define APM_BIOS_DISENGAGED  0x0010

/* The APM functions (int 0x15, AH = 0x53). */
#define APM_FUNC_INST_CHECK	0x5300
#define APM_FUNC_REAL_CONN	0x5301
#define APM_FUNC_16BIT_CONN	0x5302
#define APM_FUNC_32BIT_CONN	0x5303
#define APM_FUNC_DISCONN	0x5304
#define APM_FUNC_IDLE		0x5305
#define APM_FUNC_BUSY		0x5306
#define APM_FUNC_SET_STATE	0x5307
#define APM_FUNC_ENABLE_PM	0x5308
#define APM_FUNC_RESTORE_BIOS	0x5309
#define APM_FUNC_GET_STATUS	0x530a
#define APM_FUNC_GET_EVENT	0x530b
#define APM_FUNC_GET_STATE	0x530c
#define APM_FUNC_ENABLE_DEV_PM	0x530d
#define APM_FUNC_VERSION	0x530e
#define APM_FUNC_ENGAGE_PM	0x530f
#define APM_FUNC_GET_CAP	0x5310
#define APM_FUNC_RESUME_TIMER	0x5311
#define APM_FUNC_RESUME_ON_RING 0x5312
#define APM_FUNC_TIMER		0x5313
#define APM_FUNC_DISABLE_TIMER	0
#define APM_FUNC_GET_TIMER	1
#define APM_FUNC_SET_TIMER	2
#define APM_FUNC_DISABLE_RING	0
#define APM_FUNC_ENABLE_RING	1
#define APM_FUNC_GET_RING	2
#define APM_FUNC_TIMER_DISABLE	0
#define APM_FUNC_TIMER_ENABLE	1
#define APM_FUNC_TIMER_GET	2

#endif
