/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The benchmark clients' device paths: a "%d" in a pattern names one node
 * of several (the client's or the caller's index); without it, every
 * client has the same node.
 */
#ifndef BENCH_DEV_PATH_H
#define BENCH_DEV_PATH_H

#include <stdio.h>
#include <string.h>

static inline void dev_path(char *path, size_t size, const char *pattern, int index)
{
	const char *mark = strstr(pattern, "%d");

	if (mark)
		snprintf(path, size, "%.*s%d%s", (int)(mark - pattern), pattern, index, mark + 2);
	else
		snprintf(path, size, "%s", pattern);
}

#endif
