/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - where the library's messages go.
 *
 * One path for the library's own messages and drivers' printk(): one
 * threshold (LIBCDEV_LOG=debug|info|notice|warning|err|none, default info,
 * read once), one writer that puts each message on stderr whole, in one
 * write(2), as "libcdev: ..." or "MODULE: ...", and an application that
 * called libcdev_set_log_fn() takes both kinds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"

static libcdev_log_fn log_fn;
static int log_threshold = -2; /* -2: not read yet, -1: none */

static int threshold_from_env(void)
{
	static const struct {
		const char *name;
		int priority;
	} levels[] = {
		{ "debug", LOG_DEBUG },	    { "info", LOG_INFO }, { "notice", LOG_NOTICE },
		{ "warning", LOG_WARNING }, { "err", LOG_ERR },	  { "none", -1 },
	};
	const char *s = getenv("LIBCDEV_LOG");

	if (!s || !*s)
		return LOG_INFO;
	for (size_t i = 0; i < ARRAY_SIZE(levels); i++)
		if (!strcmp(s, levels[i].name))
			return levels[i].priority;
	return LOG_ERR;
}

_public_ void libcdev_set_log_fn(libcdev_log_fn fn, int priority)
{
	log_fn = fn;
	__atomic_store_n(&log_threshold, priority, __ATOMIC_RELAXED);
}

bool libcdev_log_enabled(int priority)
{
	int threshold = __atomic_load_n(&log_threshold, __ATOMIC_RELAXED);

	if (threshold == -2) {
		threshold = threshold_from_env();
		__atomic_store_n(&log_threshold, threshold, __ATOMIC_RELAXED);
	}
	return priority <= threshold;
}

static void call_log_fn(int priority, const char *fmt, ...) _printf_(2, 3);

static void call_log_fn(int priority, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_fn(priority, fmt, ap);
	va_end(ap);
}

/*
 * The one writer: to the application's function as it is, else to stderr
 * after @prefix (if any), whole, in one write(2), so threads' lines never mix.
 */
static void log_emit(int priority, const char *prefix, const char *msg)
{
	char line[LOG_LINE_MAX + 64];
	size_t len, done = 0;
	int n;

	if (log_fn) {
		call_log_fn(priority, "%s", msg);
		return;
	}
	n = snprintf(line, sizeof(line) - 1, "%s%s%s", prefix ? prefix : "", prefix ? ": " : "",
		     msg);
	if (n < 0)
		return;
	len = (size_t)n < sizeof(line) - 1 ? (size_t)n : sizeof(line) - 2;
	line[len++] = '\n';
	while (done < len) {
		ssize_t w = write(STDERR_FILENO, line + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (size_t)w;
	}
}

void libcdev_log(int priority, const char *fmt, ...)
{
	char msg[LOG_LINE_MAX];
	va_list ap;

	if (!libcdev_log_enabled(priority))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	log_emit(priority, "libcdev", msg);
}

void log_printk(int level, const char *module, const char *level_name, const char *text)
{
	char msg[LOG_LINE_MAX + 64];
	size_t len;

	/* "MODULE: ..." for the application's function too: it names the driver. */
	snprintf(msg, sizeof(msg), "%s%s%s%s", module ? module : "", module ? ": " : "", level_name,
		 text);
	len = strlen(msg);
	if (len && msg[len - 1] == '\n')
		msg[len - 1] = '\0';
	log_emit(level, NULL, msg);
}
