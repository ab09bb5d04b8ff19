/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/trace/trace_printk.c:
 * trace_printk() and trace_puts(): a line in the top-level trace buffer,
 * named after the function that called, formatted at once (the kernel keeps
 * the arguments and formats at read time: the text is the same).
 */
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"
#include <libcdev/trace.h>

void trace_printk_to(unsigned int i, unsigned long ip, const char *fmt, va_list ap)
{
	struct trace_seq *s = malloc(sizeof(*s));
	char func[128];

	if (!s)
		return;
	trace_seq_init(s);
	trace_seq_vprintf(s, fmt, ap);
	/* The kernel names the function that called, as %ps does. */
	kdefer_fn_name((const void *)ip, func, sizeof(func));
	trace_instance_write(i, func, s->buffer);
	free(s);
}

_public_ _realign_stack_ int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	trace_printk_to(0, ip, fmt, ap);
	return 0;
}

_public_ _realign_stack_ int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_printk_to(0, ip, fmt, ap);
	va_end(ap);
	return 0;
}

_public_ _realign_stack_ int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_printk_to(0, ip, fmt, ap);
	va_end(ap);
	return 0;
}

_public_ _realign_stack_ int __trace_puts(unsigned long ip, const char *str, int size)
{
	char func[128];
	char *copy = strndup(str, size < 0 ? 0 : (size_t)size);

	if (!copy)
		return 0;
	kdefer_fn_name((const void *)ip, func, sizeof(func));
	trace_instance_write(0, func, copy);
	free(copy);
	return size;
}

_public_ _realign_stack_ int __trace_bputs(unsigned long ip, const char *str)
{
	return __trace_puts(ip, str, (int)strlen(str));
}
