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
 *   scull PATH OP [N]       the kscull quantum ioctls: reset, set N (pointer),
 *                           tell N (value), get (pointer), query (return
 *                           value), exchange N (pointer): "ok" or the value
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "examples/kernel/lkmpg/kchar_ioctl.h"
#include "examples/kernel/scull/kscull.h"
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

static int scull_ioctl(const char *path, const char *op, const char *arg)
{
	int fd = open_or_fail(path, O_RDONLY), v = arg ? atoi(arg) : 0, ret;

	if (!strcmp(op, "reset"))
		ret = ioctl(fd, KSCULL_IOCRESET);
	else if (!strcmp(op, "set"))
		ret = ioctl(fd, KSCULL_IOCSQUANTUM, &v);
	else if (!strcmp(op, "tell"))
		ret = ioctl(fd, KSCULL_IOCTQUANTUM, (unsigned long)v);
	else if (!strcmp(op, "get"))
		ret = ioctl(fd, KSCULL_IOCGQUANTUM, &v);
	else if (!strcmp(op, "query"))
		ret = v = ioctl(fd, KSCULL_IOCQQUANTUM);
	else if (!strcmp(op, "exchange"))
		ret = ioctl(fd, KSCULL_IOCXQUANTUM, &v);
	else
		return 2;
	if (ret < 0)
		return fail();
	if (!strcmp(op, "get") || !strcmp(op, "query") || !strcmp(op, "exchange"))
		printf("%d\n", v);
	else
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
	if (!strcmp(cmd, "scull") && arg)
		return scull_ioctl(path, arg, argc > 4 ? argv[4] : NULL);
usage:
	fprintf(stderr,
		"usage: kclient kchar-set|kchar-set-bad|kchar-get|kchar-nth|busy|scull PATH [ARG...]\n");
	return 2;
}
