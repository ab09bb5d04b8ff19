/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - a driver's power management callbacks (include/linux/pm.h) and
 * runtime power management (include/linux/pm_runtime.h,
 * drivers/base/power/runtime.c), with the kernel's rules: a device starts
 * suspended with runtime PM disabled (pm_runtime_enable() once to use it);
 * its usage count keeps it active; when the count falls to 0 the device
 * goes idle and is suspended (after its autosuspend delay, if it uses
 * one), calling the bound driver's ->runtime_idle, ->runtime_suspend and
 * ->runtime_resume in process context. Asynchronous requests run on a work
 * queue, as on the kernel's pm_wq. The state belongs to the binding: it is
 * dropped, and a pending request cancelled, when the driver is unbound.
 *
 * There is no system sleep: the other callbacks of struct dev_pm_ops are
 * kept and never called. A device has no struct dev_pm_info of its own
 * (dev->power): the state is the library's, read through the calls below.
 */
#ifndef LIBCDEV_PM_H
#define LIBCDEV_PM_H

#include <stdbool.h>

#include <libcdev/device.h>
#include <libcdev/names.h>

struct dev_pm_ops {
	int (*prepare)(struct device *dev);
	void (*complete)(struct device *dev);
	int (*suspend)(struct device *dev);
	int (*resume)(struct device *dev);
	int (*freeze)(struct device *dev);
	int (*thaw)(struct device *dev);
	int (*poweroff)(struct device *dev);
	int (*restore)(struct device *dev);
	int (*suspend_late)(struct device *dev);
	int (*resume_early)(struct device *dev);
	int (*freeze_late)(struct device *dev);
	int (*thaw_early)(struct device *dev);
	int (*poweroff_late)(struct device *dev);
	int (*restore_early)(struct device *dev);
	int (*suspend_noirq)(struct device *dev);
	int (*resume_noirq)(struct device *dev);
	int (*freeze_noirq)(struct device *dev);
	int (*thaw_noirq)(struct device *dev);
	int (*poweroff_noirq)(struct device *dev);
	int (*restore_noirq)(struct device *dev);
	int (*runtime_suspend)(struct device *dev);
	int (*runtime_resume)(struct device *dev);
	int (*runtime_idle)(struct device *dev);
};

enum rpm_status {
	RPM_INVALID = -1,
	RPM_ACTIVE = 0,
	RPM_RESUMING,
	RPM_SUSPENDED,
	RPM_SUSPENDING,
};

/* The flags of __pm_runtime_idle/suspend/resume(), as the kernel's. */
#define RPM_ASYNC   0x01 /* queue the request and return */
#define RPM_NOWAIT  0x02 /* do not wait for a transition under way */
#define RPM_GET_PUT 0x04 /* first take (resume) or drop (idle, suspend) a usage reference */
#define RPM_AUTO    0x08 /* suspend only once the autosuspend delay has passed */

/*
 * Return of the three: 0 (done, or queued with RPM_ASYNC); 1 (already in
 * that state); -EAGAIN (the usage count is not 0), -EACCES (runtime PM is
 * disabled), -EINVAL (a callback failed before: pm_runtime_set_active() or
 * _set_suspended() clears it), -EINPROGRESS (a transition under way and
 * RPM_NOWAIT), or a callback's error.
 */
int __pm_runtime_idle(struct device *dev, int rpmflags);
int __pm_runtime_suspend(struct device *dev, int rpmflags);
int __pm_runtime_resume(struct device *dev, int rpmflags);
/** __pm_runtime_set_status - RPM_ACTIVE or RPM_SUSPENDED, only while disabled (else -EAGAIN) */
int __pm_runtime_set_status(struct device *dev, unsigned int status);
/** __pm_runtime_disable - one more disable; @check_resume: a queued resume runs first */
void __pm_runtime_disable(struct device *dev, bool check_resume);
/** pm_runtime_enable - undo one disable ("Unbalanced pm_runtime_enable!" if none is left) */
void pm_runtime_enable(struct device *dev);
/** devm_pm_runtime_enable - pm_runtime_enable(), disabled again at unbind */
int devm_pm_runtime_enable(struct device *dev);
/** pm_runtime_allow, pm_runtime_forbid - user space's "auto"/"on": a usage reference */
void pm_runtime_allow(struct device *dev);
void pm_runtime_forbid(struct device *dev);
/** pm_runtime_no_callbacks, pm_runtime_irq_safe - flags, kept (every callback may sleep here) */
void pm_runtime_no_callbacks(struct device *dev);
void pm_runtime_irq_safe(struct device *dev);
void __pm_runtime_use_autosuspend(struct device *dev, bool use);
/** pm_runtime_set_autosuspend_delay - in ms; negative: never suspend (a usage reference) */
void pm_runtime_set_autosuspend_delay(struct device *dev, int delay);
/** pm_runtime_mark_last_busy - the autosuspend delay counts from now */
void pm_runtime_mark_last_busy(struct device *dev);
/** pm_runtime_get_noresume, pm_runtime_put_noidle - the usage count alone */
void pm_runtime_get_noresume(struct device *dev);
void pm_runtime_put_noidle(struct device *dev);
/** pm_runtime_get_if_active - a reference if active (1), 0 if not, -EINVAL if disabled */
int pm_runtime_get_if_active(struct device *dev, bool ign_usage_count);
/** pm_runtime_barrier - wait for a transition under way, drop queued requests */
int pm_runtime_barrier(struct device *dev);
/** pm_runtime_force_suspend/_resume - suspend and disable; enable and resume if needed */
int pm_runtime_force_suspend(struct device *dev);
int pm_runtime_force_resume(struct device *dev);

bool pm_runtime_suspended(struct device *dev);	      /* suspended and enabled */
bool pm_runtime_active(struct device *dev);	      /* active, or disabled */
bool pm_runtime_status_suspended(struct device *dev); /* suspended, enabled or not */
bool pm_runtime_enabled(struct device *dev);
/** libcdev_pm_runtime_usage_count - the usage count (the kernel's dev->power.usage_count) */
int libcdev_pm_runtime_usage_count(struct device *dev);

#endif
