/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl - modules by name: the module search path, and the configuration
 * files modprobe and modules-load read, in the ways of kmod's modprobe.d(5)
 * and systemd's modules-load.d(5).
 */
#ifndef CDEVCTL_MODCONF_H
#define CDEVCTL_MODCONF_H

#include <stdbool.h>
#include <stddef.h>

/* "DIR:DIR:...": LIBCDEV_MODULE_PATH's directories, then the installed one. */
const char *module_search_path(void);

/* The file of module @name (NAME.so, '-' and '_' alike) in the search path: 0, or -ENOENT. */
int module_find(const char *name, char *path, size_t size);

/* Whether @arg names a module rather than a file: no '/', no ".so" ending. */
bool module_arg_is_name(const char *arg);

/* What modprobe.d says of one module. */
struct modconf {
	char **params; /* the "options" values, in the order of the files */
	int nparams;
	char blacklisted[600]; /* "FILE:LINE" of its blacklist line, or "" */
};

/*
 * Read CONFDIR/modprobe.d/\*.conf in name order for module @name; bad lines
 * are reported on stderr with file and line and skipped. 0 or -ENOMEM.
 */
int modconf_read(const char *name, struct modconf *conf);
void modconf_free(struct modconf *conf);

/* LIBCDEV_CONFDIR, or the installed configuration directory (/etc/libcdev). */
const char *conf_dir(void);

/* Whether @name may be a module's name: letters, digits, '_' and '-'. */
bool module_name_valid(const char *name);

/*
 * Call @fn(line, file, lineno, data) for every line of the
 * files CONFDIR/@subdir/\*.conf, in name order, skipping blank lines and
 * comments ('#' or ';'). Return: 0, or -errno of opening the directory
 * (a missing one is no error).
 */
int conf_foreach_line(const char *subdir,
		      void (*fn)(char *line, const char *file, int lineno, void *data), void *data);

#endif
