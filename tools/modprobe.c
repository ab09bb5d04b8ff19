/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl modprobe and modules-load: modules by name, as kmod's modprobe
 * loads kernel modules and systemd-modules-load.service loads them at boot.
 *
 *   cdevctl modprobe [--foreground] [--backend B] [--mountpoint DIR] NAME [param=value ...]
 *   cdevctl modprobe -r NAME...
 *   cdevctl modules-load
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cdevctl.h"
#include "modconf.h"

static int modprobe_usage(FILE *f, int status)
{
	fprintf(f,
		"usage: %s modprobe [--foreground] [--backend auto|cuse|fuse|direct]"
		" [--mountpoint DIR] NAME [param=value ...]\n"
		"       %s modprobe -r NAME...\n\n"
		"Load module NAME (NAME.so in %s) with the 'options NAME'\n"
		"of %s/modprobe.d/*.conf, then the parameters given, which win.\n"
		"A blacklisted NAME is refused. --foreground serves as 'run' does (the\n"
		"libcdev@NAME.service unit); otherwise the host runs in the background\n"
		"as with 'insmod'. -r removes the modules as 'rmmod' does.\n",
		PROG, PROG, module_search_path(), conf_dir());
	return status;
}

static int modprobe_remove(int n, char **names)
{
	int ret = 0;

	for (int i = 0; i < n; i++) {
		char *argv[] = { (char *)"rmmod", names[i], NULL };

		if (host_pid(names[i]) < 0) {
			ret = err_msg("modprobe: FATAL: Module %s is not in kernel.", names[i]);
			continue;
		}
		if (cmd_rmmod(2, argv))
			ret = 1;
	}
	return ret;
}

/* The modprobe.d options of @name, then the command line's: the last value wins. */
static char **merge_params(const struct modconf *conf, char **argv, int argc, int *n)
{
	char **params = calloc(conf->nparams + argc + 1, sizeof(*params));

	if (!params)
		return NULL;
	/* memcpy() of NULL is undefined even for no bytes. */
	if (conf->nparams)
		memcpy(params, conf->params, conf->nparams * sizeof(*params));
	if (argc)
		memcpy(params + conf->nparams, argv, argc * sizeof(*params));
	*n = conf->nparams + argc;
	return params;
}

static int modprobe_load(struct host_opts *o, bool foreground, const char *name, char **argv,
			 int argc)
{
	char path[PATH_MAX];
	struct modconf conf;
	int ret, err;

	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], "+"))
			return err_msg(
				"modprobe: one module by name; 'insmod A.so + B.so' stacks them");
	if (module_find(name, path, sizeof(path)))
		return err_msg("modprobe: FATAL: Module %s not found in directory %s", name,
			       module_search_path());
	err = modconf_read(name, &conf);
	if (err)
		return err_msg("modprobe: %s", strerror(-err));
	if (conf.blacklisted[0]) {
		modconf_free(&conf);
		return err_msg("modprobe: FATAL: Module %s is blacklisted (%s)", name,
			       conf.blacklisted);
	}
	/* Loaded already: nothing to do, as kmod's modprobe says nothing. */
	if (!foreground && host_pid(name) > 0) {
		modconf_free(&conf);
		return 0;
	}
	o->path = path;
	o->params = merge_params(&conf, argv, argc, &o->nparams);
	if (!o->params) {
		modconf_free(&conf);
		return err_msg("modprobe: %s", strerror(ENOMEM));
	}
	ret = foreground ? host_run(o) : host_insmod(o);
	free(o->params);
	modconf_free(&conf);
	return ret;
}

int cmd_modprobe(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "remove", no_argument, NULL, 'r' },
		{ "foreground", no_argument, NULL, 'F' },
		{ "backend", required_argument, NULL, 'b' },
		{ "mountpoint", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *backend = getenv("LIBCDEV_BACKEND");
	struct host_opts o = { .backend = backend && *backend ? backend : "auto", .ready_fd = -1 };
	bool remove = false, foreground = false;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+rb:m:h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			remove = true;
			break;
		case 'F':
			foreground = true;
			break;
		case 'b':
			o.backend = optarg;
			break;
		case 'm':
			o.mountpoint = optarg;
			break;
		case 'h':
			return modprobe_usage(stdout, 0);
		default:
			return 2;
		}
	}
	if (optind >= argc || (remove && foreground))
		return modprobe_usage(stderr, 2);
	if (remove)
		return modprobe_remove(argc - optind, argv + optind);
	return modprobe_load(&o, foreground, argv[optind], argv + optind + 1, argc - optind - 1);
}

/* ---- modules-load ---- */

struct load_list {
	char **units;
	int n;
	bool bad;
};

/* One module name per line: its unit, or the line reported. */
static void load_line(char *line, const char *file, int lineno, void *data)
{
	struct load_list *l = data;
	char path[PATH_MAX], **units;

	if (!module_name_valid(line)) {
		fprintf(stderr, "%s: %s:%d: '%s' is not a module name\n", PROG, file, lineno, line);
		l->bad = true;
		return;
	}
	if (module_find(line, path, sizeof(path))) {
		fprintf(stderr, "%s: %s:%d: Module %s not found in directory %s\n", PROG, file,
			lineno, line, module_search_path());
		l->bad = true;
		return;
	}
	units = realloc(l->units, (l->n + 2) * sizeof(*units));
	if (!units || asprintf(&units[l->n], "libcdev@%s.service", line) < 0) {
		l->units = units ? units : l->units;
		l->bad = true;
		return;
	}
	l->units = units;
	l->n++;
}

/* systemctl start --no-block UNIT...: queued, so a boot is not held up by one module. */
static int start_units(struct load_list *l)
{
	char **argv = calloc(l->n + 4, sizeof(*argv));
	int status;
	pid_t pid;

	if (!argv)
		return -ENOMEM;
	argv[0] = (char *)"systemctl";
	argv[1] = (char *)"start";
	argv[2] = (char *)"--no-block";
	memcpy(argv + 3, l->units, l->n * sizeof(*argv));
	pid = fork();
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "%s: modules-load: systemctl: %s\n", PROG, strerror(errno));
		_exit(127);
	}
	free(argv);
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

int cmd_modules_load(int argc, char **argv)
{
	struct load_list l = { .units = NULL };
	int err, ret = 0;

	if (argc != 1) {
		bool help = argc == 2 && !strcmp(argv[1], "--help");

		fprintf(help ? stdout : stderr,
			"usage: %s modules-load\n\n"
			"Start libcdev@NAME.service for every NAME listed in %s/modules-load.d/*.conf\n"
			"(one per line; '#' and ';' start comments). Bad lines are reported and\n"
			"skipped; the rest still start.\n",
			PROG, conf_dir());
		return help ? 0 : 2;
	}
	err = conf_foreach_line("modules-load.d", load_line, &l);
	if (err)
		ret = err_msg("modules-load: %s/modules-load.d: %s", conf_dir(), strerror(-err));
	if (l.n && start_units(&l))
		ret = err_msg("modules-load: systemctl start failed");
	for (int i = 0; i < l.n; i++)
		free(l.units[i]);
	free(l.units);
	return ret || l.bad;
}
