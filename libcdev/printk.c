/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - printk(): a driver's messages on standard error, one line each,
 * "NAME: message", with the level spelled out for warnings and worse.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libcdev-private.h"

static const char *module_prefix;

void printk_set_prefix(const char *name)
{
	module_prefix = name;
}

static bool already_prefixed(const char *line, const char *prefix)
{
	size_t len = strlen(prefix);

	return !strncmp(line, prefix, len) && line[len] == ':' && line[len + 1] == ' ';
}

static int level_of(const char **fmt)
{
	int level = 4;	/* the kernel's default message level */

	if ((*fmt)[0] == KERN_SOH[0] && (*fmt)[1] >= '0' && (*fmt)[1] <= '7') {
		level = (*fmt)[1] - '0';
		*fmt += 2;
	}
	return level;
}

_public_ int printk(const char *fmt, ...)
{
	static const char *const names[] = { "emergency: ", "alert: ", "critical: ",
					     "error: ", "warning: ", "", "", "" };
	const char *env = getenv("LIBCDEV_LOG"), *prefix = module_prefix;
	char line[1024], *body = line;
	va_list ap;
	int level = level_of(&fmt), n;

	if (level == 7 && !(env && !strcmp(env, "debug")))
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0)
		return n;
	/* Kernel-style code names its module itself, with pr_fmt(): once is enough. */
	if (prefix && already_prefixed(line, prefix))
		body += strlen(prefix) + 2;
	/* One write per message, so lines of several threads do not mix. */
	fprintf(stderr, "%s%s%s%s%s", prefix ? prefix : "", prefix ? ": " : "",
		names[level], body, n > 0 && line[strlen(line) - 1] == '\n' ? "" : "\n");
	return n;
}
