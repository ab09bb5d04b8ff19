/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the registry file's format, and what reading it (regfile.c) and
 * writing a change to it (regfile-write.c) share.
 */
#ifndef LIBCDEV_REGFILE_PRIVATE_H
#define LIBCDEV_REGFILE_PRIVATE_H

#include <limits.h>
#include <sys/stat.h>

#include "core/regfile.h"

#define HEADER_PREFIX	"# libcdev regions: major baseminor count pid starttime name; change "
#define HEADER_DIGITS	20
#define HEADER_LEN	(sizeof(HEADER_PREFIX) - 1 + HEADER_DIGITS + 1)
#define GEN_NONE	ULLONG_MAX
#define LINE_MAX_LEN	(3 * 11 + 21 + 21 + CHRDEV_NAME_MAX + 2)

/* @r's line of the file in @buf, '\n' included: its length. */
unsigned int format_line(const struct region *r, char *buf, size_t size);
/* The table is that of the file @st describes. */
void table_seen(struct table *t, const struct stat *st);
/* Write @rf's changes: in place, or the whole table renamed over the file. */
int write_changes(struct regfile *rf);

#endif
