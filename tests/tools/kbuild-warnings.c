// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Built twice by test-kbuild-warnings.sh, as a kernel module by kbuild and
 * with `pkg-config --cflags libcdev-kernel`: each line that warns must warn
 * alike. The comment of each case says which side is meant to warn.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

int kw_unused_variable(void);
int kw_declaration_after_statement(int a);
int kw_vla(int n);
int kw_fallthrough(int x);
int kw_big_frame(int i);
int kw_truncation(char *out);
int kw_array_bounds(void);
int kw_unused_but_set(void);
unsigned char *kw_pointer_sign(char *p);
int kw_sign_compare(int a, unsigned int b);

/* -Wundef: both. */
#if KW_NOT_DEFINED
#endif

/* -Wunused-variable: both. */
int kw_unused_variable(void)
{
	int unused;

	return 0;
}

/* Neither: Linux 6.1 builds with -std=gnu11, no -Wdeclaration-after-statement. */
int kw_declaration_after_statement(int a)
{
	a++;
	int b = a * 2;

	return b;
}

/* -Wvla: both. */
int kw_vla(int n)
{
	char buf[n];

	buf[0] = (char)n;
	return buf[0];
}

/* -Wimplicit-fallthrough=5: both, for a comment; neither, for fallthrough. */
int kw_fallthrough(int x)
{
	switch (x) {
	case 0:
		x += 2;
		/* fall through */
	case 1:
		x += 3;
		fallthrough;
	case 2:
		return x;
	default:
		break;
	}
	return 0;
}

/* -Wframe-larger-than=2048: both. */
int kw_big_frame(int i)
{
	volatile char big[3000];

	big[i] = 1;
	return big[0];
}

/* -Wformat-truncation: kbuild turns it off. */
int kw_truncation(char *out)
{
	char small[4];

	snprintf(small, sizeof(small), "%s", "truncated");
	memcpy(out, small, sizeof(small));
	return 0;
}

/* -Warray-bounds: kbuild turns it off (CONFIG_CC_NO_ARRAY_BOUNDS). */
int kw_array_bounds(void)
{
	int a[4] = { 1, 2, 3, 4 };

	return a[5];
}

/* -Wunused-but-set-variable: kbuild turns it off. */
int kw_unused_but_set(void)
{
	int set;

	set = 1;
	return 0;
}

/* -Wpointer-sign: kbuild turns it off. */
unsigned char *kw_pointer_sign(char *p)
{
	unsigned char *u = p;

	return u;
}

/* -Wsign-compare: only -Wextra has it for C, and kbuild turns it off. */
int kw_sign_compare(int a, unsigned int b)
{
	return a < b;
}

MODULE_LICENSE("GPL");
