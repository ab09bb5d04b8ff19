/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - string conversions, after lib/kstrtox.c: kstrtobool(). The
 * integer ones are the C library's strtoull() behind <linux/kernel.h>.
 */
#include <errno.h>
#include <stdbool.h>

#include "core/core.h"
#include <libcdev/moduleparam.h>

/* "on" and "off": the second character decides; anything else is no bool. */
static int on_off(char c, bool *res)
{
	if (c == 'n' || c == 'N')
		*res = true;
	else if (c == 'f' || c == 'F')
		*res = false;
	else
		return -EINVAL;
	return 0;
}

_public_ int kstrtobool(const char *s, bool *res)
{
	switch (s[0]) {
	case 'y':
	case 'Y':
	case 't':
	case 'T':
	case '1':
		*res = true;
		return 0;
	case 'n':
	case 'N':
	case 'f':
	case 'F':
	case '0':
		*res = false;
		return 0;
	case 'o':
	case 'O':
		return on_off(s[1], res);
	}
	return -EINVAL;
}
