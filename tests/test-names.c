/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program may have functions named as the kernel's: its own down(),
 * schedule() and complete() (with signatures of its own) take over neither
 * the library's calls nor those of the driver it loads (tests/namesmod.c,
 * which sleeps on a semaphore, waits for completions and schedules). The
 * library's symbols are libcdev_down etc., the kernel's names only macros
 * (<libcdev/names.h>), and it is linked -Bsymbolic-functions.
 *
 * Built with the library's headers, as a program would be: #undef gives it
 * the names back. No cmocka, so that nothing else brings the names in.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libcdev/direct.h>
#include <libcdev/kdev_t.h>
#include <libcdev/module.h>

#ifndef NAMESMOD_SO
#error "NAMESMOD_SO: the path of the built namesmod.so"
#endif

#undef down
#undef schedule
#undef complete

static int downs, schedules, completes;

/* The program's own, as unlike the kernel's as can be. */
int down(void);
int schedule(void);
int complete(void);

int down(void)
{
	return ++downs;
}

int schedule(void)
{
	return ++schedules;
}

int complete(void)
{
	return ++completes;
}

static int failed;

#define check(cond, ...)                                                     \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                        \
			fputc('\n', stderr);                                 \
			failed = 1;                                          \
		}                                                            \
	} while (0)

static void env_setup(char *dir, size_t size)
{
	char path[256];
	FILE *f;

	snprintf(dir, size, "/tmp/libcdev-test.XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(99);
	}
	snprintf(path, sizeof(path), "%s/regions", dir);
	setenv("LIBCDEV_REGISTRY", path, 1);
	snprintf(path, sizeof(path), "%s/devices", dir);
	setenv("LIBCDEV_PROC_DEVICES", path, 1);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(99);
	}
	fputs("Character devices:\n  1 mem\n\nBlock devices:\n  8 sd\n", f);
	fclose(f);
}

static void env_teardown(const char *dir)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/regions", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/devices", dir);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	struct module *mod;
	struct file *filp;
	char dir[64], buf[64];
	ssize_t n;
	int err, round;

	env_setup(dir, sizeof(dir));
	err = libcdev_module_load(NAMESMOD_SO, &mod);
	if (err) {
		fprintf(stderr, "load %s: %s\n", NAMESMOD_SO, strerror(-err));
		return 1;
	}
	err = libcdev_module_start(mod);
	check(!err, "start: %s", strerror(-err));
	for (round = 0; !err && round < 3; round++) {
		err = cdev_direct_open(MKDEV(242, 0), O_RDONLY, &filp);
		check(!err, "open: %s", strerror(-err));
		if (err)
			break;
		n = cdev_direct_read(filp, buf, sizeof(buf) - 1);
		buf[n > 0 ? n : 0] = '\0';
		check(n == 3 && !strcmp(buf, "ok\n"), "read: %zd \"%s\" (the steps that failed)", n,
		      buf);
		check(!cdev_direct_release(filp), "release");
	}
	check(!libcdev_module_unload(mod, true), "unload");

	check(!downs, "the program's down() was called %d times", downs);
	check(!schedules, "the program's schedule() was called %d times", schedules);
	check(!completes, "the program's complete() was called %d times", completes);

	/* The program still has its own names. */
	check(down() == downs && downs && schedule() == schedules && schedules &&
		      complete() == completes && completes,
	      "own functions");

	env_teardown(dir);
	if (!failed)
		printf("the program's down(), schedule(), complete() untouched\n");
	return failed;
}
