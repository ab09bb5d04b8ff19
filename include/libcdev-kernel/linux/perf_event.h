/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/perf_event.h>: the kernel's side of perf events,
 * as far as breakpoints use it (<linux/hw_breakpoint.h>). struct
 * perf_event_attr and the PERF_* constants are the system's UAPI header's,
 * read with #include_next; a struct perf_event is never made here, as no
 * in-kernel event can be (perf_event_create_kernel_counter() is -ENOSYS).
 */
#ifndef LIBCDEV_KERNEL_LINUX_PERF_EVENT_H
#define LIBCDEV_KERNEL_LINUX_PERF_EVENT_H

#include_next <linux/perf_event.h>

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/ptrace.h>
#include <linux/sched.h>

/* The calls take the kernel's arguments; the stubs among them use none. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

struct perf_event;
struct perf_sample_data;

typedef void (*perf_overflow_handler_t)(struct perf_event *, struct perf_sample_data *,
					struct pt_regs *regs);

/* An event of the kernel's: it holds the attributes it was made with. */
struct perf_event {
	struct perf_event_attr attr;
	perf_overflow_handler_t overflow_handler;
	void *overflow_handler_context;
};

struct perf_sample_data {
	u64 addr;
	u64 period;
};

static inline struct perf_event *perf_event_create_kernel_counter(struct perf_event_attr *attr,
								  int cpu, struct task_struct *task,
								  perf_overflow_handler_t callback,
								  void *context)
{
	return (struct perf_event *)ERR_PTR(-ENOSYS);
}

static inline int perf_event_release_kernel(struct perf_event *event)
{
	return 0;
}

#pragma GCC diagnostic pop

#endif
