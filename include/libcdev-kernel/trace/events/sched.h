/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/events/sched.h>: the scheduler's tracepoints the
 * library has, for probes (register_trace_sched_waking()) and custom events
 * (TRACE_CUSTOM_EVENT(sched_switch, ...)):
 *
 *   sched_waking, sched_wakeup  wake_up_process() of a kernel thread
 *   sched_switch                a task sleeping in schedule*() switches to
 *                               the idle task ("swapper", pid 0), and back
 *
 * The host's scheduler does the rest, unseen. The events are not defined
 * here (no events/sched/ files): the library has only the tracepoints.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sched

#if !defined(LIBCDEV_KERNEL_TRACE_SCHED_H) || defined(TRACE_HEADER_MULTI_READ)
#define LIBCDEV_KERNEL_TRACE_SCHED_H

#include <linux/sched.h>
#include <linux/tracepoint.h>

#ifndef TRACE_HEADER_MULTI_READ
DECLARE_TRACE(sched_waking, TP_PROTO(struct task_struct *p), TP_ARGS(p));
DECLARE_TRACE(sched_wakeup, TP_PROTO(struct task_struct *p), TP_ARGS(p));
DECLARE_TRACE(sched_switch,
	      TP_PROTO(bool preempt, struct task_struct *prev, struct task_struct *next,
		       unsigned int prev_state),
	      TP_ARGS(preempt, prev, next, prev_state));
#endif

#endif
