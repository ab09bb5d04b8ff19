/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Trace events of the tracing test (test-ktrace.c), written as a driver
 * writes them: a multi-read header ending in <trace/define_trace.h>.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ktest

#if !defined(KTRACE_EVENTS_H) || defined(TRACE_HEADER_MULTI_READ)
#define KTRACE_EVENTS_H

#include <linux/tracepoint.h>

#ifndef KTRACE_EVENTS_HELPERS
#define KTRACE_EVENTS_HELPERS
int kt_fn_reg(void);
void kt_fn_unreg(void);
#endif

TRACE_EVENT(kt_simple, TP_PROTO(const char *name, int val), TP_ARGS(name, val),
	    TP_STRUCT__entry(__string(name, name) __field(int, val)),
	    TP_fast_assign(__assign_str(name, name); __entry->val = val;),
	    TP_printk("name=%s val=%d", __get_str(name), __entry->val));

TRACE_EVENT(kt_rich, TP_PROTO(int mode, const int *list, int n, const unsigned long *mask),
	    TP_ARGS(mode, list, n, mask),
	    TP_STRUCT__entry(__field(int, mode) __array(char, tag, 4) __dynamic_array(int, list, n)
				     __bitmask(bits, 16)),
	    TP_fast_assign(__entry->mode = mode; memcpy(__entry->tag, "abc", 4);
			   memcpy(__get_dynamic_array(list), list, n * sizeof(int));
			   __assign_bitmask(bits, mask, 16);),
	    TP_printk("%s %s %s %s bits=%s", __entry->tag,
		      __print_symbolic(__entry->mode, { 1, "ONE" }, { 2, "TWO" }),
		      __print_flags(__entry->mode, "|", { 1, "A" }, { 2, "B" }),
		      __print_dynamic_array(list, sizeof(int)), __get_bitmask(bits)));

TRACE_EVENT_CONDITION(kt_cond, TP_PROTO(int val), TP_ARGS(val), TP_CONDITION(val % 2 == 0),
		      TP_STRUCT__entry(__field(int, val)), TP_fast_assign(__entry->val = val;),
		      TP_printk("even=%d", __entry->val));

DECLARE_EVENT_CLASS(kt_class, TP_PROTO(int val), TP_ARGS(val), TP_STRUCT__entry(__field(int, val)),
		    TP_fast_assign(__entry->val = val;), TP_printk("class val=%d", __entry->val));

DEFINE_EVENT(kt_class, kt_plain, TP_PROTO(int val), TP_ARGS(val));

DEFINE_EVENT_PRINT(kt_class, kt_printed, TP_PROTO(int val), TP_ARGS(val),
		   TP_printk("own print %d", __entry->val));

DEFINE_EVENT_FN(kt_class, kt_fn, TP_PROTO(int val), TP_ARGS(val), kt_fn_reg, kt_fn_unreg);

#endif

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE ktrace_events
#include <trace/define_trace.h>
