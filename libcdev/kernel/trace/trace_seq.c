/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/trace/trace_seq.c and the print helpers of
 * kernel/trace/trace_output.c:
 * the text of a trace line, and the kernel's printf() for it: the C
 * library's conversions, one at a time, plus the kernel's %*pb/%*pbl
 * (bitmaps) and %ps/%pS (function names), which TP_printk() formats use.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"
#include <libcdev/trace.h>

#define BITS_PER_UL (8 * sizeof(unsigned long))

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

/*
 * A __bitmask field lies in an event record at 4-byte alignment, as in the
 * kernel's ring buffer: read its words with memcpy, not as unsigned longs.
 */
static bool bit_set(const unsigned long *map, unsigned int bit)
{
	unsigned long word;

	memcpy(&word, (const char *)map + bit / BITS_PER_UL * sizeof(word), sizeof(word));
	return (word >> (bit % BITS_PER_UL)) & 1;
}

/* %*pb: 32-bit chunks in hex, most significant first, comma-separated. */
_public_ void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp, int nmaskbits)
{
	unsigned int bits = nmaskbits > 0 ? (unsigned int)nmaskbits : 0;
	unsigned int top = bits % 32 ? bits % 32 : 32;
	char chunk[16];

	for (int start = (int)((bits + 31) / 32 * 32) - 32; start >= 0; start -= 32) {
		unsigned long long v = 0;

		for (unsigned int b = 0; b < top && start + b < bits; b++)
			v |= (unsigned long long)bit_set(maskp, (unsigned int)start + b) << b;
		snprintf(chunk, sizeof(chunk), "%s%0*llx",
			 (unsigned int)start + top == bits ? "" : ",", (int)((top + 3) / 4), v);
		seq_add(s, chunk, strlen(chunk));
		top = 32;
	}
}

/* %*pbl: the set bits as ranges, "0-3,8,10-11". */
static void seq_bitmap_list(struct trace_seq *s, const unsigned long *map, unsigned int bits)
{
	char range[48];
	bool first = true;

	for (unsigned int b = 0; b < bits; b++) {
		unsigned int end = b;

		if (!bit_set(map, b))
			continue;
		while (end + 1 < bits && bit_set(map, end + 1))
			end++;
		if (end == b)
			snprintf(range, sizeof(range), "%s%u", first ? "" : ",", b);
		else
			snprintf(range, sizeof(range), "%s%u-%u", first ? "" : ",", b, end);
		seq_add(s, range, strlen(range));
		first = false;
		b = end;
	}
}

/* The kernel's pointer extensions this formatter knows, after "%p" (or "%*p") at @fmt. */
static const char *seq_pointer_ext(struct trace_seq *s, const char *fmt, int width, const void *ptr)
{
	char name[128];

	if (fmt[0] == 'b') {
		if (fmt[1] == 'l')
			seq_bitmap_list(s, ptr, width > 0 ? (unsigned int)width : 0);
		else
			trace_seq_bitmask(s, ptr, width);
		return fmt + (fmt[1] == 'l' ? 2 : 1);
	}
	/* %ps, %pS: the function's name (its file and offset when it is static). */
	kdefer_fn_name(ptr, name, sizeof(name));
	trace_seq_puts(s, name);
	return fmt + 1;
}

enum arg_kind { ARG_LL, ARG_ULL, ARG_DBL, ARG_LDBL, ARG_PTR, ARG_INT };

struct arg {
	enum arg_kind kind;
	union {
		long long ll;
		unsigned long long ull;
		double d;
		long double ld;
		void *p;
		int i;
	};
};

/* One C conversion, @spec its text with "ll" as the length of an integer. */
#define EMIT(v)                                                      \
	(nstar == 0 ? snprintf(out, sizeof(out), spec, v) :          \
	 nstar == 1 ? snprintf(out, sizeof(out), spec, star[0], v) : \
		      snprintf(out, sizeof(out), spec, star[0], star[1], v))

static void seq_emit(struct trace_seq *s, const char *spec, int nstar, const int *star,
		     const struct arg *a)
{
	char out[512];
	int n = 0;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	switch (a->kind) {
	case ARG_LL:
		n = EMIT(a->ll);
		break;
	case ARG_ULL:
		n = EMIT(a->ull);
		break;
	case ARG_DBL:
		n = EMIT(a->d);
		break;
	case ARG_LDBL:
		n = EMIT(a->ld);
		break;
	case ARG_PTR:
		n = EMIT(a->p);
		break;
	case ARG_INT:
		n = EMIT(a->i);
		break;
	}
#pragma GCC diagnostic pop
	if (n > 0)
		seq_add(s, out, (size_t)n < sizeof(out) ? (size_t)n : sizeof(out) - 1);
}

/* The C type behind an integer conversion of length @len, as a long long of the same value. */
static long long int_arg(const char *len, bool is_signed, va_list *ap)
{
	if (!strcmp(len, "ll") || !strcmp(len, "q") || !strcmp(len, "j"))
		return va_arg(*ap, long long);
	if (!strcmp(len, "l") || !strcmp(len, "z") || !strcmp(len, "t"))
		return is_signed ? va_arg(*ap, long) : (long long)va_arg(*ap, unsigned long);
	{
		int v = va_arg(*ap, int);

		if (!strcmp(len, "hh"))
			return is_signed ? (long long)(signed char)v : (long long)(unsigned char)v;
		if (!strcmp(len, "h"))
			return is_signed ? (long long)(short)v : (long long)(unsigned short)v;
		return is_signed ? (long long)v : (long long)(unsigned int)v;
	}
}

/* One conversion at @fmt (just after '%'); returns what follows it. */
static const char *seq_conversion(struct trace_seq *s, const char *fmt, va_list *ap)
{
	char spec[64] = "%", len[3] = "";
	struct arg a;
	size_t at = 1;
	int star[2], nstar = 0;

	for (; *fmt && strchr("-+ #0'123456789.*", *fmt) && at < 40; fmt++) {
		if (*fmt == '*')
			star[nstar < 2 ? nstar++ : 1] = va_arg(*ap, int);
		spec[at++] = *fmt;
	}
	for (size_t l = 0; *fmt && strchr("hlLqjzt", *fmt) && l < 2; fmt++)
		len[l++] = *fmt;
	if (!*fmt)
		return fmt;
	if (*fmt == 'p' && (fmt[1] == 'b' || fmt[1] == 's' || fmt[1] == 'S'))
		return seq_pointer_ext(s, fmt + 1, nstar ? star[0] : 0, va_arg(*ap, void *));
	if (strchr("diouxX", *fmt)) {
		bool sgn = *fmt == 'd' || *fmt == 'i';

		a.kind = sgn ? ARG_LL : ARG_ULL;
		a.ll = int_arg(len, sgn, ap);
		snprintf(spec + at, sizeof(spec) - at, "ll%c", *fmt);
	} else if (strchr("eEfFgGaA", *fmt)) {
		a.kind = len[0] == 'L' ? ARG_LDBL : ARG_DBL;
		if (len[0] == 'L')
			a.ld = va_arg(*ap, long double);
		else
			a.d = va_arg(*ap, double);
		snprintf(spec + at, sizeof(spec) - at, "%s%c", len[0] == 'L' ? "L" : "", *fmt);
	} else if (*fmt == 's' || *fmt == 'p' || *fmt == 'c') {
		a.kind = *fmt == 'c' ? ARG_INT : ARG_PTR;
		if (*fmt == 'c')
			a.i = va_arg(*ap, int);
		else
			a.p = va_arg(*ap, void *);
		snprintf(spec + at, sizeof(spec) - at, "%c", *fmt);
	} else {
		if (*fmt == 'n')
			(void)va_arg(*ap, void *);
		else
			seq_add(s, fmt,
				1); /* "%%", and what is no conversion: the character itself */
		return fmt + 1;
	}
	seq_emit(s, spec, nstar, star, &a);
	return fmt + 1;
}

_public_ void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list ap)
{
	va_list aq;

	va_copy(aq, ap);
	while (*fmt) {
		const char *pct = strchr(fmt, '%');
		size_t lit = pct ? (size_t)(pct - fmt) : strlen(fmt);

		seq_add(s, fmt, lit);
		fmt += lit;
		if (*fmt == '%')
			fmt = seq_conversion(s, fmt + 1, &aq);
	}
	va_end(aq);
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
