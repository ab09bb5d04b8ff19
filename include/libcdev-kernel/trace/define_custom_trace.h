/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/define_custom_trace.h>: included last by a header
 * of TRACE_CUSTOM_EVENT()s. In the file that defines
 * CREATE_CUSTOM_TRACE_EVENTS (after including the header of the
 * tracepoints they attach to), it reads the header again for each stage of
 * <trace/trace_custom_events.h>. The events are in the system "custom".
 */
#ifdef CREATE_CUSTOM_TRACE_EVENTS

#undef CREATE_CUSTOM_TRACE_EVENTS

#include <linux/stringify.h>

#undef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(name, proto, args, tstruct, assign, print)
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)

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

#define TRACE_CUSTOM_MULTI_READ
#include <trace/trace_custom_events.h>
#undef TRACE_CUSTOM_MULTI_READ

#undef TRACE_CUSTOM_EVENT
#undef DEFINE_CUSTOM_EVENT
#undef DECLARE_EVENT_CLASS
#undef DEFINE_EVENT
#undef DEFINE_EVENT_PRINT
#define TRACE_CUSTOM_EVENT(name, proto, args, tstruct, assign, print)

#ifdef __LIBCDEV_UNDEF_TRACE_INCLUDE_FILE
#undef TRACE_INCLUDE_FILE
#undef __LIBCDEV_UNDEF_TRACE_INCLUDE_FILE
#endif
#ifdef __LIBCDEV_UNDEF_TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_PATH
#undef __LIBCDEV_UNDEF_TRACE_INCLUDE_PATH
#endif

#define CREATE_CUSTOM_TRACE_EVENTS

#endif /* CREATE_CUSTOM_TRACE_EVENTS */
