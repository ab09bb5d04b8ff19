/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A client for the kernel-style examples' device tests
 * (tests/examples/kchar.bats, kscull.bats): the ioctls of
 * the examples under examples/kernel/, called as any program would, printing "ok", a value or
 * an errno name. Exit status: 0 success, 1 the call failed, 2 bad usage.
 *
 *   kchar-set PATH STRING   KCHAR_IOCTL_SET_MSG with a pointer to STRING
 *   kchar-set-bad PATH      ... with an unmapped pointer
 *   kchar-get PATH          KCHAR_IOCTL_GET_MSG into a buffer: the message
 *   kchar-nth PATH N        KCHAR_IOCTL_GET_NTH_BYTE: the byte as a character
 *   busy PATH               open twice: the second open's outcome
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "examples/kernel/lkmpg/kchar_ioctl.h"
#include "tests/client-util.h"

static int kchar_set(const char *path, const char *msg)
{
	int fd = open_or_fail(path, O_RDONLY);

	if (ioctl(fd, KCHAR_IOCTL_SET_MSG, msg) < 0)
		return fail();
	puts("ok");
	return 0;
}

static int kchar_get(const char *path)
{
	char buf[KCHAR_MSG_MAX];
	int fd = open_or_fail(path, O_RDONLY);

	memset(buf, 'x', sizeof(buf));
	if (ioctl(fd, KCHAR_IOCTL_GET_MSG, buf) < 0)
		return fail();
	buf[sizeof(buf) - 1] = '\0';
	puts(buf);
	return 0;
}

static int kchar_nth(const char *path, const char *n)
{
	int fd = open_or_fail(path, O_RDONLY), c;

	c = ioctl(fd, KCHAR_IOCTL_GET_NTH_BYTE, atoi(n));
	if (c < 0)
		return fail();
	printf("%c\n", c);
	return 0;
}

static int open_twice(const char *path)
{
	int fd = open_or_fail(path, O_RDONLY);
	int fd2 = open(path, O_RDONLY);

	if (fd2 < 0)
		return fail();
	close(fd2);
	close(fd);
	puts("ok");
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "", *path = argc > 2 ? argv[2] : NULL;
	const char *arg = argc > 3 ? argv[3] : NULL;

	client_init();
	if (!path)
		goto usage;
	if (!strcmp(cmd, "kchar-set") && arg)
		return kchar_set(path, arg);
	if (!strcmp(cmd, "kchar-set-bad"))
		return kchar_set(path, unmapped_address());
	if (!strcmp(cmd, "kchar-get"))
		return kchar_get(path);
	if (!strcmp(cmd, "kchar-nth") && arg)
		return kchar_nth(path, arg);
	if (!strcmp(cmd, "busy"))
		return open_twice(path);
usage:
	fprintf(stderr, "usage: kclient kchar-set|kchar-set-bad|kchar-get|kchar-nth|busy PATH [ARG]\n");
	return 2;
}
