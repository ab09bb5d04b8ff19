/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/time/jiffies.c, with the jiffies_64 of kernel/time/timer.c
 * and the tick of kernel/time/tick-common.c: `jiffies` and `jiffies_64` are
 * variables a driver reads (and may name a struct field after), kept at
 * INITIAL_JIFFIES plus the milliseconds of CLOCK_MONOTONIC (HZ is 1000).
 *
 * Who keeps them current: a tick thread, as the kernel's timer interrupt,
 * that wakes at each millisecond boundary of the clock and stores the new
 * value. It starts at the first entry point of a driver's code (starting a
 * module, cdev_add(), a file operation, arming a timer, queueing work,
 * creating a work queue or a kernel thread, requesting an IRQ line) and then
 * runs for the life of the process, as a HZ=1000 kernel without NO_HZ does:
 * a driver may spin on `time_before(jiffies, timeout)` in any of its
 * threads, which only a writer of its own can end, and a driver's threads
 * cannot be watched for reads. Until then nothing wakes up: a process that
 * links libcdev and runs no driver pays nothing, and reads the value of
 * library load, refreshed by the entry points. After fork() the child has
 * no tick; its first entry point starts one.
 *
 * On 64-bit hosts `jiffies` is another name of `jiffies_64` (an alias, as
 * the kernel's linker script makes it), so the two are always equal; the
 * value only grows, whichever writer stores it.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <time.h>

#include "core/core.h"
#include "kernel/internal.h"

_Static_assert(sizeof(unsigned long) == sizeof(unsigned long long),
	       "jiffies is an alias of jiffies_64 on 64-bit hosts only");

_public_ unsigned long long volatile jiffies_64;
/* Weak, as glibc's environ: a program's copy relocation then moves both names to one copy. */
extern unsigned long volatile jiffies
	__attribute__((weak, alias("libcdev_jiffies_64"), visibility("default")));

/*
 * The delay loop's calibration (init/calibrate.c in the kernel): a loop of
 * __delay() is a nanosecond of the monotonic clock here (on a PC it is a
 * TSC cycle), so a jiffy holds a million of them whatever the CPU and no
 * calibration has to run at load.
 */
_public_ unsigned long loops_per_jiffy = 1000000000UL / HZ;

static bool tick_started; /* the thread exists, or is being made */

/* The jiffy the monotonic clock is in now. */
static unsigned long long jiffies_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return INITIAL_JIFFIES + (unsigned long long)ts.tv_sec * HZ +
	       (unsigned long long)ts.tv_nsec / (1000000000ULL / HZ);
}

unsigned long jiffies_update(void)
{
	unsigned long long now = jiffies_now();
	unsigned long long old = __atomic_load_n(&jiffies_64, __ATOMIC_RELAXED);

	/* Forward only: a writer that read the clock earlier must not undo a later one. */
	while (old < now && !__atomic_compare_exchange_n(&jiffies_64, &old, now, true,
							 __ATOMIC_RELEASE, __ATOMIC_RELAXED))
		;
	return (unsigned long)(old > now ? old : now);
}

/* The tick: sleep to the next millisecond boundary of the clock, then store it. */
static void *tick_main(void *arg)
{
	struct timespec next;

	(void)arg;
	for (;;) {
		unsigned long long j = jiffies_update() - INITIAL_JIFFIES + 1;

		next.tv_sec = (time_t)(j / HZ);
		next.tv_nsec = (long)(j % HZ) * (1000000000L / HZ);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR)
			;
	}
	return NULL;
}

static void tick_after_fork(void)
{
	/* The thread stayed in the parent: the child's first entry point starts its own. */
	__atomic_store_n(&tick_started, false, __ATOMIC_RELAXED);
	jiffies_update();
}

static void tick_start(void)
{
	pthread_attr_t attr;
	pthread_t thread;
	int err;

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN + 16384);
	err = pthread_create(&thread, &attr, tick_main, NULL);
	pthread_attr_destroy(&attr);
	if (err) {
		/* Entry points still refresh it; the next one tries again. */
		pr_err_lib("cannot start the jiffies tick: %s", strerror(err));
		__atomic_store_n(&tick_started, false, __ATOMIC_RELEASE);
	}
}

/* On every file operation: one load once the tick runs, which keeps the value current. */
void jiffies_touch(void)
{
	if (__atomic_load_n(&tick_started, __ATOMIC_ACQUIRE))
		return;
	jiffies_update();
	if (!__atomic_exchange_n(&tick_started, true, __ATOMIC_ACQ_REL))
		tick_start();
}

/* The value at load, so that a read before any entry point is not 0. */
__attribute__((constructor)) static void jiffies_init(void)
{
	jiffies_update();
	pthread_atfork(NULL, NULL, tick_after_fork);
}
