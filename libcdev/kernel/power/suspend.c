/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/power/main.c and suspend.c:
 * the PM notifier chain, and pm_suspend() as far as a process can go
 * (<libcdev/suspend.h>): standby and mem have no platform support here,
 * suspend-to-idle runs the notifiers as the kernel's "freezer" test level.
 */
#include <errno.h>
#include <pthread.h>

#include <libcdev/suspend.h>

#include "core/core.h"

static struct blocking_notifier_head pm_chain = {
	{ PTHREAD_MUTEX_INITIALIZER, NULL },
};

/* The kernel's system_transition_mutex: one suspend at a time. */
static pthread_mutex_t system_transition = PTHREAD_MUTEX_INITIALIZER;

static const char *const state_labels[PM_SUSPEND_MAX] = {
	[PM_SUSPEND_TO_IDLE] = "s2idle",
	[PM_SUSPEND_STANDBY] = "shallow",
	[PM_SUSPEND_MEM] = "deep",
};

_public_ int register_pm_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&pm_chain, nb);
}

_public_ int unregister_pm_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_unregister(&pm_chain, nb);
}

/* The errno a notifier's NOTIFY_BAD carries, as notifier_to_errno(). */
static int errno_of(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

/* The notifiers told the suspend is coming, then that it is over. */
static int s2idle_test(void)
{
	int err = errno_of(blocking_notifier_call_chain_robust(&pm_chain, PM_SUSPEND_PREPARE,
							       PM_POST_SUSPEND, NULL));

	if (err)
		return err;
	pr_dbg("PM: suspend test: nothing frozen, no device suspended");
	blocking_notifier_call_chain(&pm_chain, PM_POST_SUSPEND, NULL);
	return 0;
}

_public_ int pm_suspend(suspend_state_t state)
{
	int err;

	if (state <= PM_SUSPEND_ON || state >= PM_SUSPEND_MAX)
		return -EINVAL;
	pr_dbg("PM: suspend entry (%s)", state_labels[state]);
	/* No platform suspend operations: only suspend-to-idle is a valid state. */
	if (state != PM_SUSPEND_TO_IDLE)
		err = -EINVAL;
	else if (pthread_mutex_trylock(&system_transition))
		err = -EBUSY;
	else {
		err = s2idle_test();
		pthread_mutex_unlock(&system_transition);
	}
	pr_dbg("PM: suspend exit");
	return err;
}
