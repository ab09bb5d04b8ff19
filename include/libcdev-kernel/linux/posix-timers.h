/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/posix-timers.h>: the clock ids of CPU-time and
 * dynamic (file descriptor) clocks as the kernel encodes them, which
 * clock_gettime(2) takes in user space too: a process's or a thread's CPU
 * clock is its id complemented and shifted left by 3, with the clock's kind
 * (profiling, virtual, scheduler time) in the low two bits and bit 2 set for
 * a thread; a dynamic clock's id is its descriptor complemented and shifted,
 * with 3 in the low bits. The kernel's POSIX timer internals (k_itimer, the
 * CPU timer queues) belong to its scheduler and are not here.
 */
#ifndef LIBCDEV_KERNEL_LINUX_POSIX_TIMERS_H
#define LIBCDEV_KERNEL_LINUX_POSIX_TIMERS_H

#include <linux/types.h>
#include <time.h>

#define CPUCLOCK_PERTHREAD_MASK 4
#define CPUCLOCK_CLOCK_MASK	3
#define CPUCLOCK_PROF		0
#define CPUCLOCK_VIRT		1
#define CPUCLOCK_SCHED		2
#define CPUCLOCK_MAX		3
#define CLOCKFD			CPUCLOCK_MAX
#define CLOCKFD_MASK		(CPUCLOCK_PERTHREAD_MASK | CPUCLOCK_CLOCK_MASK)

#define CPUCLOCK_PID(clock)	  ((pid_t) ~((clock) >> 3))
#define CPUCLOCK_PERTHREAD(clock) (((clock) & (clockid_t)CPUCLOCK_PERTHREAD_MASK) != 0)
#define CPUCLOCK_WHICH(clock)	  ((clock) & (clockid_t)CPUCLOCK_CLOCK_MASK)

static inline clockid_t make_process_cpuclock(const unsigned int pid, const clockid_t clock)
{
	return (clockid_t)((~pid) << 3) | clock;
}

static inline clockid_t make_thread_cpuclock(const unsigned int tid, const clockid_t clock)
{
	return make_process_cpuclock(tid, clock) | CPUCLOCK_PERTHREAD_MASK;
}

static inline clockid_t fd_to_clockid(const int fd)
{
	return make_process_cpuclock((unsigned int)fd, CLOCKFD);
}

static inline int clockid_to_fd(const clockid_t clk)
{
	return ~(clk >> 3);
}

#endif
