/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/cpu.c: CPU hotplug states. No CPU comes or goes here, so
 * a state's callbacks run when it is set up (startup, for every CPU) and
 * removed (teardown), as the kernel runs them for the CPUs online then. The
 * callbacks of an AP state run on a kernel thread bound to the CPU they are
 * for, so smp_processor_id() and this_cpu_ptr() in them are that CPU's, as
 * on the kernel's per-CPU hotplug thread; a BP state's run in the caller.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

#include "core/core.h"
#include <libcdev/instrument.h>
#include <libcdev/kdefer.h>

struct cpuhp_step {
	const char *name; /* NULL: free */
	int (*startup)(unsigned int cpu);
	int (*teardown)(unsigned int cpu);
};

static struct cpuhp_step steps[CPUHP_ONLINE + 1];
/* Setting up and removing states, one at a time, as the kernel's cpuhp_state_mutex. */
static pthread_mutex_t cpuhp_lock = PTHREAD_MUTEX_INITIALIZER;

static bool cpuhp_is_ap(enum cpuhp_state state)
{
	return state >= CPUHP_AP_ONLINE_DYN && state <= CPUHP_AP_ONLINE_DYN_END;
}

/* A free state of the dynamic range @state names, or -ENOSPC; -EINVAL for another state. */
static int cpuhp_reserve(enum cpuhp_state state)
{
	int first, last;

	if (state == CPUHP_AP_ONLINE_DYN)
		first = CPUHP_AP_ONLINE_DYN, last = CPUHP_AP_ONLINE_DYN_END;
	else if (state == CPUHP_BP_PREPARE_DYN)
		first = CPUHP_BP_PREPARE_DYN, last = CPUHP_BP_PREPARE_DYN_END;
	else
		return -EINVAL;
	for (int s = first; s <= last; s++)
		if (!steps[s].name)
			return s;
	return -ENOSPC;
}

struct cpuhp_call {
	int (*fn)(unsigned int cpu);
	unsigned int cpu;
};

static int cpuhp_thread(void *data)
{
	struct cpuhp_call *call = data;
	cpu_set_t set;

	/* Bound to its CPU, and moved there before the call (a CPU not allowed to us: as is). */
	CPU_ZERO(&set);
	CPU_SET(call->cpu, &set);
	if (!pthread_setaffinity_np(pthread_self(), sizeof(set), &set))
		sched_yield();
	return call->fn(call->cpu);
}

/* @fn(@cpu), on a kernel thread bound to @cpu for an AP state. */
static int cpuhp_invoke(enum cpuhp_state state, int (*fn)(unsigned int), unsigned int cpu)
{
	struct cpuhp_call call = { fn, cpu };
	struct task_struct *t;
	char name[24];

	if (!fn)
		return 0;
	if (!cpuhp_is_ap(state))
		return fn(cpu);
	snprintf(name, sizeof(name), "cpuhp/%u", cpu);
	t = libcdev_kthread_create(NULL, cpuhp_thread, &call, name);
	if (IS_ERR(t))
		return (int)PTR_ERR(t);
	wake_up_process(t);
	return kthread_stop(t);
}

_public_ int __cpuhp_setup_state(enum cpuhp_state state, const char *name, bool invoke,
				 int (*startup)(unsigned int cpu),
				 int (*teardown)(unsigned int cpu), bool multi_instance)
{
	unsigned int cpu;
	int s, err = 0;

	(void)multi_instance;
	if (!name)
		return -EINVAL;
	pthread_mutex_lock(&cpuhp_lock);
	s = cpuhp_reserve(state);
	if (s < 0)
		goto out_unlock;
	steps[s] = (struct cpuhp_step){ name, startup, teardown };
	for (cpu = 0; invoke && cpu < nr_cpu_ids; cpu++) {
		err = cpuhp_invoke(s, startup, cpu);
		if (err)
			goto out_rollback;
	}
	goto out_unlock;

out_rollback:
	/* The kernel's rollback: the CPUs done are torn down, newest first. */
	while (cpu-- > 0)
		cpuhp_invoke(s, teardown, cpu);
	steps[s] = (struct cpuhp_step){ 0 };
	s = err;
out_unlock:
	pthread_mutex_unlock(&cpuhp_lock);
	return s;
}

_public_ void __cpuhp_remove_state(enum cpuhp_state state, bool invoke)
{
	if ((int)state < 0 || state > CPUHP_ONLINE)
		return;
	pthread_mutex_lock(&cpuhp_lock);
	if (!steps[state].name) {
		pthread_mutex_unlock(&cpuhp_lock);
		pr_err_lib("cpuhp_remove_state(%d): no such state", (int)state);
		return;
	}
	for (unsigned int cpu = nr_cpu_ids; invoke && cpu-- > 0;)
		cpuhp_invoke(state, steps[state].teardown, cpu);
	steps[state] = (struct cpuhp_step){ 0 };
	pthread_mutex_unlock(&cpuhp_lock);
}
