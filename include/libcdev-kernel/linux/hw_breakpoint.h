/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/hw_breakpoint.h>: breakpoints in the debug
 * registers of every CPU. The calls are those of a kernel built without
 * CONFIG_HAVE_HW_BREAKPOINT, with one difference: that kernel's
 * register_*_hw_breakpoint() return NULL, which callers testing IS_ERR()
 * take for a breakpoint; here they return ERR_PTR(-ENOSYS), the error the
 * rest of its calls give, and no handler is ever called
 * (libcdev-kernel(7), "Instrumentation"). HW_BREAKPOINT_* are the system's
 * UAPI header's, read with #include_next.
 */
#ifndef LIBCDEV_KERNEL_LINUX_HW_BREAKPOINT_H
#define LIBCDEV_KERNEL_LINUX_HW_BREAKPOINT_H

#include_next <linux/hw_breakpoint.h>

#include <stdbool.h>
#include <string.h>

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>

/* The calls take the kernel's arguments; the stubs among them use none. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

static inline void hw_breakpoint_init(struct perf_event_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	attr->type = PERF_TYPE_BREAKPOINT;
	attr->size = sizeof(*attr);
	attr->pinned = 1;
	attr->sample_period = 1;
}

static inline void ptrace_breakpoint_init(struct perf_event_attr *attr)
{
	hw_breakpoint_init(attr);
	attr->exclude_kernel = 1;
}

static inline unsigned long hw_breakpoint_addr(struct perf_event *bp)
{
	return bp->attr.bp_addr;
}

static inline int hw_breakpoint_type(struct perf_event *bp)
{
	return bp->attr.bp_type;
}

static inline unsigned long hw_breakpoint_len(struct perf_event *bp)
{
	return bp->attr.bp_len;
}

static inline struct perf_event *register_user_hw_breakpoint(struct perf_event_attr *attr,
							     perf_overflow_handler_t triggered,
							     void *context, struct task_struct *tsk)
{
	return (struct perf_event *)ERR_PTR(-ENOSYS);
}

static inline int modify_user_hw_breakpoint(struct perf_event *bp, struct perf_event_attr *attr)
{
	return -ENOSYS;
}

static inline struct perf_event *register_wide_hw_breakpoint_cpu(struct perf_event_attr *attr,
								 perf_overflow_handler_t triggered,
								 void *context, int cpu)
{
	return (struct perf_event *)ERR_PTR(-ENOSYS);
}

static inline struct perf_event *__percpu *
register_wide_hw_breakpoint(struct perf_event_attr *attr, perf_overflow_handler_t triggered,
			    void *context)
{
	return (struct perf_event * __percpu *)ERR_PTR(-ENOSYS);
}

static inline int register_perf_hw_breakpoint(struct perf_event *bp)
{
	return -ENOSYS;
}

static inline void unregister_hw_breakpoint(struct perf_event *bp)
{
}

static inline void unregister_wide_hw_breakpoint(struct perf_event *__percpu *cpu_events)
{
}

static inline bool hw_breakpoint_is_used(void)
{
	return false;
}

#pragma GCC diagnostic pop

#endif
