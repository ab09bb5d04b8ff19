/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/cpuhotplug.h>: hotplug states a driver sets up,
 * the dynamic ones (CPUHP_AP_ONLINE_DYN, CPUHP_BP_PREPARE_DYN). Every CPU is
 * online and stays so: startup runs for each at set-up, teardown for each at
 * removal, an AP state's on a thread bound to that CPU (<libcdev/instrument.h>).
 * The multi-instance states are not here.
 */
#ifndef LIBCDEV_KERNEL_LINUX_CPUHOTPLUG_H
#define LIBCDEV_KERNEL_LINUX_CPUHOTPLUG_H

#include <linux/types.h>
#include <libcdev/instrument.h>

static inline int cpuhp_setup_state(enum cpuhp_state state, const char *name,
				    int (*startup)(unsigned int cpu),
				    int (*teardown)(unsigned int cpu))
{
	return __cpuhp_setup_state(state, name, true, startup, teardown, false);
}

static inline int cpuhp_setup_state_nocalls(enum cpuhp_state state, const char *name,
					    int (*startup)(unsigned int cpu),
					    int (*teardown)(unsigned int cpu))
{
	return __cpuhp_setup_state(state, name, false, startup, teardown, false);
}

static inline void cpuhp_remove_state(enum cpuhp_state state)
{
	__cpuhp_remove_state(state, true);
}

static inline void cpuhp_remove_state_nocalls(enum cpuhp_state state)
{
	__cpuhp_remove_state(state, false);
}

#endif
