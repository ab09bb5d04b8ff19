// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - lib/vsprintf.c: the kernel's pointer formats for printk(),
 * seq_printf() and trace_printk(). The C library prints %p as "0x..." and
 * the letters after it as text; the kernel reads the letters as the
 * extension (%pS, %ps, %pe, %pa, %pV, %pM, %pI4, %ph, %*pb, %*pbl), and
 * prints a plain %p, or one it does not know, as hex digits with no "0x"
 * (here the address itself, as with no_hash_pointers: user space has no
 * pointer to hide from itself). Every other conversion goes to the C
 * library, one at a time, so its output is the C library's.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include <libcdev/instrument.h>

#include "core/core.h"

/* Each conversion is printed with its own text for format: never a literal. */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

/* The kernel's struct va_format (<linux/printk.h>), for %pV. */
struct va_format {
	const char *fmt;
	va_list *va;
};

struct out {
	char *buf;
	size_t size, len; /* len: what the whole output needs, as vsnprintf() counts */
};

static void out_mem(struct out *o, const char *s, size_t n)
{
	if (o->len < o->size)
		memcpy(o->buf + o->len, s, n < o->size - o->len ? n : o->size - o->len);
	o->len += n;
}

_printf_(2, 3) static void out_fmt(struct out *o, const char *fmt, ...)
{
	size_t room = o->len < o->size ? o->size - o->len : 0;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

/* One conversion: its text ("%-*.3ld"), its letters, and the '*' values it took. */
struct spec {
	char text[32];
	char conv;
	char length[3];
	int stars, star[2], width;
	bool left;
};

/* Parse the conversion at @f (after '%') into @s; returns what follows it, or NULL. */
static const char *spec_parse(const char *f, struct spec *s)
{
	const char *start = f - 1;
	size_t n;

	memset(s, 0, sizeof(*s));
	s->width = -1;
	for (; *f && strchr("-+ #0'", *f); f++)
		s->left |= *f == '-';
	if (*f == '*')
		s->stars++, f++;
	else if (isdigit((unsigned char)*f))
		for (s->width = 0; isdigit((unsigned char)*f); f++)
			s->width = s->width * 10 + (*f - '0');
	if (*f == '.') {
		f++;
		if (*f == '*')
			s->stars = s->stars ? 3 : 2, f++;
		while (isdigit((unsigned char)*f))
			f++;
	}
	for (n = 0; n < 2 && *f && strchr("hlLqjzZt", *f); f++)
		s->length[n++] = *f;
	s->conv = *f;
	n = (size_t)(f + 1 - start);
	if (!*f || n >= sizeof(s->text))
		return NULL;
	memcpy(s->text, start, n);
	s->text[n] = '\0';
	if (s->length[0] == 'Z') /* the kernel's old spelling of z */
		s->text[n - 2 - (s->length[1] != 0)] = 'z';
	return f + 1;
}

/* The '*' width and precision, read before the value, as printf() reads them. */
static void spec_stars(struct spec *s, va_list *ap)
{
	if (s->stars & 1) {
		s->star[0] = va_arg(*ap, int);
		s->left |= s->star[0] < 0;
		s->width = s->star[0] < 0 ? -s->star[0] : s->star[0];
	}
	if (s->stars & 2)
		s->star[(s->stars & 1)] = va_arg(*ap, int);
	s->stars = (s->stars & 1) + ((s->stars & 2) >> 1);
}

#define EMIT(o, s, v)                                                         \
	do {                                                                  \
		if ((s)->stars == 0)                                          \
			out_fmt(o, (s)->text, v);                             \
		else if ((s)->stars == 1)                                     \
			out_fmt(o, (s)->text, (s)->star[0], v);               \
		else                                                          \
			out_fmt(o, (s)->text, (s)->star[0], (s)->star[1], v); \
	} while (0)

static void emit_signed(struct out *o, struct spec *s, va_list *ap)
{
	const char *l = s->length;

	if (!strcmp(l, "ll") || !strcmp(l, "q") || !strcmp(l, "L"))
		EMIT(o, s, va_arg(*ap, long long));
	else if (!strcmp(l, "l"))
		EMIT(o, s, va_arg(*ap, long));
	else if (l[0] == 'z' || l[0] == 'Z')
		EMIT(o, s, va_arg(*ap, ssize_t));
	else if (l[0] == 'j')
		EMIT(o, s, va_arg(*ap, intmax_t));
	else if (l[0] == 't')
		EMIT(o, s, va_arg(*ap, ptrdiff_t));
	else
		EMIT(o, s, va_arg(*ap, int));
}

static void emit_unsigned(struct out *o, struct spec *s, va_list *ap)
{
	const char *l = s->length;

	if (!strcmp(l, "ll") || !strcmp(l, "q") || !strcmp(l, "L"))
		EMIT(o, s, va_arg(*ap, unsigned long long));
	else if (!strcmp(l, "l"))
		EMIT(o, s, va_arg(*ap, unsigned long));
	else if (l[0] == 'z' || l[0] == 'Z')
		EMIT(o, s, va_arg(*ap, size_t));
	else if (l[0] == 'j')
		EMIT(o, s, va_arg(*ap, uintmax_t));
	else if (l[0] == 't')
		EMIT(o, s, va_arg(*ap, ptrdiff_t));
	else
		EMIT(o, s, va_arg(*ap, unsigned int));
}

/* @text padded to the conversion's width, as the kernel pads a pointer's output. */
static void out_padded(struct out *o, const struct spec *s, const char *text)
{
	out_fmt(o, s->left ? "%-*s" : "%*s", s->width > 0 ? s->width : 0, text);
}

/* %pM, %pMR, %pMF, %pm: six bytes. */
static void fmt_mac(char *buf, size_t size, const unsigned char *a, const char *ext)
{
	char sep = ext[0] == 'm' ? 0 : ext[1] == 'F' ? '-' : ':';
	bool rev = ext[1] == 'R';
	size_t n = 0;
	int i;

	for (i = 0; i < 6 && n + 3 < size; i++) {
		n += (size_t)snprintf(buf + n, size - n, "%02x", a[rev ? 5 - i : i]);
		if (sep && i < 5)
			buf[n++] = sep;
	}
	buf[n] = '\0';
}

/* %ph (space), %phC (colon), %phD (dash), %phN (none): width bytes, 1 by default, 64 at most. */
static void fmt_hex(char *buf, size_t size, const unsigned char *a, const char *ext, int width)
{
	char sep = ext[1] == 'C' ? ':' : ext[1] == 'D' ? '-' : ext[1] == 'N' ? 0 : ' ';
	int i, len = width < 0 ? 1 : width > 64 ? 64 : width;
	size_t n = 0;

	for (i = 0; i < len && n + 3 < size; i++) {
		n += (size_t)snprintf(buf + n, size - n, "%02x", a[i]);
		if (sep && i + 1 < len)
			buf[n++] = sep;
	}
	buf[n] = '\0';
}

#define BITS_PER_UL (8 * sizeof(unsigned long))

/*
 * A __bitmask field lies in an event record at 4-byte alignment, as in the
 * kernel's ring buffer: its words are read with memcpy, not as unsigned longs.
 */
static bool bit_set(const unsigned long *map, unsigned int bit)
{
	unsigned long word;

	memcpy(&word, (const char *)map + bit / BITS_PER_UL * sizeof(word), sizeof(word));
	return (word >> (bit % BITS_PER_UL)) & 1;
}

/* %*pb: 32-bit chunks in hex, most significant first, comma-separated. */
static void out_bitmask(struct out *o, const unsigned long *map, unsigned int bits)
{
	unsigned int top = bits % 32 ? bits % 32 : 32;
	int start;

	for (start = (int)((bits + 31) / 32 * 32) - 32; start >= 0; start -= 32) {
		unsigned long long v = 0;
		unsigned int b;

		for (b = 0; b < top && start + b < bits; b++)
			v |= (unsigned long long)bit_set(map, (unsigned int)start + b) << b;
		out_fmt(o, "%s%0*llx", (unsigned int)start + top == bits ? "" : ",",
			(int)((top + 3) / 4), v);
		top = 32;
	}
}

/* %*pbl: the set bits as ranges, "0-3,8,10-11". */
static void out_bitlist(struct out *o, const unsigned long *map, unsigned int bits)
{
	const char *sep = "";
	unsigned int b, end;

	for (b = 0; b < bits; b = end + 1) {
		end = b;
		if (!bit_set(map, b))
			continue;
		while (end + 1 < bits && bit_set(map, end + 1))
			end++;
		if (end == b)
			out_fmt(o, "%s%u", sep, b);
		else
			out_fmt(o, "%s%u-%u", sep, b, end);
		sep = ",";
	}
}

/* The extension at @ext (after "%p") for pointer @p, into @text. */
static void fmt_pointer(char *text, size_t size, const char *ext, void *p, struct spec *s)
{
	unsigned long addr = (unsigned long)p;

	switch (*ext) {
	case 'S':
	case 'B':
	case 'F':
		sprint_symbol(text, addr);
		return;
	case 's':
	case 'f':
		sprint_symbol_no_offset(text, addr);
		return;
	case 'e':
		if (addr >= (unsigned long)-4095 && strerrorname_np((int)-(long)addr)) {
			snprintf(text, size, "-%s", strerrorname_np((int)-(long)addr));
			return;
		}
		break;
	case 'a':
		if (p) {
			snprintf(text, size, "0x%016llx", *(unsigned long long *)p);
			return;
		}
		break;
	case 'M':
	case 'm':
		if (p) {
			fmt_mac(text, size, p, ext);
			return;
		}
		break;
	case 'I':
	case 'i':
		if (p && ext[1] == '4') {
			const unsigned char *a = p;

			snprintf(text, size, *ext == 'I' ? "%u.%u.%u.%u" : "%03u.%03u.%03u.%03u",
				 a[0], a[1], a[2], a[3]);
			return;
		}
		break;
	case 'h':
		if (p) {
			fmt_hex(text, size, p, ext, s->width);
			s->width = -1; /* the width was the length */
			return;
		}
		break;
	}
	snprintf(text, size, "%016lx", addr);
}

/* %p and its extensions: returns what follows the extension's letters. */
static const char *emit_pointer(struct out *o, struct spec *s, const char *ext, va_list *ap)
{
	char text[KSYM_SYMBOL_LEN + 8];
	void *p = va_arg(*ap, void *);
	const char *end = ext;

	while (isalnum((unsigned char)*end))
		end++;
	if (*ext == 'b' && p) {
		unsigned int bits = s->width > 0 ? (unsigned int)s->width : 0;

		if (ext[1] == 'l')
			out_bitlist(o, p, bits);
		else
			out_bitmask(o, p, bits);
		return end;
	}
	if (*ext == 'V' && p) {
		const struct va_format *vaf = p;
		va_list inner;

		va_copy(inner, *vaf->va);
		o->len += (size_t)kvsnprintf(o->len < o->size ? o->buf + o->len : NULL,
					     o->len < o->size ? o->size - o->len : 0, vaf->fmt,
					     inner);
		va_end(inner);
		return end;
	}
	fmt_pointer(text, sizeof(text), ext, p, s);
	out_padded(o, s, text);
	return end;
}

static const char *emit_one(struct out *o, const char *f, va_list *ap)
{
	struct spec s;
	const char *next = spec_parse(f, &s);

	if (!next) {
		out_mem(o, f - 1, 1);
		return f;
	}
	if (s.conv == '%') {
		out_mem(o, "%", 1);
		return next;
	}
	spec_stars(&s, ap);
	switch (s.conv) {
	case 'd':
	case 'i':
		emit_signed(o, &s, ap);
		break;
	case 'u':
	case 'o':
	case 'x':
	case 'X':
		emit_unsigned(o, &s, ap);
		break;
	case 'c':
		EMIT(o, &s, va_arg(*ap, int));
		break;
	case 's':
		EMIT(o, &s, va_arg(*ap, const char *));
		break;
	case 'e':
	case 'E':
	case 'f':
	case 'F':
	case 'g':
	case 'G':
	case 'a':
	case 'A':
		if (s.length[0] == 'L')
			EMIT(o, &s, va_arg(*ap, long double));
		else
			EMIT(o, &s, va_arg(*ap, double));
		break;
	case 'p':
		return emit_pointer(o, &s, next, ap);
	case 'n': /* the kernel ignores it, and so it writes nothing here */
		(void)va_arg(*ap, void *);
		break;
	default: /* not a conversion: the text as it is */
		out_mem(o, s.text, strlen(s.text));
	}
	return next;
}

/*
 * kvsnprintf - vsnprintf() with the kernel's %p; a format without "%p" is
 * the C library's alone.
 */
int kvsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { .buf = buf, .size = size };
	const char *pct;
	va_list args;

	if (!strchr(fmt, 'p'))
		return vsnprintf(buf, size, fmt, ap);
	va_copy(args, ap);
	while ((pct = strchr(fmt, '%'))) {
		out_mem(&o, fmt, (size_t)(pct - fmt));
		fmt = emit_one(&o, pct + 1, &args);
	}
	out_mem(&o, fmt, strlen(fmt));
	va_end(args);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len > INT32_MAX ? -1 : (int)o.len;
}
