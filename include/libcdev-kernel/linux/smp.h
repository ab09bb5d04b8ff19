/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/smp.h>, the calling CPU: the one the thread runs
 * on at the time of the call (sched_getcpu()). A thread is not pinned
 * there: get_cpu() does not keep it from moving, as preemption is not
 * turned off in user space.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SMP_H
#define LIBCDEV_KERNEL_LINUX_SMP_H

#include <linux/cpumask.h>
#include <libcdev/instrument.h>

#define raw_smp_processor_id() ((int)libcdev_smp_processor_id())
#define smp_processor_id()     raw_smp_processor_id()
#define get_cpu()	       smp_processor_id()
#define put_cpu() \
	do {      \
	} while (0)

#endif
