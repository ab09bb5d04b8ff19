/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CPU hotplug states (<linux/cpu.h>): a dynamic state runs its startup for
 * every CPU at set-up, an AP state's on that CPU (smp_processor_id() in the
 * callback is the CPU it is for), and its teardown at removal; a failing
 * startup tears down the CPUs done and frees the state; the _nocalls forms
 * call nothing; a full range is -ENOSPC. And devm_alloc_percpu().
 */
#define _GNU_SOURCE
#include <linux/cpu.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/platform_device.h>

#include <sched.h>

#include "test-util.h"

#define MAX_CPUS 1024
static int started[MAX_CPUS], torn_down[MAX_CPUS], ran_on[MAX_CPUS];
static unsigned int fail_on = ~0u;

static void reset_calls(void)
{
	memset(started, 0, sizeof(started));
	memset(torn_down, 0, sizeof(torn_down));
	memset(ran_on, -1, sizeof(ran_on));
	fail_on = ~0u;
}

static int startup(unsigned int cpu)
{
	if (cpu == fail_on)
		return -EBUSY;
	started[cpu]++;
	ran_on[cpu] = smp_processor_id();
	return 0;
}

static int teardown(unsigned int cpu)
{
	torn_down[cpu]++;
	return 0;
}

/* Whether this process may run on @cpu (a cpuset may leave some out). */
static bool cpu_allowed(unsigned int cpu)
{
	cpu_set_t set;

	return !sched_getaffinity(0, sizeof(set), &set) && CPU_ISSET(cpu, &set);
}

static void test_startup_on_each_cpu_and_teardown(void **state)
{
	int s;

	(void)state;
	assert_true(nr_cpu_ids <= MAX_CPUS);
	reset_calls();
	s = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "test/cpuhp:online", startup, teardown);
	assert_true(s >= CPUHP_AP_ONLINE_DYN && s <= CPUHP_AP_ONLINE_DYN_END);
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++) {
		assert_int_equal(started[cpu], 1);
		assert_int_equal(torn_down[cpu], 0);
		if (cpu_allowed(cpu))
			assert_int_equal(ran_on[cpu], cpu);
	}
	cpuhp_remove_state(s);
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
		assert_int_equal(torn_down[cpu], 1);
}

static void test_failed_startup_rolls_back(void **state)
{
	int s, again;

	(void)state;
	reset_calls();
	fail_on = nr_cpu_ids - 1;
	s = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "test/cpuhp:fails", startup, teardown);
	assert_int_equal(s, -EBUSY);
	for (unsigned int cpu = 0; cpu + 1 < nr_cpu_ids; cpu++)
		assert_int_equal(torn_down[cpu], 1);
	assert_int_equal(torn_down[nr_cpu_ids - 1], 0);
	/* The state was freed: the next set-up gets a state again. */
	reset_calls();
	again = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "test/cpuhp:again", startup,
					  teardown);
	assert_true(again >= CPUHP_AP_ONLINE_DYN);
	cpuhp_remove_state_nocalls(again);
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
		assert_int_equal(started[cpu] + torn_down[cpu], 0);
}

static void test_dynamic_range_and_bad_states(void **state)
{
	int got[CPUHP_AP_ONLINE_DYN_END - CPUHP_AP_ONLINE_DYN + 1];
	unsigned int n = 0;

	(void)state;
	for (; n < ARRAY_SIZE(got); n++) {
		got[n] = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "test/cpuhp:n", NULL, NULL);
		assert_true(got[n] > 0);
		assert_true(n == 0 || got[n] != got[n - 1]);
	}
	assert_int_equal(cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "x", NULL, NULL), -ENOSPC);
	while (n-- > 0)
		cpuhp_remove_state_nocalls(got[n]);
	/* A fixed state of the kernel's own is not for drivers here. */
	assert_int_equal(cpuhp_setup_state(CPUHP_ONLINE, "x", startup, NULL), -EINVAL);
	/* A BP state runs in the caller. */
	reset_calls();
	n = cpuhp_setup_state(CPUHP_BP_PREPARE_DYN, "test/cpuhp:prepare", startup, teardown);
	assert_true((int)n >= CPUHP_BP_PREPARE_DYN && (int)n <= CPUHP_BP_PREPARE_DYN_END);
	assert_int_equal(started[0], 1);
	cpuhp_remove_state(n);
	cpus_read_lock();
	assert_false(cpu_is_offline(0));
	cpus_read_unlock();
}

/* devm_alloc_percpu(): a per-CPU area freed after remove() (ASan sees a leak or a double free). */
static int __percpu *pcpu_area;

static int pcpu_probe(struct platform_device *pdev)
{
	int cpu;

	pcpu_area = devm_alloc_percpu(&pdev->dev, int);
	if (!pcpu_area)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		*per_cpu_ptr(pcpu_area, cpu) = cpu + 1;
	return 0;
}

static struct platform_driver pcpu_driver = {
	.probe = pcpu_probe,
	.driver = { .name = "pcpu" },
};

static void test_devm_alloc_percpu(void **state)
{
	struct platform_device *pdev;

	(void)state;
	pcpu_area = NULL;
	assert_int_equal(platform_driver_register(&pcpu_driver), 0);
	assert_int_equal(libcdev_platform_describe("pcpu.0", &pdev), 0);
	assert_non_null(pcpu_area);
	assert_int_equal(*per_cpu_ptr(pcpu_area, nr_cpu_ids - 1), (int)nr_cpu_ids);
	platform_driver_unregister(&pcpu_driver);
	libcdev_platform_forget_described();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_startup_on_each_cpu_and_teardown, test_env_capture),
		cmocka_unit_test_setup(test_failed_startup_rolls_back, test_env_capture),
		cmocka_unit_test_setup(test_dynamic_range_and_bad_states, test_env_capture),
		cmocka_unit_test_setup(test_devm_alloc_percpu, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
