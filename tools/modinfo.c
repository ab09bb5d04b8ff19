/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl modinfo: what a module says about itself, read from its ELF
 * section .modinfo without loading it (no code of the module runs), as the
 * kernel's modinfo does.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cdevctl.h"
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

static void print_field(const char *key, const char *value)
{
	printf("%-16s%s\n", key, value);
}

int cmd_modinfo(int argc, char **argv)
{
	static const char *const order[] = { "description", "author", "license", "version", "alias" };
	char *data = NULL, field[64];
	size_t size = 0;
	int err;

	if (argc != 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc == 2 ? stdout : stderr, "usage: %s modinfo MODULE.so\n", PROG);
		return argc == 2 ? 0 : 2;
	}
	err = modinfo_read(argv[1], &data, &size);
	if (err == -ENODATA)
		return err_msg("modinfo: %s: not a libcdev module (no .modinfo section)", argv[1]);
	if (err == -ENOEXEC)
		return err_msg("modinfo: %s: not a shared object", argv[1]);
	if (err)
		return err_msg("modinfo: %s: %s", argv[1], strerror(-err));

	print_field("filename:", argv[1]);
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		size_t klen = strlen(order[k]);

		for (const char *p = data; p < data + size; p += strlen(p) + 1)
			if (!strncmp(p, order[k], klen) && p[klen] == '=') {
				snprintf(field, sizeof(field), "%s:", order[k]);
				print_field(field, p + klen + 1);
			}
	}
	/* parm: NAME:DESCRIPTION (TYPE), as the kernel's modinfo prints it. */
	for (const char *p = data; p < data + size; p += strlen(p) + 1) {
		const char *colon, *type;
		char line[1024];

		if (strncmp(p, "parm=", 5) || !(colon = strchr(p + 5, ':')))
			continue;
		type = param_type(data, size, p + 5, colon - (p + 5));
		snprintf(line, sizeof(line), "%s%s%s%s", p + 5, type ? " (" : "", type ? type : "",
			 type ? ")" : "");
		print_field("parm:", line);
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
			print_field("parm:", line);
		}
	}
	free(data);
	return 0;
}
