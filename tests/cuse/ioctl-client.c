/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The client of the ioctl device tests (ioctl.bats): each subcommand makes
 * the ioctl(2) calls of one case on a node of ioctl-testdrv and prints what
 * it saw, "ret N" or "err ENAME" followed by the case's own findings.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../client-util.h"
#include "ioctl-dev.h"

static void print_result(long r)
{
	if (r < 0)
		printf("err %s", errname(errno));
	else
		printf("ret %ld", r);
}

/* value W|R|WR|IO NUMBER: "ret N last 0xARG" */
static int cmd_value(int fd, const char *which, const char *number)
{
	unsigned long cmd, arg = strtoull(number, NULL, 0);
	uint64_t last = 0;

	if (!strcmp(which, "W"))
		cmd = IT_VAL_W;
	else if (!strcmp(which, "R"))
		cmd = IT_VAL_R;
	else if (!strcmp(which, "WR"))
		cmd = IT_VAL_WR;
	else if (!strcmp(which, "IO"))
		cmd = IT_VAL_IO;
	else
		return 2;
	print_result(ioctl(fd, cmd, arg));
	if (ioctl(fd, IT_LAST, &last) < 0)
		return fail();
	printf(" last 0x%llx\n", (unsigned long long)last);
	return 0;
}

/* str|strncpy TEXT */
static int cmd_string(int fd, unsigned long cmd, const char *text)
{
	char *s = strdup(text);

	print_result(ioctl(fd, cmd, s));
	putchar('\n');
	free(s);
	return 0;
}

/*
 * strncpy-edge: a string that ends at the very end of a page with nothing
 * mapped after it; strncpy-bad: one that runs into the unmapped page.
 */
static int cmd_strncpy_edge(int fd, bool terminated)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || munmap(p + page, page))
		return fail();
	memcpy(p + page - 4, terminated ? "abc" : "abcd", 4);
	print_result(ioctl(fd, IT_STRNCPY, p + page - 4));
	putchar('\n');
	return 0;
}

/* fill: 32 bytes of '.', NULs shown as '_' */
static int cmd_fill(int fd, void *where)
{
	char buf[33];

	memset(buf, '.', 32);
	buf[32] = '\0';
	print_result(ioctl(fd, IT_FILL, where ? where : buf));
	for (int i = 0; i < 32; i++)
		if (buf[i] == '\0')
			buf[i] = '_';
	printf(" %s\n", buf);
	return 0;
}

static struct it_pair pair;
static int pair_fd;

/* The caller's other thread: changes .a while the driver works on the call. */
static void *pair_changer(void *unused)
{
	(void)unused;
	if (ioctl(pair_fd, IT_ENTERED) < 0)
		return (void *)"ENTERED";
	__atomic_store_n(&pair.a, 42, __ATOMIC_SEQ_CST);
	if (ioctl(pair_fd, IT_GO) < 0)
		return (void *)"GO";
	return NULL;
}

/* pair: "ret 0 a=42 b=99" when only the bytes written are written */
static int cmd_pair(int fd)
{
	pthread_t t;
	void *res;

	pair = (struct it_pair){ .a = 1, .b = 2 };
	pair_fd = fd;
	if (pthread_create(&t, NULL, pair_changer, NULL))
		return 1;
	print_result(ioctl(fd, IT_PAIR, &pair));
	pthread_join(t, &res);
	if (res)
		printf(" (%s failed)", (char *)res);
	printf(" a=%d b=%d\n", pair.a, pair.b);
	return 0;
}

/* peek good|bad: the driver follows a pointer to 'x', or to nothing */
static int cmd_peek(int fd, const char *what)
{
	static const char x = 'x';
	uint64_t ptr = (uintptr_t)(strcmp(what, "bad") ? &x : unmapped_address());

	print_result(ioctl(fd, IT_PEEK, &ptr));
	putchar('\n');
	return 0;
}

/*
 * late: a child makes IT_LATE on a page shared with this process and is
 * killed meanwhile (the test does it, with the pid printed here); the
 * driver writes afterwards. This process shows what the page holds then.
 */
static int cmd_late(int fd)
{
	int *shared =
		mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int status;
	pid_t pid;

	if (shared == MAP_FAILED)
		return fail();
	*shared = 0;
	pid = fork();
	if (pid < 0)
		return fail();
	if (pid == 0)
		_exit(ioctl(fd, IT_LATE, shared) < 0 ? 1 : 0);
	printf("child %d\n", (int)pid);
	if (waitpid(pid, &status, 0) < 0)
		return fail();
	printf("child %s value 0x%x\n", WIFSIGNALED(status) ? "killed" : "exited", *shared);
	return 0;
}

int main(int argc, char **argv)
{
	const char *what;
	int fd;

	client_init();
	if (argc < 3) {
		fprintf(stderr,
			"usage: ioctl-client DEV value W|R|WR|IO N | str TEXT | strncpy TEXT |\n"
			"       strncpy-edge | strncpy-bad | fill | fill-bad | pair | peek good|bad |\n"
			"       late | late-go\n");
		return 2;
	}
	what = argv[2];
	fd = open_or_fail(argv[1], O_RDWR);
	if (!strcmp(what, "value") && argc > 4)
		return cmd_value(fd, argv[3], argv[4]);
	if (!strcmp(what, "str") && argc > 3)
		return cmd_string(fd, IT_STR, argv[3]);
	if (!strcmp(what, "strncpy") && argc > 3)
		return cmd_string(fd, IT_STRNCPY, argv[3]);
	if (!strcmp(what, "strncpy-edge"))
		return cmd_strncpy_edge(fd, true);
	if (!strcmp(what, "strncpy-bad"))
		return cmd_strncpy_edge(fd, false);
	if (!strcmp(what, "fill"))
		return cmd_fill(fd, NULL);
	if (!strcmp(what, "fill-bad"))
		return cmd_fill(fd, unmapped_address());
	if (!strcmp(what, "pair"))
		return cmd_pair(fd);
	if (!strcmp(what, "peek") && argc > 3)
		return cmd_peek(fd, argv[3]);
	if (!strcmp(what, "late"))
		return cmd_late(fd);
	if (!strcmp(what, "late-go"))
		return ioctl(fd, IT_LATE_GO) < 0 ? fail() : 0;
	fprintf(stderr, "ioctl-client: unknown case %s\n", what);
	return 2;
}
