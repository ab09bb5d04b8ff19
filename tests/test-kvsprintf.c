/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's printf() formats (lib/vsprintf.c), as printk(), seq_printf()
 * and trace events print them: the C library's conversions unchanged
 * (flags, '*' width and precision, lengths), %p as bare hex digits, and
 * the pointer extensions %pS/%ps, %pe, %pa, %pM/%pMR/%pm, %pI4/%pi4,
 * %ph, %*pb/%*pbl, %pV; a format longer than the buffer is cut there and
 * counted whole.
 */
#include <linux/err.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/types.h>

#include <libcdev/trace.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>

#include "test-util.h"

static struct trace_seq seq;

/* What trace_seq_printf() made of @fmt. */
__attribute__((format(printf, 1, 2))) static const char *kfmt(const char *fmt, ...)
{
	va_list ap;

	trace_seq_init(&seq);
	va_start(ap, fmt);
	trace_seq_vprintf(&seq, fmt, ap);
	va_end(ap);
	return seq.buffer;
}

static void test_c_conversions(void **state)
{
	(void)state;
	assert_string_equal(kfmt("probe %d %5s|%-3d|%lu %lld %zu %x %c %%", -1, "ab", 7, 8UL, -9LL,
				 (size_t)10, 255u, 'q'),
			    "probe -1    ab|7  |8 -9 10 ff q %");
	assert_string_equal(kfmt("%*d|%.*s|%-*x|%5.2f", 4, 3, 2, "abc", 3, 10u, 1.5),
			    "   3|ab|a  | 1.50");
	assert_string_equal(kfmt("%hhd %hu %jd %td %Lf", 300, 70000, (intmax_t)-5, (ptrdiff_t)6,
				 (long double)0.5),
			    "44 4464 -5 6 0.500000");
}

static void test_plain_pointer(void **state)
{
	void *p = (void *)0x1234abcdUL;

	(void)state;
	assert_string_equal(kfmt("%p", p), "000000001234abcd");
	assert_string_equal(kfmt("at 0x%p,", p), "at 0x000000001234abcd,");
	assert_string_equal(kfmt("%pK %px", p, p), "000000001234abcd 000000001234abcd");
	/* Letters after %p are its extension, known or not. */
	assert_string_equal(kfmt("%pZZ9.", p), "000000001234abcd.");
	assert_string_equal(kfmt("%20p|", p), "    000000001234abcd|");
}

/* As kallsyms names them (a C library function: the symbol dladdr() finds for it). */
static void test_symbols(void **state)
{
	char name[KSYM_SYMBOL_LEN], full[KSYM_SYMBOL_LEN], want[KSYM_SYMBOL_LEN + 2];
	char *fn = (char *)printf;

	(void)state;
	sprint_symbol_no_offset(name, (unsigned long)fn);
	assert_true(isalpha((unsigned char)name[0]) || name[0] == '_');
	assert_string_equal(kfmt("%ps", fn), name);
	sprint_symbol(full, (unsigned long)fn + 1);
	assert_non_null(strstr(full, "+0x1/0x"));
	snprintf(want, sizeof(want), "<%s>", full);
	assert_string_equal(kfmt("<%pS>", fn + 1), want);
}

static void test_extensions(void **state)
{
	unsigned char mac[6] = { 0x00, 0x1b, 0x2c, 0x3d, 0x4e, 0x5f };
	unsigned char ip[4] = { 192, 168, 0, 7 };
	unsigned long bits[1] = { 0xf0fUL };
	phys_addr_t phys = 0x1000;

	(void)state;
	assert_string_equal(kfmt("%pe", ERR_PTR(-ENOMEM)), "-ENOMEM");
	assert_string_equal(kfmt("%pe", (void *)0x10UL), "0000000000000010");
	assert_string_equal(kfmt("%pa", &phys), "0x0000000000001000");
	assert_string_equal(kfmt("%pM", mac), "00:1b:2c:3d:4e:5f");
	assert_string_equal(kfmt("%pMR", mac), "5f:4e:3d:2c:1b:00");
	assert_string_equal(kfmt("%pMF", mac), "00-1b-2c-3d-4e-5f");
	assert_string_equal(kfmt("%pm", mac), "001b2c3d4e5f");
	assert_string_equal(kfmt("%pI4", ip), "192.168.0.7");
	assert_string_equal(kfmt("%pi4", ip), "192.168.000.007");
	assert_string_equal(kfmt("%4ph", mac), "00 1b 2c 3d");
	assert_string_equal(kfmt("%*phC|", 2, mac), "00:1b|");
	assert_string_equal(kfmt("%*pb", 16, bits), "0f0f");
	assert_string_equal(kfmt("%*pb", 40, bits), "00,00000f0f");
	assert_string_equal(kfmt("%*pbl", 16, bits), "0-3,8-11");
}

/* The kernel's struct va_format, as <linux/printk.h> declares it. */
struct va_format {
	const char *fmt;
	va_list *va;
};

__attribute__((format(printf, 1, 2))) static const char *nested(const char *fmt, ...)
{
	struct va_format vaf;
	va_list ap;
	const char *out;

	va_start(ap, fmt);
	vaf.fmt = fmt;
	vaf.va = &ap;
	out = kfmt("[%pV] %d", &vaf, 5);
	va_end(ap);
	return out;
}

static void test_va_format(void **state)
{
	(void)state;
	assert_string_equal(nested("%s=%p", "x", (void *)0x10UL), "[x=0000000000000010] 5");
}

static void test_cut(void **state)
{
	char buf[8];
	void *p = (void *)0x1UL;

	(void)state;
	/* As vsnprintf(): what fits, a NUL, and the whole length. */
	assert_int_equal(snprintf(buf, sizeof(buf), "%s", "x"), 1);
	trace_seq_init(&seq);
	while (!seq.full)
		trace_seq_printf(&seq, "%p-", p);
	assert_int_equal(seq.len, sizeof(seq.buffer) - 1);
	assert_int_equal(seq.buffer[seq.len], '\0');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_c_conversions), cmocka_unit_test(test_plain_pointer),
		cmocka_unit_test(test_symbols),	      cmocka_unit_test(test_extensions),
		cmocka_unit_test(test_va_format),     cmocka_unit_test(test_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
