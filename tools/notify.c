/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The module host's word to a service manager (sd_notify(3)): READY=1 once
 * every node of every module is live, the same moment insmod returns;
 * STATUS= naming the modules and their nodes; STOPPING=1 when the exits
 * start. Without NOTIFY_SOCKET (a terminal, insmod's detached host) every
 * call does nothing.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include <systemd/sd-daemon.h>

#include <libcdev/libcdev.h>

#include "cdevctl.h"

/* What STATUS= holds at most: a status line, not the list of a thousand minors. */
#define STATUS_MAX 1024

struct status {
	char text[STATUS_MAX];
	size_t len;
	unsigned int more; /* nodes left out for want of room */
};

static void status_add(struct status *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void status_add(struct status *s, const char *fmt, ...)
{
	size_t room = sizeof(s->text) - s->len;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(s->text + s->len, room, fmt, ap);
	va_end(ap);

	/* Keep room for " (and N more)". */
	if (n < 0 || (size_t)n >= room || s->len + n > sizeof(s->text) - 32) {
		s->text[s->len] = '\0';
		s->more++;
		return;
	}
	s->len += n;
}

static int status_add_node(const char *name, dev_t dev, void *data)
{
	struct status *s = data;
	char path[512];

	(void)dev;
	snprintf(path, sizeof(path), "%s/%s", libcdev_backend_location(), name);
	status_add(s, " %s", path);
	return 0;
}

void notify_ready(const char *const *names, int n)
{
	struct status s = { .len = 0 };

	status_add(&s, "Serving");
	for (int i = 0; i < n; i++)
		status_add(&s, "%s%s", i ? "," : " ", names[i]);
	status_add(&s, " (%s), nodes:", libcdev_backend_name());
	libcdev_backend_nodes(status_add_node, &s);
	if (s.more)
		snprintf(s.text + s.len, sizeof(s.text) - s.len, " (and %u more)", s.more);
	sd_notifyf(0, "READY=1\nSTATUS=%s", s.text);
}

/* Once: rmmod of the last module sends it, then the SIGTERM that ends the host. */
void notify_stopping(void)
{
	static atomic_bool sent;

	if (atomic_exchange(&sent, true))
		return;
	sd_notify(0, "STOPPING=1\nSTATUS=Running the modules' exit");
}

void notify_failed(const char *msg)
{
	sd_notifyf(0, "STATUS=Failed: %s", msg);
}
