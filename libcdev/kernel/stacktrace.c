/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/stacktrace.c and lib/dump_stack.c: the calling thread's
 * return addresses, from the C library's backtrace() (the unwinder of the
 * process), printed as the kernel prints them, one symbol a line.
 */
#include <execinfo.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "core/core.h"
#include <libcdev/instrument.h>
#include <libcdev/printk.h>

#define STACK_MAX 64

/*
 * The trace starts at our caller, found by its return address rather than by
 * counting frames: a sanitizer's wrapper around backtrace() adds one. Not
 * inlined, so that our return address is the caller's (dump_stack() included).
 */
static unsigned int caller_frame(void *const *frames, unsigned int n, const void *caller)
{
	for (unsigned int i = 0; i < n; i++)
		if (frames[i] == caller)
			return i;
	return 1;
}

_public_ __attribute__((noinline)) unsigned int
stack_trace_save(unsigned long *store, unsigned int size, unsigned int skipnr)
{
	void *frames[STACK_MAX];
	unsigned int n, skip;

	n = (unsigned int)backtrace(frames, STACK_MAX);
	skip = skipnr + caller_frame(frames, n, __builtin_return_address(0));
	if (n <= skip)
		return 0;
	n -= skip;
	if (n > size)
		n = size;
	for (unsigned int i = 0; i < n; i++)
		store[i] = (unsigned long)frames[skip + i];
	return n;
}

_public_ void stack_trace_print(const unsigned long *entries, unsigned int nr_entries, int spaces)
{
	char sym[KSYM_SYMBOL_LEN];

	for (unsigned int i = 0; entries && i < nr_entries; i++) {
		sprint_symbol(sym, entries[i]);
		printk("%*c%s\n", 1 + spaces, ' ', sym);
	}
}

_public_ void dump_stack(void)
{
	unsigned long entries[STACK_MAX];
	char comm[17] = "";
	unsigned int n;

	n = stack_trace_save(entries, STACK_MAX, 0);
	prctl(PR_GET_NAME, comm);
	printk(KERN_WARNING "CPU: %d PID: %d Comm: %s\n", sched_getcpu(), (int)gettid(), comm);
	printk(KERN_WARNING "Call Trace:\n");
	stack_trace_print(entries, n, 0);
}
