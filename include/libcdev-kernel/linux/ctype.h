/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/ctype.h>: the kernel's character classes, which
 * are not the C library's: ISO 8859-1 (Latin-1) whatever the locale, any
 * int taken as an unsigned char (no EOF), and tolower()/toupper() return
 * an unsigned char. _tolower() is the fast form for letters and digits.
 */
#ifndef LIBCDEV_KERNEL_LINUX_CTYPE_H
#define LIBCDEV_KERNEL_LINUX_CTYPE_H

/* The C library's declarations first, so that a later <ctype.h> cannot undo the macros below. */
#include <ctype.h>

#include <linux/compiler.h>

#define _U  0x01 /* upper */
#define _L  0x02 /* lower */
#define _D  0x04 /* digit */
#define _C  0x08 /* cntrl */
#define _P  0x10 /* punct */
#define _S  0x20 /* white space (space/lf/tab) */
#define _X  0x40 /* hex digit */
#define _SP 0x80 /* hard space (0x20) */

/* The class bits of @c in Latin-1, as the kernel's table has them. */
static inline unsigned char __libcdev_ctype(unsigned char c)
{
	unsigned char low = c | 0x20;

	if (c < 0x20 || c == 0x7f)
		return _C | (c >= '\t' && c <= '\r' ? _S : 0);
	if (c == ' ' || c == 0xa0)
		return _S | _SP;
	if (c >= '0' && c <= '9')
		return _D;
	if (c < 0x80 && low >= 'a' && low <= 'z')
		return (c == low ? _L : _U) | (low <= 'f' ? _X : 0);
	if (c >= 0x80 && c < 0xa0)
		return 0;
	if (c < 0xc0 || c == 0xd7 || c == 0xf7)
		return _P;
	return c < 0xdf ? _U : _L;
}

#define __ismask(x) (__libcdev_ctype((unsigned char)(x)))

#undef isalnum
#undef isalpha
#undef iscntrl
#undef isdigit
#undef isgraph
#undef islower
#undef isprint
#undef ispunct
#undef isspace
#undef isupper
#undef isxdigit
#undef isascii
#undef toascii
#undef tolower
#undef toupper
#undef _tolower

#define isalnum(c)  ((__ismask(c) & (_U | _L | _D)) != 0)
#define isalpha(c)  ((__ismask(c) & (_U | _L)) != 0)
#define iscntrl(c)  ((__ismask(c) & (_C)) != 0)
#define isgraph(c)  ((__ismask(c) & (_P | _U | _L | _D)) != 0)
#define islower(c)  ((__ismask(c) & (_L)) != 0)
#define isprint(c)  ((__ismask(c) & (_P | _U | _L | _D | _SP)) != 0)
#define ispunct(c)  ((__ismask(c) & (_P)) != 0)
/* False for the NUL terminator, as the kernel's. */
#define isspace(c)  ((__ismask(c) & (_S)) != 0)
#define isupper(c)  ((__ismask(c) & (_U)) != 0)
#define isxdigit(c) ((__ismask(c) & (_D | _X)) != 0)
#define isascii(c)  (((unsigned char)(c)) <= 0x7f)
#define toascii(c)  (((unsigned char)(c)) & 0x7f)

/* An int, not a char: '0' to '9' only, whatever the value's sign. */
static inline int __libcdev_isdigit(int c)
{
	return '0' <= c && c <= '9';
}
#define isdigit(c) __libcdev_isdigit(c)

static inline unsigned char __tolower(unsigned char c)
{
	return isupper(c) ? (unsigned char)(c - ('A' - 'a')) : c;
}

static inline unsigned char __toupper(unsigned char c)
{
	return islower(c) ? (unsigned char)(c - ('a' - 'A')) : c;
}

#define tolower(c) __tolower(c)
#define toupper(c) __toupper(c)

/* Lower case of a letter by setting bit 5; other characters may change (the kernel's note). */
static inline char __libcdev_fast_tolower(const char c)
{
	return c | 0x20;
}
/* A macro: the C library declares an int _tolower(int) of its own. */
#define _tolower(c) __libcdev_fast_tolower(c)

/* An octal digit, '0' to '7'. */
static inline int isodigit(const char c)
{
	return c >= '0' && c <= '7';
}

#endif
