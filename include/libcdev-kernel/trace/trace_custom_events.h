/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/trace_custom_events.h>: the stages of
 * <trace/trace_events.h> for TRACE_CUSTOM_EVENT(NAME, ...): a class
 * custom_NAME, and an event "custom:NAME" whose tracepoint is found at run
 * time by trace_custom_event_NAME_update(), called for each tracepoint
 * for_each_kernel_tracepoint() walks. Included by
 * <trace/define_custom_trace.h> only.
 */
#ifdef TRACE_CUSTOM_MULTI_READ

#include <linux/trace_events.h>

#undef TRACE_SYSTEM
#define TRACE_SYSTEM custom

#undef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(name, proto, args, tstruct, assign, print)                    \
	DECLARE_EVENT_CLASS(custom_##name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), \
			    PARAMS(assign), PARAMS(print))                               \
	DEFINE_CUSTOM_EVENT(custom_##name, name, PARAMS(proto), PARAMS(args))
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)

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
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, call, proto, args)                             \
	static struct trace_event_call custom_event_##call = {                       \
		.system = TRACE_SYSTEM_STRING,                                       \
		.name = #call,                                                       \
		.probe = (void *)trace_event_raw_event_##template,                   \
		.output = trace_raw_output_##template,                               \
		.owner = THIS_MODULE,                                                \
		.flags = TRACE_EVENT_FL_CUSTOM,                                      \
	};                                                                           \
	static inline void __libcdev_check_custom_probe_##call(void)                 \
	{                                                                            \
		check_trace_callback_type_##call(trace_event_raw_event_##template);  \
	}                                                                            \
	static inline int trace_custom_event_##call##_update(struct tracepoint *tp)  \
	{                                                                            \
		if (!tp->name || strcmp(tp->name, #call))                            \
			return 0;                                                    \
		libcdev_trace_event_set_tp(&custom_event_##call, tp);                \
		return 1;                                                            \
	}                                                                            \
	__attribute__((constructor)) static void __libcdev_custom_add_##call(void)   \
	{                                                                            \
		libcdev_trace_event_add(&custom_event_##call);                       \
	}                                                                            \
	__attribute__((destructor)) static void __libcdev_custom_remove_##call(void) \
	{                                                                            \
		libcdev_trace_event_remove(&custom_event_##call);                    \
	}
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef __entry

#endif /* TRACE_CUSTOM_MULTI_READ */
