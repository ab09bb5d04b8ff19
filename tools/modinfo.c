/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl modinfo: what a module says about itself, read from its ELF
 * section .modinfo without loading it (no code of the module runs), as the
 * kernel's modinfo does.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cdevctl.h"
#include "modconf.h"
#include "modinfo-elf.h"

int modinfo_read(const char *path, char **data, size_t *size)
{
	size_t off = 0, len = 0;
	struct stat st;
	void *map;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
		close(fd);
		return -ENOEXEC;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -errno;
	err = modinfo_elf_find(map, st.st_size, &off, &len);
	if (!err) {
		*data = malloc(len + 1);
		if (*data) {
			memcpy(*data, (char *)map + off, len);
			(*data)[len] = '\0';
			*size = len;
		} else {
			err = -ENOMEM;
		}
	}
	munmap(map, st.st_size);
	return err;
}

/* The value of "parmtype=NAME:TYPE" for @name, or NULL. */
static const char *param_type(const char *data, size_t size, const char *name, size_t nlen)
{
	for (const char *p = data; p < data + size; p += strlen(p) + 1)
		if (!strncmp(p, "parmtype=", 9) && !strncmp(p + 9, name, nlen) && p[9 + nlen] == ':')
			return p + 9 + nlen + 1;
	return NULL;
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
static void print_params(const struct modinfo_opts *o, const char *data, size_t size)
{
	for (const char *p = data; p < data + size; p += strlen(p) + 1) {
		const char *colon, *type;
		char line[1024];

		if (strncmp(p, "parm=", 5) || !(colon = strchr(p + 5, ':')))
			continue;
		type = param_type(data, size, p + 5, colon - (p + 5));
		snprintf(line, sizeof(line), "%s%s%s%s", p + 5, type ? " (" : "", type ? type : "",
			 type ? ")" : "");
		print_field(o, "parm:", line);
	}
	/* Parameters without a description still show their type. */
	for (const char *p = data; p < data + size; p += strlen(p) + 1) {
		const char *colon = strchr(p, ':');
		bool described = false;

		if (strncmp(p, "parmtype=", 9) || !colon)
			continue;
		for (const char *q = data; q < data + size; q += strlen(q) + 1)
			if (!strncmp(q, "parm=", 5) && !strncmp(q + 5, p + 9, colon - p - 9 + 1))
				described = true;
		if (!described) {
			char line[1024];

			snprintf(line, sizeof(line), "%.*s: (%s)", (int)(colon - p - 9), p + 9, colon + 1);
			print_field(o, "parm:", line);
		}
	}
}

/* Every "@key=value" of the section, in its order. */
static void print_key(const struct modinfo_opts *o, const char *data, size_t size, const char *key)
{
	size_t klen = strlen(key);
	char field[64];

	snprintf(field, sizeof(field), "%s:", key);
	for (const char *p = data; p < data + size; p += strlen(p) + 1)
		if (!strncmp(p, key, klen) && p[klen] == '=')
			print_field(o, field, p + klen + 1);
}

static void print_modinfo(const struct modinfo_opts *o, const char *path, const char *data,
			  size_t size)
{
	static const char *const order[] = { "description", "author", "license", "version", "alias" };

	if (o->params_only || (o->field && !strcmp(o->field, "parm"))) {
		/* -p and -F parm: "NAME:DESCRIPTION (TYPE)" lines, as kmod's. */
		struct modinfo_opts bare = { .field = "parm", .sep = o->sep };

		print_params(&bare, data, size);
		return;
	}
	if (o->field && !strcmp(o->field, "filename")) {
		print_field(o, "filename:", path);
		return;
	}
	if (o->field) {
		print_key(o, data, size, o->field);
		return;
	}
	print_field(o, "filename:", path);
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++)
		print_key(o, data, size, order[k]);
	print_params(o, data, size);
}

/* A file as given, else a module name in the search path, as kmod's modinfo takes both. */
static int modinfo_one(const struct modinfo_opts *o, const char *arg)
{
	char path[PATH_MAX], *data = NULL;
	size_t size = 0;
	int err;

	if (access(arg, F_OK) == 0 || !module_arg_is_name(arg))
		snprintf(path, sizeof(path), "%s", arg);
	else if (module_find(arg, path, sizeof(path)))
		return err_msg("modinfo: ERROR: Module %s not found.", arg);
	err = modinfo_read(path, &data, &size);
	if (err == -ENODATA)
		return err_msg("modinfo: %s: not a libcdev module (no .modinfo section)", path);
	if (err == -ENOEXEC)
		return err_msg("modinfo: %s: not a shared object", path);
	if (err)
		return err_msg("modinfo: %s: %s", path, strerror(-err));
	print_modinfo(o, path, data, size);
	free(data);
	return 0;
}

static int modinfo_usage(FILE *f, int status)
{
	fprintf(f, "usage: %s modinfo [-F FIELD] [-p] [-0] NAME|MODULE.so...\n\n"
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
