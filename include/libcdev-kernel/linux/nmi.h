/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/nmi.h>: the lockup detectors' side, as in a kernel
 * built without them (CONFIG_LOCKUP_DETECTOR unset): there is no watchdog to
 * touch, and no NMI to ask other CPUs for their backtraces, so
 * trigger_all_cpu_backtrace() says it could not (false) and the caller
 * falls back, as the kernel's callers do.
 */
#ifndef LIBCDEV_KERNEL_LINUX_NMI_H
#define LIBCDEV_KERNEL_LINUX_NMI_H

#include <stdbool.h>

#include <linux/sched.h>

static inline void touch_nmi_watchdog(void)
{
}

static inline void touch_softlockup_watchdog(void)
{
}

static inline void touch_softlockup_watchdog_sync(void)
{
}

static inline void touch_all_softlockup_watchdogs(void)
{
}

static inline bool trigger_all_cpu_backtrace(void)
{
	return false;
}

static inline bool trigger_single_cpu_backtrace(int cpu)
{
	(void)cpu;
	return false;
}

#endif
