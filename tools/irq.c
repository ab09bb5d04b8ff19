/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl irq - raise simulated IRQ lines in the host of a loaded module,
 * as the hardware of a described platform device would (libcdev-platform(7)).
 * The host's control socket takes "irq N"; only root or the host's user may.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdevctl.h"

static int irq_usage(FILE *f, int status)
{
	fprintf(f,
		"usage: %s irq MODULE IRQ [IRQ...]\n\n"
		"Raise each IRQ line, in order, in the process that serves MODULE: the\n"
		"handlers its drivers requested run there (hard, then threaded).\n",
		PROG);
	return status;
}

/* "N" from 1 to 1023, or -1. */
static int irq_number(const char *s)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	return *s && !*end && !errno && n > 0 && n < 1024 ? (int)n : -1;
}

int cmd_irq(int argc, char **argv)
{
	const char *name;
	char request[32], reply[256];
	int err;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
		return irq_usage(stdout, 0);
	if (argc < 3)
		return irq_usage(stderr, 2);
	name = argv[1];
	for (int i = 2; i < argc; i++)
		if (irq_number(argv[i]) < 0)
			return err_msg("irq: '%s' is not an IRQ line (1 to 1023)", argv[i]);
	if (host_pid(name) < 0)
		return err_msg("irq: Module %s is not currently loaded", name);
	for (int i = 2; i < argc; i++) {
		snprintf(request, sizeof(request), "irq %d", irq_number(argv[i]));
		err = host_request(name, request, reply, sizeof(reply));
		if (err == -EACCES || (!err && !strcmp(reply, "denied")))
			return err_msg("irq: permission denied: run as root");
		if (err)
			return err_msg("irq: cannot reach the host of %s: %s", name,
				       strerror(-err));
		if (!strcmp(reply, "noirq"))
			return err_msg("irq: no handler is requested for IRQ %s in the host of %s",
				       argv[i], name);
		if (!strcmp(reply, "gone"))
			return err_msg("irq: Module %s is not currently loaded", name);
		if (strcmp(reply, "ok"))
			return err_msg("irq: the host of %s answered '%s'", name, reply);
	}
	return 0;
}
