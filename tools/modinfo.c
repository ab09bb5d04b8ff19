/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl modinfo: what a module says about itself, read from its ELF
 * section .modinfo without loading it (no code of the module runs), as the
 * kernel's modinfo does. The library reads the file (libcdev_module_info_*()).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <libcdev/module.h>

#include "cdevctl.h"
#include "modconf.h"

/* The type of parameter @name (@nlen bytes) from "parmtype=NAME:TYPE", or NULL. */
static const char *param_type(const struct libcdev_module_info *info, const char *name, size_t nlen)
{
	const char *v;
	size_t pos = 0;

	while (libcdev_module_info_next(info, "parmtype", &pos, &v) > 0)
		if (!strncmp(v, name, nlen) && v[nlen] == ':')
			return v + nlen + 1;
	return NULL;
}

/* Whether a "parm=NAME:DESCRIPTION" describes the parameter of "NAME:..." @name_colon. */
static bool param_described(const struct libcdev_module_info *info, const char *name_colon,
			    size_t nlen)
{
	const char *v;
	size_t pos = 0;

	while (libcdev_module_info_next(info, "parm", &pos, &v) > 0)
		if (!strncmp(v, name_colon, nlen + 1))
			return true;
	return false;
}

/* What to print: everything, one field (-F), or the parameters (-p); -0 ends each with NUL. */
struct modinfo_opts {
	const char *field;
	bool params_only;
	char sep;
};

static void print_field(const struct modinfo_opts *o, const char *key, const char *value)
{
	if (o->field)
		printf("%s%c", value, o->sep);
	else
		printf("%-16s%s%c", key, value, o->sep);
}

/* parm: NAME:DESCRIPTION (TYPE), as the kernel's modinfo prints it. */
static void print_params(const struct modinfo_opts *o, const struct libcdev_module_info *info)
{
	const char *v, *colon, *type;
	char line[1024];
	size_t pos = 0;

	while (libcdev_module_info_next(info, "parm", &pos, &v) > 0) {
		if (!(colon = strchr(v, ':')))
			continue;
		type = param_type(info, v, colon - v);
		snprintf(line, sizeof(line), "%s%s%s%s", v, type ? " (" : "", type ? type : "",
			 type ? ")" : "");
		print_field(o, "parm:", line);
	}
	/* Parameters without a description still show their type. */
	pos = 0;
	while (libcdev_module_info_next(info, "parmtype", &pos, &v) > 0) {
		colon = strchr(v, ':');
		if (!colon || param_described(info, v, colon - v))
			continue;
		snprintf(line, sizeof(line), "%.*s: (%s)", (int)(colon - v), v, colon + 1);
		print_field(o, "parm:", line);
	}
}

/* Every "@key=value" of the section, in its order. */
static void print_key(const struct modinfo_opts *o, const struct libcdev_module_info *info,
		      const char *key)
{
	const char *v;
	size_t pos = 0;
	char field[64];

	snprintf(field, sizeof(field), "%s:", key);
	while (libcdev_module_info_next(info, key, &pos, &v) > 0)
		print_field(o, field, v);
}

static void print_modinfo(const struct modinfo_opts *o, const char *path,
			  const struct libcdev_module_info *info)
{
	static const char *const order[] = { "description", "author", "license", "version",
					     "alias" };

	if (o->params_only || (o->field && !strcmp(o->field, "parm"))) {
		/* -p and -F parm: "NAME:DESCRIPTION (TYPE)" lines, as kmod's. */
		struct modinfo_opts bare = { .field = "parm", .sep = o->sep };

		print_params(&bare, info);
		return;
	}
	if (o->field && !strcmp(o->field, "filename")) {
		print_field(o, "filename:", path);
		return;
	}
	if (o->field) {
		print_key(o, info, o->field);
		return;
	}
	print_field(o, "filename:", path);
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++)
		print_key(o, info, order[k]);
	print_params(o, info);
}

/*
 * The file's info, with a .modinfo section that lies wholly in it: an error
 * found on the first read, before anything is printed.
 */
static int modinfo_open(const char *path, struct libcdev_module_info **infop)
{
	const char *v;
	size_t pos = 0;
	int err;

	err = libcdev_module_info_open(path, infop);
	if (err)
		return err;
	err = libcdev_module_info_next(*infop, NULL, &pos, &v);
	if (err >= 0)
		return 0;
	libcdev_module_info_close(*infop);
	return err;
}

/* A file as given, else a module name in the search path, as kmod's modinfo takes both. */
static int modinfo_one(const struct modinfo_opts *o, const char *arg)
{
	struct libcdev_module_info *info;
	char path[PATH_MAX];
	int err;

	if (access(arg, F_OK) == 0 || !module_arg_is_name(arg))
		snprintf(path, sizeof(path), "%s", arg);
	else if (module_find(arg, path, sizeof(path)))
		return err_msg("modinfo: ERROR: Module %s not found.", arg);
	err = modinfo_open(path, &info);
	if (err == -ENODATA)
		return err_msg("modinfo: %s: not a libcdev module (no .modinfo section)", path);
	if (err == -ENOEXEC)
		return err_msg("modinfo: %s: not a shared object", path);
	if (err)
		return err_msg("modinfo: %s: %s", path, strerror(-err));
	print_modinfo(o, path, info);
	libcdev_module_info_close(info);
	return 0;
}

static int modinfo_usage(FILE *f, int status)
{
	fprintf(f,
		"usage: %s modinfo [-F FIELD] [-p] [-0] NAME|MODULE.so...\n\n"
		"What a module says of itself, read from its file without loading it.\n"
		"NAME is looked up as NAME.so in %s.\n\n"
		"  -F, --field FIELD   only FIELD's values (author, description, license,\n"
		"                      version, alias, filename, parm, ...)\n"
		"  -p, --parameters    only the parameters: NAME:DESCRIPTION (TYPE)\n"
		"  -0, --null          end each value with NUL rather than a newline\n",
		PROG, module_search_path());
	return status;
}

int cmd_modinfo(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "field", required_argument, NULL, 'F' },
		{ "parameters", no_argument, NULL, 'p' },
		{ "null", no_argument, NULL, '0' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct modinfo_opts o = { .sep = '\n' };
	int c, ret = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "F:p0h", opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			o.field = optarg;
			break;
		case 'p':
			o.params_only = true;
			break;
		case '0':
			o.sep = '\0';
			break;
		case 'h':
			return modinfo_usage(stdout, 0);
		default:
			return modinfo_usage(stderr, 2);
		}
	}
	if (optind >= argc)
		return modinfo_usage(stderr, 2);
	for (int i = optind; i < argc; i++)
		ret |= modinfo_one(&o, argv[i]);
	return ret;
}
