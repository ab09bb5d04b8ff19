/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/cpumask.h>, the little tracing needs: cpumask_t
 * of NR_CPUS (64) bits, cpumask_bits(), num_possible_cpus() (the host's
 * configured CPUs), cpumask_test_cpu(). current->cpus_ptr holds the CPUs
 * the process may run on.
 */
#ifndef LIBCDEV_KERNEL_LINUX_CPUMASK_H
#define LIBCDEV_KERNEL_LINUX_CPUMASK_H

#include <unistd.h>

#include <linux/bitops.h>
#include <libcdev/sched.h>

#define NR_CPUS		LIBCDEV_NR_CPUS
#define nr_cpumask_bits ((unsigned int)NR_CPUS)

typedef struct cpumask {
	unsigned long bits[BITS_TO_LONGS(NR_CPUS)];
} cpumask_t;

#define cpumask_bits(maskp) ((maskp)->bits)

static inline unsigned int num_possible_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n < 1 ? 1 : n > NR_CPUS ? NR_CPUS : (unsigned int)n;
}

#define num_online_cpus()  num_possible_cpus()
#define num_present_cpus() num_possible_cpus()
#define nr_cpu_ids	   num_possible_cpus()

static inline bool cpumask_test_cpu(int cpu, const struct cpumask *mask)
{
	return cpu >= 0 && cpu < NR_CPUS && test_bit(cpu, mask->bits);
}

#endif
