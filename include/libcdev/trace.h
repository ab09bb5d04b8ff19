/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - tracepoints and trace events, after include/linux/tracepoint.h,
 * include/linux/trace_events.h, include/linux/trace.h and the trace_seq of
 * include/linux/trace_seq.h.
 *
 * A tracepoint calls the probes registered on it; a trace event is a probe
 * that records a line, formatted by the event's TP_printk() when the event
 * fires, in each trace buffer ("instance") where the event is enabled. The
 * buffers are read as the files of tracefs, below /dev/sys/kernel/tracing
 * (libcdev-kernel(7), "TRACING").
 *
 * Not in <libcdev/libcdev.h>; <linux/tracepoint.h>, <linux/trace_events.h>,
 * <linux/trace.h> and the <trace/...> headers of libcdev-kernel carry the
 * kernel's macros.
 */
#ifndef LIBCDEV_TRACE_H
#define LIBCDEV_TRACE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <libcdev/module.h>
#include <libcdev/names.h>

/* ---- tracepoints ---- */

struct tracepoint_func {
	void *func;
	void *data;
	int prio;
};

struct tracepoint {
	const char *name;
	int (*regfunc)(void);	 /* TRACE_EVENT_FN(): called before the first probe */
	void (*unregfunc)(void); /* and after the last one is gone */
	/* private: the probes, ended by a NULL func; NULL without probes */
	struct tracepoint_func *funcs;
};

#define TRACEPOINT_DEFAULT_PRIO 10

/** tracepoint_probe_register - call @probe(@data, args...) each time @tp fires */
int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data);
/** tracepoint_probe_register_prio - the same, higher @prio first; -EEXIST if registered */
int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe, void *data, int prio);
/** tracepoint_probe_unregister - @probe is not called for new firings; -ENOENT if unknown */
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe, void *data);
/** tracepoint_synchronize_unregister - wait until no unregistered probe still runs */
void tracepoint_synchronize_unregister(void);
/** for_each_kernel_tracepoint - @fct for each tracepoint the library itself has (sched_*) */
void for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp, void *priv), void *priv);

/* Around a walk of a tracepoint's probes: what tracepoint_synchronize_unregister() waits for. */
int libcdev_tracepoint_read_lock(void);
void libcdev_tracepoint_read_unlock(int idx);

/* ---- formatting: trace_seq ---- */

#define LIBCDEV_TRACE_SEQ_SIZE 4096

struct trace_seq {
	char buffer[LIBCDEV_TRACE_SEQ_SIZE];
	unsigned int len;
	int full;
};

struct trace_print_flags {
	unsigned long mask;
	const char *name;
};

struct trace_print_flags_u64 {
	unsigned long long mask;
	const char *name;
};

static inline void trace_seq_init(struct trace_seq *s)
{
	s->len = 0;
	s->full = 0;
	s->buffer[0] = '\0';
}

/*
 * The kernel's vsnprintf() for trace text: the C library's conversions, and
 * of the kernel's pointer extensions %*pb and %*pbl (a bitmap of that many
 * bits, in hex or as a list of ranges) and %ps/%pS (a function's name).
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list ap);
void trace_seq_puts(struct trace_seq *s, const char *str);
void trace_seq_putc(struct trace_seq *s, unsigned char c);
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp, int nmaskbits);

/* TP_printk()'s helpers: each writes into @p and returns its text there. */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array);
const char *trace_print_symbols_seq_u64(struct trace_seq *p, unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array);
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim, unsigned long flags,
				  const struct trace_print_flags *flag_array);
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size);
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf, int len,
				bool concatenate);
const char *trace_print_array_seq(struct trace_seq *p, const void *buf, int count, size_t el_size);

/* ---- trace events ---- */

/* What precedes the fields of every event's entry. */
struct trace_entry {
	unsigned short type;
	unsigned char flags;
	unsigned char preempt_count;
	int pid;
};

struct trace_event_call {
	const char *system; /* TRACE_SYSTEM */
	const char *name;
	struct tracepoint *tp; /* NULL for a custom event until its _update() */
	void *probe;	       /* the class's: void (*)(void *call, TP_PROTO) */
	/* Formats the entry into @s, with @p for the helpers' text. */
	void (*output)(struct trace_seq *s, struct trace_seq *p, const void *entry);
	struct module *owner;
	int flags;
	/* private */
	struct trace_event_call *next;
	unsigned long enabled; /* bit i: enabled in the instance of index i (0: the top level) */
	bool registered;       /* its probe is on ->tp */
	bool listed;
	bool env_seen;	  /* LIBCDEV_TRACE was looked at for it */
	unsigned long id; /* its files' name for it */
	struct dentry *enable_file;
};

#define TRACE_EVENT_FL_CUSTOM	  (1 << 13)
#define TRACE_EVENT_FL_TRACEPOINT (1 << 10)

/* The event's constructor and destructor (<trace/define_trace.h>). */
void libcdev_trace_event_add(struct trace_event_call *call);
void libcdev_trace_event_remove(struct trace_event_call *call);
/* A custom event found its tracepoint (trace_custom_event_NAME_update()). */
void libcdev_trace_event_set_tp(struct trace_event_call *call, struct tracepoint *tp);
/* An entry of @size bytes for @call, zeroed, its header filled; NULL when out of memory. */
void *libcdev_trace_event_reserve(struct trace_event_call *call, size_t size);
/* Format @entry and add its line to every instance @call is enabled in; frees @entry. */
void libcdev_trace_event_commit(struct trace_event_call *call, void *entry);

/* ---- trace buffers: trace_printk(), instances ---- */

struct trace_array;

enum ftrace_dump_mode {
	DUMP_NONE,
	DUMP_ALL,
	DUMP_ORIG,
};

int __trace_printk(unsigned long ip, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int __trace_bprintk(unsigned long ip, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int __trace_puts(unsigned long ip, const char *str, int size);
int __trace_bputs(unsigned long ip, const char *str);
int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap);
/** tracing_on - let the top-level buffer record again */
void tracing_on(void);
/** tracing_off - stop the top-level buffer recording (what it holds stays) */
void tracing_off(void);
/** tracing_is_on - whether the top-level buffer records */
int tracing_is_on(void);
/** ftrace_dump - write the top-level buffer to the log and empty it */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode);

/** trace_array_get_by_name - the instance @name, made if new; a reference to put */
struct trace_array *trace_array_get_by_name(const char *name);
void trace_array_put(struct trace_array *tr);
/** trace_array_destroy - remove @tr and its files: -EBUSY while others hold it */
int trace_array_destroy(struct trace_array *tr);
int trace_array_init_printk(struct trace_array *tr);
int trace_array_printk(struct trace_array *tr, unsigned long ip, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/** trace_array_set_clr_event - enable (@enable) or disable @system:@event in @tr */
int trace_array_set_clr_event(struct trace_array *tr, const char *system, const char *event,
			      bool enable);

/* ---- the library's tracepoints (<trace/events/sched.h>) ---- */

extern struct tracepoint __tracepoint_sched_switch;
extern struct tracepoint __tracepoint_sched_waking;
extern struct tracepoint __tracepoint_sched_wakeup;

#endif
