/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/define_trace.h>: included last by a trace header
 * (outside its guard). In the one file that defines CREATE_TRACE_POINTS, it
 * reads the header again to define its tracepoints, then again for each
 * stage of <trace/trace_events.h> that makes the events. The header is
 * found as TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE.h (the file defaults to
 * TRACE_SYSTEM, the path to <trace/events/>).
 */
#ifdef CREATE_TRACE_POINTS

/* The nested inclusion at the end of the header read again must do nothing. */
#undef CREATE_TRACE_POINTS

#include <linux/stringify.h>

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, reg, unreg) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args) DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args) DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef TRACE_INCLUDE
#undef __TRACE_INCLUDE
#ifndef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE TRACE_SYSTEM
#define __LIBCDEV_UNDEF_TRACE_INCLUDE_FILE
#endif
#ifndef TRACE_INCLUDE_PATH
#define __TRACE_INCLUDE(system) <trace/events/system.h>
#define __LIBCDEV_UNDEF_TRACE_INCLUDE_PATH
#else
/* A space around the slash would be part of the name. */
/* clang-format off */
#define __TRACE_INCLUDE(system) __stringify(TRACE_INCLUDE_PATH/system.h)
/* clang-format on */
#endif
#define TRACE_INCLUDE(system) __TRACE_INCLUDE(system)

/* The tracepoints. */
#define TRACE_HEADER_MULTI_READ
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* The events, in stages, each a reading of the header. */
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)
#include <trace/trace_events.h>

#undef TRACE_EVENT
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_NOP
#undef DEFINE_EVENT_NOP
#undef DECLARE_EVENT_CLASS
#undef DEFINE_EVENT
#undef DEFINE_EVENT_FN
#undef DEFINE_EVENT_PRINT
#undef DEFINE_EVENT_CONDITION
#undef TRACE_HEADER_MULTI_READ
#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE(name, proto, args) \
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), 1, PARAMS(void *__data, proto))
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)                 \
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), PARAMS(cond), \
			PARAMS(void *__data, proto))

#ifdef __LIBCDEV_UNDEF_TRACE_INCLUDE_FILE
#undef TRACE_INCLUDE_FILE
#undef __LIBCDEV_UNDEF_TRACE_INCLUDE_FILE
#endif
#ifdef __LIBCDEV_UNDEF_TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_PATH
#undef __LIBCDEV_UNDEF_TRACE_INCLUDE_PATH
#endif

/* For the next trace header of this file. */
#define CREATE_TRACE_POINTS

#endif /* CREATE_TRACE_POINTS */
