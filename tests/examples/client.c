/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A client for the example drivers' device tests (tests/examples/NAME.bats):
 * each subcommand does one thing to a node the way any program would and
 * prints the outcome as words the tests compare: "ok", a number, or an errno
 * name such as EBUSY. Exit status: 0 when the call succeeded, 1 when it
 * failed with an errno, 2 for bad usage. SIGUSR1 interrupts a blocked call
 * (no SA_RESTART), so the call fails with EINTR.
 *
 *   open PATH MODE             open and close
 *   hold PATH MODE             print "opening", open, print "opened", wait for a
 *                              line (or EOF) on stdin, close, print "closed"
 *   read PATH COUNT [MODE]     print "reading", one read(2): "read N DATA"
 *   write PATH DATA [MODE]     print "writing", one write(2): "wrote N"
 *   fill PATH                  non-blocking writes until EAGAIN: "filled N"
 *   poll PATH in|out|inout MS  print "polling", poll(2): "timeout" or the events
 *   ioctl PATH CMD [VALUE]     the memdev ioctls (examples/memdev.h)
 *   seek PATH                  read 3 bytes, lseek(0, SEEK_SET), read 3 more:
 *                              "FIRST RESULT SECOND"
 *
 * MODE is r, w, rw or a (write-only, O_APPEND), with ",nb" for O_NONBLOCK.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "examples/memdev.h"
#include "tests/client-util.h"

static int parse_mode(const char *mode)
{
	int flags;

	if (!mode || !strncmp(mode, "rw", 2))
		flags = O_RDWR;
	else if (mode[0] == 'r')
		flags = O_RDONLY;
	else if (mode[0] == 'w')
		flags = O_WRONLY;
	else if (mode[0] == 'a')
		flags = O_WRONLY | O_APPEND;
	else
		return -1;
	if (strstr(mode, ",nb"))
		flags |= O_NONBLOCK;
	return flags;
}

static int open_mode(const char *path, const char *mode)
{
	int flags = parse_mode(mode);

	if (flags < 0) {
		fprintf(stderr, "bad mode %s\n", mode);
		exit(2);
	}
	return open_or_fail(path, flags);
}

static int cmd_hold(const char *path, const char *mode)
{
	char line[64];
	int fd;

	printf("opening\n");
	fd = open_mode(path, mode);
	printf("opened\n");
	if (!fgets(line, sizeof(line), stdin))
		line[0] = '\0';
	if (close(fd))
		return fail();
	printf("closed\n");
	return 0;
}

static void print_data(const char *buf, ssize_t n)
{
	printf("read %zd ", n);
	for (ssize_t i = 0; i < n; i++)
		putchar(buf[i] >= 0x20 && buf[i] < 0x7f ? buf[i] : '.');
	putchar('\n');
}

static int cmd_read(const char *path, size_t count, const char *mode)
{
	char *buf = malloc(count ? count : 1);
	int fd = open_mode(path, mode ? mode : "r");
	ssize_t n;
	int ret = 0;

	if (!buf)
		return 2;
	printf("reading\n");
	n = read(fd, buf, count);
	if (n < 0)
		ret = fail();
	else
		print_data(buf, n);
	/* Freed on every path: under LeakSanitizer a leak report would follow the errno's name. */
	free(buf);
	return ret;
}

static int cmd_write(const char *path, const char *data, const char *mode)
{
	int fd = open_mode(path, mode ? mode : "w");
	ssize_t n;

	printf("writing\n");
	n = write(fd, data, strlen(data));
	if (n < 0)
		return fail();
	printf("wrote %zd\n", n);
	return 0;
}

static int cmd_fill(const char *path)
{
	int fd = open_mode(path, "w,nb");
	char buf[1000];
	long total = 0;
	ssize_t n;

	memset(buf, 'f', sizeof(buf));
	while ((n = write(fd, buf, sizeof(buf))) > 0)
		total += n;
	if (n == 0 || errno != EAGAIN)
		return fail();
	printf("filled %ld\n", total);
	return 0;
}

static int cmd_poll(const char *path, const char *what, int ms)
{
	struct pollfd pfd = { .events = 0 };
	int n;

	if (strstr(what, "in"))
		pfd.events |= POLLIN;
	if (strstr(what, "out"))
		pfd.events |= POLLOUT;
	pfd.fd = open_mode(path, !strcmp(what, "in") ? "r" : !strcmp(what, "out") ? "w" : "rw");
	printf("polling\n");
	n = poll(&pfd, 1, ms);
	if (n < 0)
		return fail();
	if (n == 0) {
		printf("timeout\n");
		return 0;
	}
	printf("%s%s%s\n", pfd.revents & POLLIN ? "POLLIN" : "",
	       (pfd.revents & POLLIN) && (pfd.revents & POLLOUT) ? " " : "",
	       pfd.revents & POLLOUT ? "POLLOUT" : "");
	return 0;
}

/* Each: the command, whether VALUE goes by pointer (1) or by value (0), and what is printed. */
static const struct ioctl_cmd {
	const char *name;
	unsigned long cmd;
	enum { BY_NONE, BY_PTR_IN, BY_PTR_OUT, BY_PTR_INOUT, BY_VALUE } how;
	int print_result;
} ioctl_cmds[] = {
	{ "reset", MEMDEV_IOCRESET, BY_NONE, 0 },
	{ "set", MEMDEV_IOCSBLOCK, BY_PTR_IN, 0 },
	{ "tell", MEMDEV_IOCTBLOCK, BY_VALUE, 0 },
	{ "get", MEMDEV_IOCGBLOCK, BY_PTR_OUT, 0 },
	{ "query", MEMDEV_IOCQBLOCK, BY_NONE, 1 },
	{ "xchg", MEMDEV_IOCXBLOCK, BY_PTR_INOUT, 0 },
	{ "shift", MEMDEV_IOCHBLOCK, BY_VALUE, 1 },
	{ "blocks", MEMDEV_IOCQBLOCKS, BY_NONE, 1 },
	{ "devblock", MEMDEV_IOCQDEVBLOCK, BY_NONE, 1 },
	{ "badmagic", _IO('z', 4), BY_NONE, 1 },
	{ "badnr", _IO(MEMDEV_IOC_MAGIC, MEMDEV_IOC_MAXNR + 1), BY_NONE, 1 },
};

static int cmd_ioctl(const char *path, const char *name, const char *value)
{
	int fd = open_mode(path, "r"), v = value ? atoi(value) : 0;
	const struct ioctl_cmd *c = NULL;
	long r;

	if (!strcmp(name, "get-bad")) {
		r = ioctl(fd, MEMDEV_IOCGBLOCK, unmapped_address());
		return r < 0 ? fail() : 0;
	}
	for (size_t i = 0; i < sizeof(ioctl_cmds) / sizeof(ioctl_cmds[0]); i++)
		if (!strcmp(ioctl_cmds[i].name, name))
			c = &ioctl_cmds[i];
	if (!c)
		return 2;
	if (c->how == BY_VALUE)
		r = ioctl(fd, c->cmd, (unsigned long)v);
	else if (c->how == BY_NONE)
		r = ioctl(fd, c->cmd);
	else
		r = ioctl(fd, c->cmd, &v);
	if (r < 0)
		return fail();
	if (c->print_result)
		printf("%ld\n", r);
	else if (c->how == BY_PTR_OUT || c->how == BY_PTR_INOUT)
		printf("%d\n", v);
	else
		printf("ok\n");
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "", *path = argc > 2 ? argv[2] : "";
	const char *arg3 = argc > 3 ? argv[3] : NULL, *arg4 = argc > 4 ? argv[4] : NULL;

	client_init();
	if (!strcmp(cmd, "open") && arg3) {
		close(open_mode(path, arg3));
		printf("ok\n");
		return 0;
	}
	if (!strcmp(cmd, "hold") && arg3)
		return cmd_hold(path, arg3);
	if (!strcmp(cmd, "read") && arg3)
		return cmd_read(path, strtoul(arg3, NULL, 0), arg4);
	if (!strcmp(cmd, "write") && arg3)
		return cmd_write(path, arg3, arg4);
	if (!strcmp(cmd, "fill"))
		return cmd_fill(path);
	if (!strcmp(cmd, "poll") && arg4)
		return cmd_poll(path, arg3, atoi(arg4));
	if (!strcmp(cmd, "ioctl") && arg3)
		return cmd_ioctl(path, arg3, arg4);
	if (!strcmp(cmd, "seek"))
		return seek_and_reread(open_mode(path, "r"));
	fprintf(stderr, "usage: client open|hold|read|write|fill|poll|ioctl|seek PATH ...\n");
	return 2;
}
