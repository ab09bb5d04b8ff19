/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - system sleep as a driver sees it, after include/linux/suspend.h,
 * kernel/power/main.c and kernel/power/suspend.c: the PM notifier chain and
 * pm_suspend().
 *
 * A process cannot put the machine to sleep, and it has no platform
 * suspend operations: as on a machine without them, standby and mem are
 * not valid states and pm_suspend() of them is -EINVAL before anything is
 * notified. Suspend-to-idle, valid everywhere in the kernel, runs as the
 * kernel's suspend test at its "freezer" level does (pm_test, see the
 * kernel's basic-pm-debugging): the notifiers are told PM_SUSPEND_PREPARE,
 * and if one refuses, those told before it PM_POST_SUSPEND and the refusal
 * is returned; else all are told PM_POST_SUSPEND at once and it returns 0.
 * Nothing is frozen (there is no freezer: <linux/freezer.h>) and no
 * device's system-sleep callbacks run (<libcdev/pm.h>). One transition at a
 * time: -EBUSY while another runs.
 */
#ifndef LIBCDEV_SUSPEND_H
#define LIBCDEV_SUSPEND_H

#include <libcdev/names.h>
#include <libcdev/notifier.h>

typedef int suspend_state_t;

#define PM_SUSPEND_ON	   ((suspend_state_t)0)
#define PM_SUSPEND_TO_IDLE ((suspend_state_t)1)
#define PM_SUSPEND_STANDBY ((suspend_state_t)2)
#define PM_SUSPEND_MEM	   ((suspend_state_t)3)
#define PM_SUSPEND_MIN	   PM_SUSPEND_TO_IDLE
#define PM_SUSPEND_MAX	   ((suspend_state_t)4)

/* What the PM notifiers are told. */
#define PM_HIBERNATION_PREPARE 0x0001
#define PM_POST_HIBERNATION    0x0002
#define PM_SUSPEND_PREPARE     0x0003
#define PM_POST_SUSPEND	       0x0004
#define PM_RESTORE_PREPARE     0x0005
#define PM_POST_RESTORE	       0x0006

/** register_pm_notifier - add @nb to the PM chain; 0, or -EEXIST if it is on it */
int register_pm_notifier(struct notifier_block *nb);
/** unregister_pm_notifier - 0, or -ENOENT if @nb is not on the chain */
int unregister_pm_notifier(struct notifier_block *nb);

/**
 * pm_suspend - put the system to sleep in @state, as far as a process can
 * (see above)
 *
 * Return: 0 after the notifiers were told PM_POST_SUSPEND (suspend-to-idle);
 * -EINVAL (not a state, or one without platform support: standby, mem);
 * -EBUSY (a transition runs); or the error a notifier refused with.
 */
int pm_suspend(suspend_state_t state);

#endif
