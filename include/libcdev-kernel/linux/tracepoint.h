/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/tracepoint.h>: DECLARE_TRACE() and the first
 * reading of a trace header (TRACE_EVENT() and its family declare
 * trace_NAME(), trace_NAME_enabled(), register_trace_NAME(),
 * unregister_trace_NAME()); DEFINE_TRACE() for <trace/define_trace.h>.
 *
 * trace_NAME() tests whether the tracepoint has probes and, when it has,
 * calls each with its data and the arguments (TP_CONDITION() first, when
 * the event has one). The probes are those of <libcdev/trace.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_TRACEPOINT_H
#define LIBCDEV_KERNEL_LINUX_TRACEPOINT_H

#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/export.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <libcdev/trace.h>

#define PARAMS(args...)	      args
#define TP_PROTO(args...)     args
#define TP_ARGS(args...)      args
#define TP_CONDITION(args...) args
/* For tools that parse the formats of tracefs; the text here is formatted in-process. */
#define TRACE_DEFINE_ENUM(x)
#define TRACE_DEFINE_SIZEOF(x)

static inline bool __libcdev_tracepoint_on(struct tracepoint *tp)
{
	return __builtin_expect(__atomic_load_n(&tp->funcs, __ATOMIC_RELAXED) != NULL, 0);
}

/*
 * The probes of @name, called with @args; @cond decides first. The walk
 * runs inside a read section that tracepoint_synchronize_unregister() waits
 * for.
 */
#define __DECLARE_TRACE(name, proto, args, cond, data_proto)                                     \
	extern struct tracepoint __tracepoint_##name;                                            \
	static inline void __libcdev_do_trace_##name(proto)                                      \
	{                                                                                        \
		struct tracepoint_func *__it;                                                    \
		int __idx = libcdev_tracepoint_read_lock();                                      \
		__it = __atomic_load_n(&__tracepoint_##name.funcs, __ATOMIC_ACQUIRE);            \
		for (; __it && __it->func; __it++)                                               \
			((void (*)(data_proto))__it->func)(__it->data, args);                    \
		libcdev_tracepoint_read_unlock(__idx);                                           \
	}                                                                                        \
	static inline void trace_##name(proto)                                                   \
	{                                                                                        \
		if (__libcdev_tracepoint_on(&__tracepoint_##name) && (cond))                     \
			__libcdev_do_trace_##name(args);                                         \
	}                                                                                        \
	static inline void trace_##name##_rcuidle(proto)                                         \
	{                                                                                        \
		trace_##name(args);                                                              \
	}                                                                                        \
	static inline bool trace_##name##_enabled(void)                                          \
	{                                                                                        \
		return __libcdev_tracepoint_on(&__tracepoint_##name);                            \
	}                                                                                        \
	static inline int register_trace_##name(void (*probe)(data_proto), void *data)           \
	{                                                                                        \
		return tracepoint_probe_register(&__tracepoint_##name, (void *)probe, data);     \
	}                                                                                        \
	static inline int register_trace_prio_##name(void (*probe)(data_proto), void *data,      \
						     int prio)                                   \
	{                                                                                        \
		return tracepoint_probe_register_prio(&__tracepoint_##name, (void *)probe, data, \
						      prio);                                     \
	}                                                                                        \
	static inline int unregister_trace_##name(void (*probe)(data_proto), void *data)         \
	{                                                                                        \
		return tracepoint_probe_unregister(&__tracepoint_##name, (void *)probe, data);   \
	}                                                                                        \
	static inline void check_trace_callback_type_##name(void (*cb)(data_proto))              \
	{                                                                                        \
		(void)cb;                                                                        \
	}

#define DECLARE_TRACE(name, proto, args) \
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), 1, PARAMS(void *__data, proto))
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)                 \
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), PARAMS(cond), \
			PARAMS(void *__data, proto))

/* The tracepoint itself, in the one file that defines CREATE_TRACE_POINTS. */
#define DEFINE_TRACE_FN(tp_name, reg, unreg, proto, args) \
	struct tracepoint __tracepoint_##tp_name = {      \
		.name = #tp_name,                         \
		.regfunc = (reg),                         \
		.unregfunc = (unreg),                     \
	};
#define DEFINE_TRACE(name, proto, args) \
	DEFINE_TRACE_FN(name, NULL, NULL, PARAMS(proto), PARAMS(args))

#define EXPORT_TRACEPOINT_SYMBOL_GPL(name) EXPORT_SYMBOL_GPL(__tracepoint_##name)
#define EXPORT_TRACEPOINT_SYMBOL(name)	   EXPORT_SYMBOL(__tracepoint_##name)

#endif /* LIBCDEV_KERNEL_LINUX_TRACEPOINT_H */

/*
 * Outside the guard, as in the kernel: each trace header's first reading
 * declares its events; <trace/define_trace.h> redefines these for the
 * readings that define them, and undefines them after.
 */
#ifndef TRACE_EVENT

#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT(template, name, proto, args) DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg) \
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_PRINT(template, name, proto, args, print) \
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond) \
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define TRACE_EVENT(name, proto, args, struct, assign, print) \
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN(name, proto, args, struct, assign, print, reg, unreg) \
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN_COND(name, proto, args, cond, struct, assign, print, reg, unreg) \
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define TRACE_EVENT_CONDITION(name, proto, args, cond, struct, assign, print) \
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define TRACE_EVENT_FLAGS(event, flag)
#define TRACE_EVENT_PERF_PERM(event, expr...)
#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)
#define DEFINE_EVENT_NOP(template, name, proto, args)
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)

#endif /* TRACE_EVENT */
