/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/pm.h>: struct dev_pm_ops and the macros that fill
 * it, from libcdev's <libcdev/pm.h>. CONFIG_PM and CONFIG_PM_SLEEP are on:
 * runtime callbacks are called (<linux/pm_runtime.h>); there is no system
 * sleep, so the sleep callbacks are kept and never called. Each *_PM_OPS()
 * ends with a comma, as the kernel's, so a driver writes them one after
 * another without one.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PM_H
#define LIBCDEV_KERNEL_LINUX_PM_H

#include <linux/compiler.h>
#include <libcdev/pm.h>

#define CONFIG_PM	1
#define CONFIG_PM_SLEEP 1

#define pm_ptr(_ptr)	   (_ptr)
#define pm_sleep_ptr(_ptr) (_ptr)

#define SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)                              \
	.suspend = (suspend_fn), .resume = (resume_fn), .freeze = (suspend_fn), \
	.thaw = (resume_fn), .poweroff = (suspend_fn), .restore = (resume_fn),
#define LATE_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)                                         \
	.suspend_late = (suspend_fn), .resume_early = (resume_fn), .freeze_late = (suspend_fn), \
	.thaw_early = (resume_fn), .poweroff_late = (suspend_fn), .restore_early = (resume_fn),
#define NOIRQ_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)                                          \
	.suspend_noirq = (suspend_fn), .resume_noirq = (resume_fn), .freeze_noirq = (suspend_fn), \
	.thaw_noirq = (resume_fn), .poweroff_noirq = (suspend_fn), .restore_noirq = (resume_fn),
#define RUNTIME_PM_OPS(suspend_fn, resume_fn, idle_fn) \
	.runtime_suspend = (suspend_fn), .runtime_resume = (resume_fn), .runtime_idle = (idle_fn),

#define SET_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn) SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)
#define SET_LATE_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn) \
	LATE_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)
#define SET_NOIRQ_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn) \
	NOIRQ_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)
#define SET_RUNTIME_PM_OPS(suspend_fn, resume_fn, idle_fn) \
	RUNTIME_PM_OPS(suspend_fn, resume_fn, idle_fn)

#define _DEFINE_DEV_PM_OPS(name, suspend_fn, resume_fn, runtime_suspend_fn, runtime_resume_fn, \
			   idle_fn)                                                            \
	const struct dev_pm_ops name = { SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)            \
						 RUNTIME_PM_OPS(runtime_suspend_fn,            \
								runtime_resume_fn, idle_fn) }
#define DEFINE_SIMPLE_DEV_PM_OPS(name, suspend_fn, resume_fn) \
	_DEFINE_DEV_PM_OPS(name, suspend_fn, resume_fn, NULL, NULL, NULL)
#define EXPORT_SIMPLE_DEV_PM_OPS(name, suspend_fn, resume_fn) \
	DEFINE_SIMPLE_DEV_PM_OPS(name, suspend_fn, resume_fn)
/* As the kernel's, without "static": drivers write "static SIMPLE_DEV_PM_OPS(...)". */
#define SIMPLE_DEV_PM_OPS(name, suspend_fn, resume_fn) \
	const struct dev_pm_ops __maybe_unused name = { SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn) }
#define UNIVERSAL_DEV_PM_OPS(name, suspend_fn, resume_fn, idle_fn)           \
	const struct dev_pm_ops __maybe_unused name = { SYSTEM_SLEEP_PM_OPS( \
		suspend_fn, resume_fn) RUNTIME_PM_OPS(suspend_fn, resume_fn, idle_fn) }

#endif
