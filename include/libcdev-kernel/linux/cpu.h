/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/cpu.h>: CPU hotplug as drivers see it. No CPU
 * comes or goes here, so holding hotplug off (cpus_read_lock()) has nothing
 * to hold off, and every CPU below nr_cpu_ids is online.
 */
#ifndef LIBCDEV_KERNEL_LINUX_CPU_H
#define LIBCDEV_KERNEL_LINUX_CPU_H

#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/smp.h>

static inline void cpus_read_lock(void)
{
}

static inline void cpus_read_unlock(void)
{
}

static inline void get_online_cpus(void)
{
}

static inline void put_online_cpus(void)
{
}

static inline bool cpu_is_offline(unsigned int cpu)
{
	return !cpu_online(cpu);
}

#endif
