// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * cdevctl twin-test: the script cdev-twin-test does the work (builds with
 * kbuild and cdev-kbuild, loads with insmod and cdevctl, compares); this
 * finds it beside the cdevctl that runs, so a build tree uses its own.
 */
#include <libgen.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cdevctl.h"

#define TWIN_SCRIPT "cdev-twin-test"

/* The directory of the running cdevctl; libtool's .libs/ stands for its parent. */
static int own_dir(char *dir, size_t size)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	const char *d;

	if (n < 0)
		return -1;
	exe[n] = '\0';
	d = dirname(exe);
	if (snprintf(dir, size, "%s", d) >= (int)size)
		return -1;
	n = (ssize_t)strlen(dir);
	if (n >= 6 && !strcmp(dir + n - 6, "/.libs"))
		dir[n - 6] = '\0';
	return 0;
}

int cmd_twin_test(int argc __attribute__((unused)), char **argv)
{
	char dir[PATH_MAX], script[PATH_MAX + sizeof(TWIN_SCRIPT) + 1];

	if (own_dir(dir, sizeof(dir)) < 0)
		return err_msg("twin-test: cannot find cdevctl's own directory");
	snprintf(script, sizeof(script), "%s/%s", dir, TWIN_SCRIPT);
	argv[0] = script;
	execv(script, argv);
	err_msg("twin-test: cannot run %s: %s", script, strerror(errno));
	return 2;
}
