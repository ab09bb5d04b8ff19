/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/printk/printk.c:
 * printk(): a driver's messages on standard error, one line each,
 * "NAME: message", with the level spelled out for warnings and worse; through
 * log.c, so LIBCDEV_LOG and libcdev_set_log_fn() apply as to the library's.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"

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
	int level = 4; /* the kernel's default message level */

	if ((*fmt)[0] == KERN_SOH[0] && (*fmt)[1] >= '0' && (*fmt)[1] <= '7') {
		level = (*fmt)[1] - '0';
		*fmt += 2;
	}
	return level;
}

/* A message of @level from the code at @caller, whose module names it. */
__attribute__((format(printf, 3, 0))) static int vprintk_at(const void *caller, int level,
							    const char *fmt, va_list ap)
{
	static const char *const names[] = { "emergency: ", "alert: ", "critical: ", "error: ",
					     "warning: ",   "",	       "",	     "" };
	const char *prefix;
	char line[LOG_LINE_MAX], *body = line;
	int n;

	if (!libcdev_log_enabled(level))
		return 0;
	n = kvsnprintf(line, sizeof(line), fmt, ap);
	if (n < 0)
		return n;
	/* The module whose code calls: a host may serve several. */
	prefix = module_name_of_code(caller);
	if (!prefix)
		prefix = module_prefix;
	/* Kernel-style code names its module itself, with pr_fmt(): once is enough. */
	if (prefix && already_prefixed(line, prefix))
		body += strlen(prefix) + 2;
	/* The library's one writer: one threshold, one line written whole. */
	log_printk(level, prefix, names[level], body);
	return n;
}

_public_ int printk(const char *fmt, ...)
{
	int level = level_of(&fmt), n;
	va_list ap;

	va_start(ap, fmt);
	n = vprintk_at(__builtin_return_address(0), level, fmt, ap);
	va_end(ap);
	return n;
}

int printk_for(const void *caller, const char *level, const char *fmt, ...)
{
	int lvl = level_of(&level), n;
	va_list ap;

	va_start(ap, fmt);
	n = vprintk_at(caller, lvl, fmt, ap);
	va_end(ap);
	return n;
}
