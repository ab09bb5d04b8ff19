/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test - its arguments: the options, the expectations they
 * carry, and the checks that tell bad input (exit 2) apart before anything
 * is touched. A file of its own: the option table and --help text are the
 * command's interface, apart from what the run does.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdevctl.h"
#include "udev-test-run.h"

#define SYNOPSIS                                                            \
	"usage: %s udev-test [OPTIONS] RULES MODULE.so [param=value ...]\n" \
	"       %s udev-test [OPTIONS] RULES --device NAME [--devnum MAJ:MIN]\n"

static void usage(FILE *f)
{
	if (f == stderr) {
		fprintf(f, SYNOPSIS "'%s udev-test --help' for the options.\n", PROG, PROG, PROG);
		return;
	}
	fprintf(f,
		SYNOPSIS
		"\n"
		"Copy RULES (a *.rules file or a directory of them) into " RULES_DIR ", make the\n"
		"module's nodes (or one built-in node) live through CUSE, let udevd apply the rules,\n"
		"and report each node: devnode, numbers, mode, owner, group, symlinks, properties,\n"
		"tags and the rules file and line behind each action.\n\n"
		"  --device NAME             a built-in device with the node /dev/NAME, no driver\n"
		"  --devnum MAJ:MIN          its number (default: a dynamic major, minor 0)\n"
		"  --expect-symlink LINK     a node has /dev/LINK\n"
		"  --expect-mode MODE        every node has this octal mode\n"
		"  --expect-owner USER       ... this owner (name or uid)\n"
		"  --expect-group GROUP      ... this group (name or gid)\n"
		"  --expect-property K=V     ... the udev property K with the value V\n"
		"  --expect-tag TAG          ... the udev tag TAG\n"
		"  --json                    the report as one JSON object\n"
		"  --start-udevd             start " UDEVD " when none runs (stopped after)\n"
		"  --no-trace                do not run `udevadm test` for the rules that acted\n"
		"  --hold                    keep the nodes until SIGINT/SIGTERM after the report\n"
		"  --timeout SECS            bound of each wait (default 30)\n"
		"  --verbose                 show the driver's and udevd's messages\n\n"
		"Exit status: 0 expectations held, 1 one failed, 2 bad arguments or errors in the\n"
		"rules, 3 no udevd, driver failed, timeout; 130 SIGINT. See cdevctl-udev-test(8).\n",
		PROG, PROG);
}

static int add_expect(struct ut_opts *o, enum ut_check check, const char *value)
{
	struct ut_expect *e = realloc(o->expects, (o->nexpects + 1) * sizeof(*e));
	char *end;

	if (!e)
		return ut_err(UT_ENVIRONMENT, "out of memory");
	o->expects = e;
	if (check == UT_PROPERTY && (!strchr(value, '=') || *value == '='))
		return ut_err(UT_USAGE, "--expect-property needs KEY=VALUE, not '%s'", value);
	if (check == UT_MODE && (strtoul(value, &end, 8) > 07777 || *end || !*value))
		return ut_err(UT_USAGE, "--expect-mode needs an octal mode such as 0660, not '%s'",
			      value);
	if (!*value)
		return ut_err(UT_USAGE, "--expect-%s needs a value", ut_check_name(check));
	e[o->nexpects++] = (struct ut_expect){ check, value };
	return 0;
}

static int parse_devnum(struct ut_opts *o, const char *s)
{
	const char *arg = s;
	char *end;
	unsigned long ma = strtoul(s, &end, 10), mi;

	if (end == s || *end != ':')
		return ut_err(UT_USAGE, "--devnum needs MAJ:MIN, not '%s'", arg);
	s = end + 1;
	mi = strtoul(s, &end, 10);
	if (end == s || *end || ma > 511 || mi > 0xFFFFF)
		return ut_err(UT_USAGE, "--devnum: '%s' is not a device number (major < 512)", arg);
	o->major = ma;
	o->minor = mi;
	return 0;
}

static int parse_option(struct ut_opts *o, int c)
{
	static const enum ut_check checks[] = {
		['l'] = UT_SYMLINK, ['m'] = UT_MODE,	 ['o'] = UT_OWNER,
		['g'] = UT_GROUP,   ['p'] = UT_PROPERTY, ['t'] = UT_TAG,
	};
	long secs;

	switch (c) {
	case 'l':
	case 'm':
	case 'o':
	case 'g':
	case 'p':
	case 't':
		return add_expect(o, checks[c], optarg);
	case 'd':
		o->device = optarg;
		return 0;
	case 'n':
		return parse_devnum(o, optarg);
	case 'j':
		o->json = true;
		return 0;
	case 'S':
		o->start_udevd = true;
		return 0;
	case 'N':
		o->trace = false;
		return 0;
	case 'H':
		o->hold = true;
		return 0;
	case 'v':
		o->verbose = true;
		return 0;
	case 'T':
		secs = strtol(optarg, NULL, 10);
		if (secs <= 0 || secs > 3600)
			return ut_err(UT_USAGE, "--timeout needs seconds from 1 to 3600, not '%s'",
				      optarg);
		o->timeout_ms = (int)secs * 1000;
		return 0;
	case 'h':
		usage(stdout);
		return UT_HELD;
	default:
		usage(stderr);
		return UT_USAGE;
	}
}

/* -1 to go on, or the exit status. */
int parse_args(int argc, char **argv, struct ut_opts *o)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "devnum", required_argument, NULL, 'n' },
		{ "expect-symlink", required_argument, NULL, 'l' },
		{ "expect-mode", required_argument, NULL, 'm' },
		{ "expect-owner", required_argument, NULL, 'o' },
		{ "expect-group", required_argument, NULL, 'g' },
		{ "expect-property", required_argument, NULL, 'p' },
		{ "expect-tag", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "start-udevd", no_argument, NULL, 'S' },
		{ "no-trace", no_argument, NULL, 'N' },
		{ "hold", no_argument, NULL, 'H' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool devnum = false;
	int c, r;

	*o = (struct ut_opts){ .trace = true, .timeout_ms = 30000 };
	optind = 1;
	/* "+": options stop at RULES, go on after it, and stop at MODULE.so for good. */
	for (;;) {
		c = getopt_long(argc, argv, "+h", opts, NULL);
		if (c == -1) {
			if (o->rules || optind >= argc)
				break;
			o->rules = argv[optind++];
			continue;
		}
		devnum |= c == 'n';
		r = parse_option(o, c);
		if (r >= 0 && (r || c == 'h'))
			return r;
	}
	if (optind < argc) {
		o->module = argv[optind];
		o->params = argv + optind + 1;
		o->nparams = argc - optind - 1;
	}
	if (!o->rules || !!o->module == !!o->device) {
		ut_err(UT_USAGE, "%s",
		       !o->rules ? "no RULES given" :
		       o->module ? "give MODULE.so or --device NAME, not both" :
				   "give MODULE.so or --device NAME");
		usage(stderr);
		return UT_USAGE;
	}
	if (devnum && !o->device)
		return ut_err(UT_USAGE, "--devnum goes with --device");
	if (o->device && (!*o->device || strstr(o->device, "..") || o->device[0] == '/'))
		return ut_err(UT_USAGE, "--device: '%s' is not a node name under /dev", o->device);
	return -1;
}
