/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/trace_events.h>: struct trace_event_call, struct
 * trace_seq and its functions, the TP_printk() helpers, and the first
 * reading of a header of TRACE_CUSTOM_EVENT()s; the small helpers the
 * stages of <trace/trace_events.h> use.
 */
#ifndef LIBCDEV_KERNEL_LINUX_TRACE_EVENTS_H
#define LIBCDEV_KERNEL_LINUX_TRACE_EVENTS_H

#include <stdio.h>

#include <linux/bits.h>
#include <linux/cpumask.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/types.h>
#include <libcdev/trace.h>

/* Custom events are made only by <trace/define_custom_trace.h>. */
#define TRACE_CUSTOM_EVENT(name, proto, args, struct, assign, print)

static inline unsigned char *trace_seq_buffer_ptr(struct trace_seq *s)
{
	return (unsigned char *)s->buffer + s->len;
}

static inline int trace_seq_used(struct trace_seq *s)
{
	return (int)s->len;
}

static inline size_t __libcdev_trace_strlen(const void *src)
{
	return strlen(src ? (const char *)src : "(null)");
}

static inline size_t __libcdev_trace_vstrlen(const char *fmt, va_list *ap)
{
	va_list aq;
	int n;

	va_copy(aq, *ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	return n < 0 ? 1 : (size_t)n + 1;
}

/* At most @room - 1 bytes of @src and a NUL: __assign_str() of a field of @room bytes. */
static inline void __libcdev_trace_copy_str(char *dst, int room, const void *src)
{
	const char *s = src ? (const char *)src : "(null)";
	size_t n = strlen(s);

	if (room <= 0)
		return;
	if (n > (size_t)room - 1)
		n = (size_t)room - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static inline void __libcdev_trace_copy_vstr(char *dst, int room, const char *fmt, va_list *ap)
{
	va_list aq;

	if (room <= 0)
		return;
	va_copy(aq, *ap);
	vsnprintf(dst, (size_t)room, fmt, aq);
	va_end(aq);
}

#endif
