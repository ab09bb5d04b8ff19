/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/stages/stage6_event_define.h>: each event's
 * struct trace_event_call, listed with the library when the object is
 * loaded and taken away when it is unloaded (its constructor and
 * destructor), as the kernel reads its section _ftrace_events.
 */
#undef TRACE_SYSTEM_STRING
#define TRACE_SYSTEM_STRING __stringify(TRACE_SYSTEM)

#undef __LIBCDEV_DEFINE_EVENT
#define __LIBCDEV_DEFINE_EVENT(template, call, out)                                 \
	static struct trace_event_call event_##call = {                             \
		.system = TRACE_SYSTEM_STRING,                                      \
		.name = #call,                                                      \
		.tp = &__tracepoint_##call,                                         \
		.probe = (void *)trace_event_raw_event_##template,                  \
		.output = out,                                                      \
		.owner = THIS_MODULE,                                               \
	};                                                                          \
	static inline void __libcdev_check_probe_##call(void)                       \
	{                                                                           \
		check_trace_callback_type_##call(trace_event_raw_event_##template); \
	}                                                                           \
	__attribute__((constructor)) static void __libcdev_event_add_##call(void)   \
	{                                                                           \
		libcdev_trace_event_add(&event_##call);                             \
	}                                                                           \
	__attribute__((destructor)) static void __libcdev_event_remove_##call(void) \
	{                                                                           \
		libcdev_trace_event_remove(&event_##call);                          \
	}

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, call, proto, args) \
	__LIBCDEV_DEFINE_EVENT(template, call, trace_raw_output_##template)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, call, proto, args, print) \
	__LIBCDEV_DEFINE_EVENT(template, call, trace_raw_output_##call)
