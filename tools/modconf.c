/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl - modules by name: where NAME.so is found, and what
 * CONFDIR/modprobe.d/\*.conf says of it ("options NAME key=value ...",
 * "blacklist NAME"), as kmod's modprobe.d(5) does for kernel modules.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cdevctl.h"
#include "modconf.h"

const char *conf_dir(void)
{
	const char *dir = getenv("LIBCDEV_CONFDIR");

	return dir && *dir ? dir : LIBCDEV_SYSCONFDIR;
}

const char *module_search_path(void)
{
	static char path[4096];
	const char *var = getenv("LIBCDEV_MODULE_PATH");

	snprintf(path, sizeof(path), "%s%s%s", var && *var ? var : "", var && *var ? ":" : "",
		 LIBCDEV_MODULEDIR);
	return path;
}

bool module_name_valid(const char *name)
{
	if (!*name || strlen(name) > 255)
		return false;
	return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") ==
	       strlen(name);
}

bool module_arg_is_name(const char *arg)
{
	size_t len = strlen(arg);

	return !strchr(arg, '/') && !(len > 3 && !strcmp(arg + len - 3, ".so"));
}

/* kmod's rule: '-' and '_' are the same in a module's name. */
static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (*a != *b && !((*a == '-' || *a == '_') && (*b == '-' || *b == '_')))
			return false;
	return *a == *b;
}

/* NAME.so in @dir, with '-' and '_' alike. */
static int find_in_dir(const char *dir, const char *name, char *path, size_t size)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int err = -ENOENT;

	if (!d)
		return -ENOENT;
	while (err && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char base[256];

		if (len <= 3 || strcmp(e->d_name + len - 3, ".so"))
			continue;
		snprintf(base, sizeof(base), "%.*s", (int)(len - 3), e->d_name);
		if (same_name(base, name) &&
		    snprintf(path, size, "%s/%s", dir, e->d_name) < (int)size &&
		    access(path, R_OK) == 0)
			err = 0;
	}
	closedir(d);
	return err;
}

int module_find(const char *name, char *path, size_t size)
{
	char dirs[4096], *save = NULL;

	if (!module_name_valid(name))
		return -ENOENT;
	snprintf(dirs, sizeof(dirs), "%s", module_search_path());
	for (char *dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save))
		if (*dir && find_in_dir(dir, name, path, size) == 0)
			return 0;
	return -ENOENT;
}

static int conf_filter(const struct dirent *e)
{
	size_t len = strlen(e->d_name);

	return e->d_name[0] != '.' && len > 5 && !strcmp(e->d_name + len - 5, ".conf");
}

static void conf_file_lines(const char *file,
			    void (*fn)(char *line, const char *file, int lineno, void *data),
			    void *data)
{
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0;
	FILE *f = fopen(file, "re");

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", PROG, file, strerror(errno));
		return;
	}
	while (getline(&line, &cap, f) >= 0) {
		char *p = line + strspn(line, " \t"), *end;

		lineno++;
		p[strcspn(p, "\n")] = '\0';
		for (end = p + strlen(p); end > p && (end[-1] == ' ' || end[-1] == '\t');)
			*--end = '\0';
		if (*p && *p != '#' && *p != ';')
			fn(p, file, lineno, data);
	}
	free(line);
	fclose(f);
}

int conf_foreach_line(const char *subdir,
		      void (*fn)(char *line, const char *file, int lineno, void *data), void *data)
{
	char dir[4096], file[4096 + 256];
	struct dirent **ents;
	int n;

	snprintf(dir, sizeof(dir), "%s/%s", conf_dir(), subdir);
	n = scandir(dir, &ents, conf_filter, alphasort);
	if (n < 0)
		return errno == ENOENT ? 0 : -errno;
	for (int i = 0; i < n; i++) {
		snprintf(file, sizeof(file), "%s/%s", dir, ents[i]->d_name);
		conf_file_lines(file, fn, data);
		free(ents[i]);
	}
	free(ents);
	return 0;
}

struct modconf_walk {
	const char *name;
	struct modconf *conf;
	int err;
};

static void bad_line(const char *file, int lineno, const char *word)
{
	fprintf(stderr, "%s: %s:%d: ignoring bad line starting with '%s'\n", PROG, file, lineno,
		word);
}

static int add_param(struct modconf *conf, const char *param)
{
	char **p = realloc(conf->params, (conf->nparams + 1) * sizeof(*p));

	if (!p)
		return -ENOMEM;
	conf->params = p;
	p[conf->nparams] = strdup(param);
	if (!p[conf->nparams])
		return -ENOMEM;
	conf->nparams++;
	return 0;
}

/* "options NAME key=value ..." or "blacklist NAME"; anything else is reported. */
static void modconf_line(char *line, const char *file, int lineno, void *data)
{
	struct modconf_walk *w = data;
	char *save = NULL, *cmd = strtok_r(line, " \t", &save);
	char *mod = strtok_r(NULL, " \t", &save), *arg = strtok_r(NULL, " \t", &save);

	if (!strcmp(cmd, "options") && mod && arg && module_name_valid(mod)) {
		for (; arg && same_name(mod, w->name) && !w->err;
		     arg = strtok_r(NULL, " \t", &save))
			w->err = add_param(w->conf, arg);
	} else if (!strcmp(cmd, "blacklist") && mod && !arg && module_name_valid(mod)) {
		if (same_name(mod, w->name) && !w->conf->blacklisted[0])
			snprintf(w->conf->blacklisted, sizeof(w->conf->blacklisted), "%s:%d", file,
				 lineno);
	} else {
		bad_line(file, lineno, cmd);
	}
}

int modconf_read(const char *name, struct modconf *conf)
{
	struct modconf_walk w = { .name = name, .conf = conf };
	int err;

	*conf = (struct modconf){ .params = NULL };
	err = conf_foreach_line("modprobe.d", modconf_line, &w);
	if (err)
		fprintf(stderr, "%s: %s/modprobe.d: %s\n", PROG, conf_dir(), strerror(-err));
	if (w.err) {
		modconf_free(conf);
		return w.err;
	}
	return 0;
}

void modconf_free(struct modconf *conf)
{
	for (int i = 0; i < conf->nparams; i++)
		free(conf->params[i]);
	free(conf->params);
	conf->params = NULL;
	conf->nparams = 0;
}
