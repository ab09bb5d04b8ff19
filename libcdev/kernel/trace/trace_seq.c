/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/trace/trace_seq.c and the print helpers of
 * kernel/trace/trace_output.c:
 * the text of a trace line, printed with the kernel's printf()
 * (lib/vsprintf.c: the C library's conversions, and the kernel's %*pb,
 * %*pbl and %ps/%pS, which TP_printk() formats use).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/trace.h>

static void seq_add(struct trace_seq *s, const char *text, size_t len)
{
	size_t room = sizeof(s->buffer) - 1 - s->len;

	if (len > room) {
		len = room;
		s->full = 1;
	}
	memcpy(s->buffer + s->len, text, len);
	s->len += (unsigned int)len;
	s->buffer[s->len] = '\0';
}

_public_ void trace_seq_puts(struct trace_seq *s, const char *str)
{
	seq_add(s, str, strlen(str));
}

_public_ void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	/* A NUL ends one helper's text inside @p: it counts. */
	if (s->len + 1 >= sizeof(s->buffer)) {
		s->full = 1;
		return;
	}
	s->buffer[s->len++] = (char)c;
	s->buffer[s->len] = '\0';
}

/* %*pb: 32-bit chunks in hex, most significant first, comma-separated. */
_public_ void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp, int nmaskbits)
{
	trace_seq_printf(s, "%*pb", nmaskbits, maskp);
}

/* The kernel's printf() (lib/vsprintf.c), into what is left of the buffer. */
_public_ void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list ap)
{
	size_t room = sizeof(s->buffer) - 1 - s->len;
	int n = kvsnprintf(s->buffer + s->len, room + 1, fmt, ap);

	if (n < 0)
		return;
	if ((size_t)n > room) {
		n = (int)room;
		s->full = 1;
	}
	s->len += (unsigned int)n;
}

_public_ void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
}

/* ---- TP_printk()'s helpers: text in @p, NUL-ended, returned for a "%s" ---- */

static const char *seq_start(struct trace_seq *p)
{
	return p->buffer + p->len;
}

static const char *seq_end(struct trace_seq *p, const char *start)
{
	trace_seq_putc(p, '\0');
	return start;
}

_public_ const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
					     const struct trace_print_flags *symbol_array)
{
	const char *ret = seq_start(p);

	for (; symbol_array && symbol_array->name; symbol_array++)
		if (symbol_array->mask == val) {
			trace_seq_puts(p, symbol_array->name);
			return seq_end(p, ret);
		}
	trace_seq_printf(p, "0x%lx", val);
	return seq_end(p, ret);
}

_public_ const char *trace_print_symbols_seq_u64(struct trace_seq *p, unsigned long long val,
						 const struct trace_print_flags_u64 *symbol_array)
{
	const char *ret = seq_start(p);

	for (; symbol_array && symbol_array->name; symbol_array++)
		if (symbol_array->mask == val) {
			trace_seq_puts(p, symbol_array->name);
			return seq_end(p, ret);
		}
	trace_seq_printf(p, "0x%llx", val);
	return seq_end(p, ret);
}

/* The names of the flags set in @flags, @delim between them; what no name covers in hex. */
_public_ const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
					   unsigned long flags,
					   const struct trace_print_flags *flag_array)
{
	const char *ret = seq_start(p);
	bool first = true;

	for (; flag_array && flag_array->name && flags; flag_array++) {
		unsigned long mask = flag_array->mask;

		if (!mask || (flags & mask) != mask)
			continue;
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_puts(p, flag_array->name);
		flags &= ~mask;
		first = false;
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%lx", flags);
	}
	return seq_end(p, ret);
}

_public_ const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
					     unsigned int bitmask_size)
{
	const char *ret = seq_start(p);

	trace_seq_bitmask(p, bitmask_ptr, (int)(bitmask_size * 8));
	return seq_end(p, ret);
}

_public_ const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf, int len,
					 bool concatenate)
{
	const char *ret = seq_start(p);

	for (int i = 0; i < len; i++)
		trace_seq_printf(p, "%s%02x", concatenate || !i ? "" : " ", buf[i]);
	return seq_end(p, ret);
}

/* "{0x1,0x2}": @count elements of @el_size bytes (1, 2, 4 or 8). */
_public_ const char *trace_print_array_seq(struct trace_seq *p, const void *buf, int count,
					   size_t el_size)
{
	const char *ret = seq_start(p), *at = buf;

	trace_seq_putc(p, '{');
	for (int i = 0; i < count; i++, at += el_size) {
		unsigned long long v = 0;

		if (el_size == 1)
			v = *(const uint8_t *)at;
		else if (el_size == 2)
			v = *(const uint16_t *)at;
		else if (el_size == 4)
			v = *(const uint32_t *)at;
		else if (el_size == 8)
			v = *(const uint64_t *)at;
		trace_seq_printf(p, "%s0x%llx", i ? "," : "", v);
	}
	trace_seq_putc(p, '}');
	return seq_end(p, ret);
}
