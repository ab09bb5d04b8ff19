/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl gpio - drive or read a line of a simulated GPIO chip in the host
 * of a loaded module, as the outside of the board would (libcdev-gpio(7)).
 * The host's control socket takes "gpio LABEL LINE [VALUE]"; only root or
 * the host's user may.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdevctl.h"

static int gpio_usage(FILE *f, int status)
{
	fprintf(f,
		"usage: %s gpio MODULE LABEL LINE [0|1]\n\n"
		"Drive line LINE of the simulated GPIO chip LABEL, in the process that serves\n"
		"MODULE, to 0 or 1 (its pull: an input reads it, and an edge raises the line's\n"
		"IRQ if a handler asked for it); without a value, print what the line is at.\n",
		PROG);
	return status;
}

/* "N" from 0 to 511, or -1. */
static int gpio_line(const char *s)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	return *s && !*end && !errno && n >= 0 && n < 512 ? (int)n : -1;
}

/* The host's reply to @request, or an error message's status. */
static int gpio_ask(const char *name, const char *request, char *reply, size_t size)
{
	int err = host_request(name, request, reply, size);

	if (err == -EACCES || (!err && !strcmp(reply, "denied")))
		return err_msg("gpio: permission denied: run as root");
	if (err)
		return err_msg("gpio: cannot reach the host of %s: %s", name, strerror(-err));
	if (!strcmp(reply, "gone"))
		return err_msg("gpio: Module %s is not currently loaded", name);
	return 0;
}

int cmd_gpio(int argc, char **argv)
{
	const char *name, *label;
	char request[96], reply[256];
	int line;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
		return gpio_usage(stdout, 0);
	if (argc < 4 || argc > 5)
		return gpio_usage(stderr, 2);
	name = argv[1];
	label = argv[2];
	line = gpio_line(argv[3]);
	if (strlen(label) > 31 || strpbrk(label, " \t\n") || !*label)
		return err_msg("gpio: '%s' is not a chip's label", label);
	if (line < 0)
		return err_msg("gpio: '%s' is not a line (0 to 511)", argv[3]);
	if (argc == 5 && strcmp(argv[4], "0") && strcmp(argv[4], "1"))
		return err_msg("gpio: '%s' is not a value (0 or 1)", argv[4]);
	if (host_pid(name) < 0)
		return err_msg("gpio: Module %s is not currently loaded", name);
	snprintf(request, sizeof(request), "gpio %s %d%s%s", label, line, argc == 5 ? " " : "",
		 argc == 5 ? argv[4] : "");
	if (gpio_ask(name, request, reply, sizeof(reply)))
		return 1;
	if (!strcmp(reply, "nochip"))
		return err_msg("gpio: no GPIO chip %s in the host of %s", label, name);
	if (!strcmp(reply, "noline"))
		return err_msg("gpio: chip %s has no line %d", label, line);
	if (argc == 4 && !strncmp(reply, "value ", 6)) {
		printf("%s\n", reply + 6);
		return 0;
	}
	if (argc == 5 && !strcmp(reply, "ok"))
		return 0;
	return err_msg("gpio: the host of %s answered '%s'", name, reply);
}
