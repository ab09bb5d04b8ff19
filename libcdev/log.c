/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - where the library's messages go.
 *
 * Like the kernel's pr_err() going to the log, errors (and the rare notice,
 * such as the backend that "auto" chose) are printed to stderr by default;
 * LIBCDEV_LOG=debug|info|notice|err|none changes the threshold, and an
 * application can take the messages with libcdev_set_log_fn().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libcdev-private.h"

static libcdev_log_fn log_fn;
static int log_threshold = -2;	/* -2: not read yet, -1: none */

static int threshold_from_env(void)
{
	const char *s = getenv("LIBCDEV_LOG");

	if (!s || !strcmp(s, "notice"))
		return LOG_NOTICE;
	if (!strcmp(s, "debug"))
		return LOG_DEBUG;
	if (!strcmp(s, "info"))
		return LOG_INFO;
	if (!strcmp(s, "none"))
		return -1;
	return LOG_ERR;
}

_public_ void libcdev_set_log_fn(libcdev_log_fn fn, int priority)
{
	log_fn = fn;
	__atomic_store_n(&log_threshold, priority, __ATOMIC_RELAXED);
}

void libcdev_log(int priority, const char *fmt, ...)
{
	int threshold = __atomic_load_n(&log_threshold, __ATOMIC_RELAXED);
	va_list ap;

	if (threshold == -2) {
		threshold = threshold_from_env();
		__atomic_store_n(&log_threshold, threshold, __ATOMIC_RELAXED);
	}
	if (priority > threshold)
		return;

	va_start(ap, fmt);
	if (log_fn) {
		log_fn(priority, fmt, ap);
	} else {
		fputs("libcdev: ", stderr);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
	}
	va_end(ap);
}
