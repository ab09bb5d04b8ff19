/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A custom event of the tracing test on the library's sched_waking tracepoint. */
#if !defined(KTRACE_CUSTOM_H) || defined(TRACE_CUSTOM_MULTI_READ)
#define KTRACE_CUSTOM_H

#include <linux/trace_events.h>

TRACE_CUSTOM_EVENT(sched_waking, TP_PROTO(struct task_struct *p), TP_ARGS(p),
		   TP_STRUCT__entry(__string(comm, p->comm) __field(int, prio)),
		   TP_fast_assign(__assign_str(comm, p->comm); __entry->prio = p->prio;),
		   TP_printk("woken=%s prio=%d", __get_str(comm), __entry->prio));

#endif

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE ktrace_custom
#include <trace/define_custom_trace.h>
