/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl lsmod and cdevctl devices: what is loaded, and which device
 * numbers are in use, by the kernel and by libcdev's driver processes.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libcdev/libcdev.h>

#include "cdevctl.h"

static int no_args(int argc, char **argv, const char *cmd)
{
	if (argc == 2 && !strcmp(argv[1], "--help")) {
		printf("usage: %s %s\n", PROG, cmd);
		return 0;
	}
	if (argc != 1) {
		fprintf(stderr, "usage: %s %s\n", PROG, cmd);
		return 2;
	}
	return -1;
}

static void lsmod_one(const char *name)
{
	char path[512], modpath[4096] = "", reply[256];
	struct stat st;
	FILE *f;
	int pid;

	if (host_pid(name) < 0)
		return; /* a stale file of a host that died */
	snprintf(path, sizeof(path), "%s/%s.pid", modules_dir(), name);
	f = fopen(path, "re");
	if (!f)
		return;
	if (fscanf(f, "%d %4095[^\n]", &pid, modpath) < 1)
		modpath[0] = '\0';
	fclose(f);
	if (host_request(name, "users", reply, sizeof(reply)) < 0)
		snprintf(reply, sizeof(reply), "-");
	printf("%-19s %8lld  %s\n", name, stat(modpath, &st) == 0 ? (long long)st.st_size : 0LL,
	       reply);
}

int cmd_lsmod(int argc, char **argv)
{
	int r = no_args(argc, argv, "lsmod");
	struct dirent **ents;
	int n;

	if (r >= 0)
		return r;
	printf("Module                  Size  Used by\n");
	n = scandir(modules_dir(), &ents, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		char *dot = strrchr(ents[i]->d_name, '.');

		if (dot && !strcmp(dot, ".pid")) {
			*dot = '\0';
			lsmod_one(ents[i]->d_name);
		}
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	return 0;
}

struct kernel_major {
	int major;
	char name[64];
};

static int read_kernel_majors(struct kernel_major *v, int max)
{
	char line[256];
	bool chr = false;
	int n = 0;
	FILE *f = fopen(getenv("LIBCDEV_PROC_DEVICES") ? getenv("LIBCDEV_PROC_DEVICES") :
							 "/proc/devices",
			"re");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f) && n < max) {
		if (!strncmp(line, "Character devices:", 18))
			chr = true;
		else if (!strncmp(line, "Block devices:", 14))
			chr = false;
		else if (chr && sscanf(line, "%d %63s", &v[n].major, v[n].name) == 2)
			n++;
	}
	fclose(f);
	return n;
}

static int print_region(const struct libcdev_region *r, void *data)
{
	(void)data;
	printf("%3u %-20s libcdev pid %d, minors %u-%u\n", r->major, r->name, (int)r->pid,
	       r->baseminor, r->baseminor + r->count - 1);
	return 0;
}

int cmd_devices(int argc, char **argv)
{
	int r = no_args(argc, argv, "devices"), n, err;
	struct kernel_major v[1024];

	if (r >= 0)
		return r;
	n = read_kernel_majors(v, 1024);
	if (n < 0)
		return err_msg("devices: /proc/devices: %s", strerror(-n));
	printf("Character devices:\n");
	for (int i = 0; i < n; i++)
		printf("%3d %s\n", v[i].major, v[i].name);
	printf("\nRegions of libcdev driver processes:\n");
	err = libcdev_regions_foreach(print_region, NULL);
	if (err)
		return err_msg("devices: the region registry: %s", strerror(-err));
	return 0;
}
