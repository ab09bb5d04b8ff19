/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/trace_events.h>: the stages that make a trace
 * header's events, included by <trace/define_trace.h> (and only then: on
 * its own it does nothing). Each stage defines the event macros its way
 * (<trace/stages/>) and reads the header again:
 *
 *   1. struct trace_event_raw_CLASS, the entry
 *   2. struct trace_event_data_offsets_CLASS, the places of dynamic fields
 *   3. trace_event_get_offsets_CLASS()
 *   4. trace_raw_output_CLASS(), TP_printk()
 *   5. trace_event_raw_event_CLASS(), the probe: TP_fast_assign()
 *   6. the events, listed with the library
 *
 * Every kind of event is a class and an event of it, as in the kernel.
 */
#ifdef TRACE_INCLUDE

#include <linux/trace_events.h>

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)                                  \
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), PARAMS(assign), \
			    PARAMS(print))                                                      \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print)          \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), PARAMS(assign), \
		    PARAMS(print))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg)           \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), PARAMS(assign), \
		    PARAMS(print))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, reg, unreg) \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), PARAMS(assign),  \
		    PARAMS(print))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg) \
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond) \
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(event, flag)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(event, expr...)

#include <trace/stages/stage1_struct_define.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/stage2_data_offsets.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/stage3_get_offsets.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/stage4_output.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/stage5_assign.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/stage6_event_define.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef __entry

#endif /* TRACE_INCLUDE */
