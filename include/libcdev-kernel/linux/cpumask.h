/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/cpumask.h>: the possible CPUs are the machine's
 * configured ones, 0 to nr_cpu_ids - 1, and all count as online and
 * present (no CPU hotplug is seen here); cpumask_t has NR_CPUS (64) bits,
 * with cpumask_bits() and cpumask_test_cpu(). current->cpus_ptr holds the
 * CPUs the process may run on.
 */
#ifndef LIBCDEV_KERNEL_LINUX_CPUMASK_H
#define LIBCDEV_KERNEL_LINUX_CPUMASK_H

#include <stdbool.h>

#include <linux/bitops.h>
#include <libcdev/instrument.h>
#include <libcdev/sched.h>

#define NR_CPUS		LIBCDEV_NR_CPUS
#define nr_cpumask_bits ((unsigned int)NR_CPUS)

typedef struct cpumask {
	unsigned long bits[BITS_TO_LONGS(NR_CPUS)];
} cpumask_t;

#define cpumask_bits(maskp) ((maskp)->bits)

#define num_possible_cpus() nr_cpu_ids
#define num_online_cpus()   nr_cpu_ids
#define num_present_cpus()  nr_cpu_ids
#define cpu_possible(cpu)   ((unsigned int)(cpu) < nr_cpu_ids)
#define cpu_online(cpu)	    cpu_possible(cpu)
#define cpu_present(cpu)    cpu_possible(cpu)

#define for_each_possible_cpu(cpu) for ((cpu) = 0; (unsigned int)(cpu) < nr_cpu_ids; (cpu)++)
#define for_each_online_cpu(cpu)   for_each_possible_cpu(cpu)
#define for_each_present_cpu(cpu)  for_each_possible_cpu(cpu)

static inline bool cpumask_test_cpu(int cpu, const struct cpumask *mask)
{
	return cpu >= 0 && cpu < NR_CPUS && test_bit(cpu, mask->bits);
}

#endif
