/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test - the rules copies: the *.rules files named by RULES,
 * copied into udev's runtime rules directory without replacing anything,
 * and removed again. A file of its own: the only part that writes to the
 * system's udev configuration.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "udev-test-run.h"

static bool is_rules_name(const char *name)
{
	size_t n = strlen(name);

	return n > 6 && !strcmp(name + n - 6, ".rules") && name[0] != '.';
}

static int add_rules(struct ut_run *run, const char *source, const char *base)
{
	struct ut_rules *v = realloc(run->report.rules, (run->report.nrules + 1) * sizeof(*v));
	char copy[PATH_MAX];

	if (!v)
		return ut_err(UT_ENVIRONMENT, "out of memory");
	run->report.rules = v;
	snprintf(copy, sizeof(copy), "%s/%s", RULES_DIR, base);
	v[run->report.nrules] = (struct ut_rules){ strdup(source), strdup(copy), false };
	run->report.nrules++;
	return 0;
}

/* The files to copy: RULES itself, or the *.rules in it, in udev's (lexical) order. */
int list_rules(struct ut_run *run)
{
	const char *path = run->o.rules;
	struct dirent **ents;
	char src[PATH_MAX];
	struct stat st;
	int n, status = 0;

	if (stat(path, &st) < 0)
		return ut_err(UT_USAGE, "%s: %s", path, strerror(errno));
	if (!S_ISDIR(st.st_mode)) {
		const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

		if (!is_rules_name(base))
			return ut_err(UT_USAGE, "%s: udev reads only files named *.rules", path);
		return add_rules(run, path, base);
	}
	n = scandir(path, &ents, NULL, alphasort);
	if (n < 0)
		return ut_err(UT_USAGE, "%s: %s", path, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (!status && is_rules_name(ents[i]->d_name)) {
			snprintf(src, sizeof(src), "%s/%s", path, ents[i]->d_name);
			status = add_rules(run, src, ents[i]->d_name);
		}
		free(ents[i]);
	}
	free(ents);
	if (!status && !run->report.nrules)
		return ut_err(UT_USAGE, "%s: no *.rules files in this directory", path);
	return status;
}

static int copy_file(const char *from, int to)
{
	char buf[8192];
	ssize_t n;
	int fd = open(from, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(to, buf, n) != n) {
			n = -1;
			break;
		}
	if (n < 0)
		n = -errno;
	close(fd);
	return (int)n;
}

/*
 * Write a copy under a name udevd ignores (it watches the directory), then
 * rename it into place; never replace a file that is there already.
 */
static int install_one(struct ut_rules *r)
{
	char tmp[PATH_MAX];
	int fd, err;

	if (access(r->copy, F_OK) == 0)
		return ut_err(UT_ENVIRONMENT, "%s exists already: not replacing it", r->copy);
	snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", RULES_DIR, strrchr(r->copy, '/') + 1);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return ut_err(UT_ENVIRONMENT, "%s: %s", tmp, strerror(errno));
	err = copy_file(r->source, fd);
	if (close(fd) < 0 && !err)
		err = -errno;
	if (!err && link(tmp, r->copy) < 0) /* link: fails if the name is taken */
		err = -errno;
	unlink(tmp);
	if (err)
		return ut_err(err == -EEXIST ? UT_ENVIRONMENT : UT_USAGE, "%s -> %s: %s", r->source,
			      r->copy, strerror(-err));
	r->installed = true;
	return 0;
}

int install_rules(struct ut_run *run)
{
	int status = 0;

	if (mkdir("/run/udev", 0755) < 0 && errno != EEXIST)
		return ut_err(UT_ENVIRONMENT, "/run/udev: %s", strerror(errno));
	if (mkdir(RULES_DIR, 0755) == 0)
		run->made_rules_dir = true;
	else if (errno != EEXIST)
		return ut_err(UT_ENVIRONMENT, "%s: %s", RULES_DIR, strerror(errno));
	for (int i = 0; i < run->report.nrules && !status; i++)
		status = install_one(&run->report.rules[i]);
	return status ?: reload_rules(run);
}

/* Remove what install_rules made, and have udevd forget the rules. */
void remove_rules(struct ut_run *run)
{
	bool removed = false;

	for (int i = 0; i < run->report.nrules; i++) {
		struct ut_rules *r = &run->report.rules[i];

		if (r->installed && unlink(r->copy) < 0)
			ut_err(0, "cannot remove %s: %s", r->copy, strerror(errno));
		removed |= r->installed;
		r->installed = false;
	}
	if (run->made_rules_dir && rmdir(RULES_DIR) < 0)
		ut_err(0, "cannot remove %s: %s", RULES_DIR, strerror(errno));
	run->made_rules_dir = false;
	/* A udevd of our own is about to stop: it need not forget them. */
	if (removed && run->udevd <= 0)
		reload_rules(run);
}
