/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A client for the device tests: each subcommand does one thing to a node
 * the way any program would (open(2), read(2), ioctl(2), poll(2)) and prints
 * the outcome as a word the tests compare: "ok", a number, or an errno name
 * such as ENXIO. Exit status: 0 when the call succeeded, 1 when it failed
 * with an errno, 2 for bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "tests/client-util.h"
#include "testdev.h"

static int cmd_ioctl(const char *path, const char *what, const char *argv1)
{
	int fd = open_or_fail(path, O_RDWR), v = argv1 ? atoi(argv1) : 0;
	long r;

	if (!strcmp(what, "set")) {
		r = ioctl(fd, TD_SET, &v);
	} else if (!strcmp(what, "get")) {
		r = ioctl(fd, TD_GET, &v);
		if (r == 0)
			printf("%d\n", v);
	} else if (!strcmp(what, "xchg")) {
		r = ioctl(fd, TD_XCHG, &v);
		if (r == 0)
			printf("%d\n", v);
	} else if (!strcmp(what, "add")) {
		r = ioctl(fd, TD_ADD, (unsigned long)v);
		if (r >= 0)
			printf("%ld\n", r);
	} else if (!strcmp(what, "nested")) {
		char buf[64];
		struct td_nested n = { (uintptr_t)buf, 0 };

		snprintf(buf, sizeof(buf), "%s", argv1 ? argv1 : "hello");
		n.len = strlen(buf);
		r = ioctl(fd, TD_NESTED, &n);
		if (r >= 0)
			printf("%s %ld\n", buf, r);
	} else if (!strcmp(what, "nested-bad")) {
		struct td_nested n = { (uintptr_t)unmapped_address(), 8 };

		r = ioctl(fd, TD_NESTED, &n);
	} else if (!strcmp(what, "get-bad")) {
		r = ioctl(fd, TD_GET, unmapped_address());
	} else if (!strcmp(what, "whoami")) {
		struct td_who w;

		r = ioctl(fd, TD_WHOAMI, &w);
		if (r == 0)
			printf("%d %u %u\n", w.pid, w.uid, w.gid);
	} else if (!strcmp(what, "unknown")) {
		r = ioctl(fd, _IO('z', 99));
	} else {
		return 2;
	}
	if (r < 0)
		return fail();
	if (!strcmp(what, "set"))
		printf("ok\n");
	return 0;
}

/* The number a node stands for: st_rdev of a device node, the xattr of a FUSE backend's file. */
static int cmd_devnum(const char *path)
{
	char buf[64];
	struct stat st;
	ssize_t n;

	if (stat(path, &st) < 0)
		return fail();
	if (S_ISCHR(st.st_mode)) {
		printf("%u:%u\n", major(st.st_rdev), minor(st.st_rdev));
		return 0;
	}
	n = getxattr(path, "user.libcdev.dev", buf, sizeof(buf) - 1);
	if (n < 0)
		return fail();
	buf[n] = '\0';
	printf("%s\n", buf);
	return 0;
}

static void on_alarm(int sig)
{
	(void)sig;
}

/*
 * @count blocking reads of an empty pipe, each ended by a timer's signal
 * that comes 1 to 300 microseconds after the read began (then every
 * millisecond, in case it came before the read). Every one must end with
 * EINTR: an interrupt the server lost leaves the read waiting for ever.
 */
static int cmd_read_interrupts(const char *path, int count)
{
	struct sigaction sa = { .sa_handler = on_alarm }; /* no SA_RESTART */
	int fd = open_or_fail(path, O_RDONLY), done;
	char c;

	sigaction(SIGALRM, &sa, NULL);
	for (done = 0; done < count; done++) {
		struct itimerval t = { { 0, 1000 }, { 0, 1 + (done * 37) % 300 } };

		setitimer(ITIMER_REAL, &t, NULL);
		if (read(fd, &c, 1) >= 0 || errno != EINTR)
			break;
	}
	setitimer(ITIMER_REAL, &(struct itimerval){ 0 }, NULL);
	printf("interrupted %d\n", done);
	fflush(stdout);
	return done == count ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "", *path = argc > 2 ? argv[2] : "";
	char buf[4096];
	ssize_t n;
	int fd;

	client_init();
	if (!strcmp(cmd, "open")) {
		/* open, say so, and keep it open for argv[3] seconds */
		fd = open_or_fail(path, O_RDWR);
		printf("ok\n");
		if (argc > 3)
			sleep(atoi(argv[3]));
		return close(fd) ? fail() : 0;
	}
	if (!strcmp(cmd, "hold-rw")) {
		/* open, wait for a line on stdin, then write and read back through the same file */
		fd = open_or_fail(path, O_RDWR);
		printf("opened\n");
		if (!fgets(buf, sizeof(buf), stdin))
			return 2;
		if (write(fd, "after", 5) != 5)
			return fail();
		if (read(fd, buf, sizeof(buf)) < 0)
			return fail();
		printf("ok\n");
		return 0;
	}
	if (!strcmp(cmd, "devnum"))
		return cmd_devnum(path);
	if (!strcmp(cmd, "ioctl") && argc > 3)
		return cmd_ioctl(path, argv[3], argc > 4 ? argv[4] : NULL);
	if (!strcmp(cmd, "read-block")) {
		fd = open_or_fail(path, O_RDONLY);
		printf("blocking\n");
		n = read(fd, buf, sizeof(buf) - 1);
		if (n < 0)
			return fail();
		buf[n] = '\0';
		printf("read %s\n", buf);
		return 0;
	}
	if (!strcmp(cmd, "read-interrupts") && argc > 3)
		return cmd_read_interrupts(path, atoi(argv[3]));
	if (!strcmp(cmd, "read-nonblock")) {
		fd = open_or_fail(path, O_RDONLY | O_NONBLOCK);
		n = read(fd, buf, sizeof(buf));
		if (n < 0)
			return fail();
		printf("read %zd\n", n);
		return 0;
	}
	if (!strcmp(cmd, "poll") && argc > 3) {
		struct pollfd pfd;

		fd = open_or_fail(path, O_RDONLY);
		pfd = (struct pollfd){ .fd = fd, .events = POLLIN };
		printf("polling\n");
		n = poll(&pfd, 1, atoi(argv[3]));
		if (n < 0)
			return fail();
		printf(n == 0 ? "timeout\n" : (pfd.revents & POLLIN) ? "POLLIN\n" : "other\n");
		return 0;
	}
	if (!strcmp(cmd, "lseek"))
		return seek_and_reread(open_or_fail(path, O_RDONLY));
	fprintf(stderr,
		"usage: cdev-client open|hold-rw|ioctl|read-block|read-interrupts|read-nonblock|poll|"
		"lseek|devnum DEV ...\n");
	return 2;
}
