/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - lib/hexdump.c: bytes as the kernel's hex dumps show them, a row
 * of 16 or 32 bytes per line, in groups of 1, 2, 4 or 8 bytes read as
 * values of this machine's byte order, then the bytes as ASCII ('.' for
 * what does not print), at the column a full row would put it.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/printk.h>

/* Group @j of @size bytes of @p, as a value: memcpy() for the alignment. */
static unsigned long long group_value(const unsigned char *p, int j, int size)
{
	uint64_t v8;
	uint32_t v4;
	uint16_t v2;

	switch (size) {
	case 8:
		memcpy(&v8, p + j * 8, 8);
		return v8;
	case 4:
		memcpy(&v4, p + j * 4, 4);
		return v4;
	case 2:
		memcpy(&v2, p + j * 2, 2);
		return v2;
	}
	return p[j];
}

/* A row's layout: @rowsize 16 or 32, @groupsize a power of 2 up to 8 that divides @len. */
static void hex_dump_layout(size_t *len, int *rowsize, int *groupsize)
{
	if (*rowsize != 16 && *rowsize != 32)
		*rowsize = 16;
	if (*len > (size_t)*rowsize)
		*len = (size_t)*rowsize;
	if (*groupsize != 1 && *groupsize != 2 && *groupsize != 4 && *groupsize != 8)
		*groupsize = 1;
	if (*len % (size_t)*groupsize)
		*groupsize = 1;
}

_public_ int hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
				char *linebuf, size_t linebuflen, bool ascii)
{
	const unsigned char *p = buf;
	char line[32 * 3 + 2 + 32 + 1];
	int ngroups, ascii_column, lx = 0;

	hex_dump_layout(&len, &rowsize, &groupsize);
	ngroups = (int)len / groupsize;
	ascii_column = rowsize * 2 + rowsize / groupsize + 1;
	for (int j = 0; j < ngroups; j++)
		lx += sprintf(line + lx, "%s%0*llx", j ? " " : "", groupsize * 2,
			      group_value(p, j, groupsize));
	if (ascii && len) {
		while (lx < ascii_column)
			line[lx++] = ' ';
		for (size_t j = 0; j < len; j++)
			line[lx++] = isascii(p[j]) && isprint(p[j]) ? (char)p[j] : '.';
	}
	line[lx] = '\0';
	if (linebuflen)
		snprintf(linebuf, linebuflen, "%s", line);
	/* What a buffer too short would have needed, as the kernel's counts it. */
	if (!linebuflen || (size_t)lx >= linebuflen)
		return ascii ? ascii_column + (int)len : (groupsize * 2 + 1) * ngroups - 1;
	return lx;
}

_public_ void print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
			     int rowsize, int groupsize, const void *buf, size_t len, bool ascii)
{
	const void *caller = __builtin_return_address(0);
	const unsigned char *p = buf;
	char line[32 * 3 + 2 + 32 + 1];

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	for (size_t i = 0; i < len; i += (size_t)rowsize) {
		size_t n = len - i < (size_t)rowsize ? len - i : (size_t)rowsize;

		hex_dump_to_buffer(p + i, n, rowsize, groupsize, line, sizeof(line), ascii);
		if (prefix_type == DUMP_PREFIX_ADDRESS)
			printk_for(caller, level, "%s%p: %s\n", prefix_str, (const void *)(p + i),
				   line);
		else if (prefix_type == DUMP_PREFIX_OFFSET)
			printk_for(caller, level, "%s%.8zx: %s\n", prefix_str, i, line);
		else
			printk_for(caller, level, "%s%s\n", prefix_str, line);
	}
}
