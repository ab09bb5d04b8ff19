/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The clients of tests/cuse/robust.bats.
 *
 *   stress-client stress NODE SECONDS PROCS
 *	PROCS processes open, write, read, ioctl, poll and close NODE over and
 *	over for SECONDS. A node being deleted and added again may make open()
 *	fail with ENOENT or ENXIO, and through CUSE with ENODEV, ECONNABORTED or ENOTCONN
 *	(README, "Limits of CUSE"); any other failure, of open() or of an
 *	operation on an open file, is not one a client may see. Prints the
 *	counts; exit status 0 when there were operations and only those errors.
 *   stress-client stress-until-gone NODE SECONDS PROCS
 *	The same loop against a node that goes for good (its driver killed):
 *	each process stops at its first failure of any kind, so SECONDS can be
 *	long enough to be sure the node goes while they run. Exit status 0 when
 *	every process ended on a failure before SECONDS: none hung or went on.
 *   stress-client read NODE
 *	One blocking read(): prints "ok N" or the errno's name; exit 0 or 1.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/client-util.h"
#include "stress-dev.h"

#define MAX_PROCS 64

enum op { OP_OPEN, OP_WRITE, OP_READ, OP_IOCTL, OP_POLL, OP_CLOSE, OP_COUNT };

static const char *const op_names[OP_COUNT] = {
	"open", "write", "read", "ioctl", "poll", "close",
};

struct counts {
	unsigned long ops;
	unsigned long open_gone[5]; /* ENOENT, ENXIO, ENODEV, ECONNABORTED, ENOTCONN */
	unsigned long unexpected;
	int first_op, first_errno; /* the first unexpected failure */
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void failed(struct counts *c, enum op op)
{
	if (!c->unexpected++) {
		c->first_op = op;
		c->first_errno = errno;
	}
}

static bool open_gone(struct counts *c)
{
	static const int gone[5] = { ENOENT, ENXIO, ENODEV, ECONNABORTED, ENOTCONN };

	for (int i = 0; i < 5; i++)
		if (errno == gone[i]) {
			c->open_gone[i]++;
			return true;
		}
	return false;
}

/* One round on an open file: every call must succeed. */
static void one_round(struct counts *c, int fd, int i)
{
	char buf[16];
	struct pollfd pfd = { .fd = fd, .events = POLLIN | POLLOUT };
	int v = i;

	if (write(fd, "stress", 6) != 6)
		failed(c, OP_WRITE);
	if (read(fd, buf, sizeof(buf)) != sizeof(buf))
		failed(c, OP_READ);
	if (ioctl(fd, STRESS_XCHG, &v) != 0)
		failed(c, OP_IOCTL);
	if (poll(&pfd, 1, 0) != 1)
		failed(c, OP_POLL);
	c->ops += 4;
}

static bool until_gone;

static unsigned long failures(const struct counts *c)
{
	unsigned long n = c->unexpected;

	for (int k = 0; k < 5; k++)
		n += c->open_gone[k];
	return n;
}

static void stress_child(const char *node, double deadline, int out)
{
	struct counts c = { .first_op = -1 };

	for (int i = 0; now() < deadline && !(until_gone && failures(&c)); i++) {
		int fd = open(node, O_RDWR);

		c.ops++;
		if (fd < 0) {
			if (!open_gone(&c))
				failed(&c, OP_OPEN);
			usleep(1000); /* the node is being added again */
			continue;
		}
		one_round(&c, fd, i);
		c.ops++;
		if (close(fd) != 0)
			failed(&c, OP_CLOSE);
	}
	if (write(out, &c, sizeof(c)) != sizeof(c))
		_exit(3);
	_exit(until_gone && !failures(&c) ? 4 : 0); /* 4: the node never went */
}

static int collect(int procs, int in, pid_t *pids)
{
	struct counts sum = { 0 }, c;
	int status, crashed = 0;

	for (int i = 0; i < procs; i++) {
		if (read(in, &c, sizeof(c)) != sizeof(c))
			break;
		sum.ops += c.ops;
		for (int k = 0; k < 5; k++)
			sum.open_gone[k] += c.open_gone[k];
		if (c.unexpected && !sum.unexpected)
			fprintf(stderr, "stress-client: %s failed with %s\n", op_names[c.first_op],
				errname(c.first_errno));
		sum.unexpected += c.unexpected;
	}
	for (int i = 0; i < procs; i++)
		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
			crashed++;
	printf("ops %lu open ENOENT %lu ENXIO %lu ENODEV %lu ECONNABORTED %lu ENOTCONN %lu "
	       "unexpected %lu clients-failed %d\n",
	       sum.ops, sum.open_gone[0], sum.open_gone[1], sum.open_gone[2], sum.open_gone[3],
	       sum.open_gone[4], sum.unexpected, crashed);
	return sum.ops && (until_gone || !sum.unexpected) && !crashed ? 0 : 1;
}

static int cmd_stress(const char *node, double seconds, int procs)
{
	pid_t pids[MAX_PROCS];
	double deadline = now() + seconds;
	int fds[2];

	if (procs < 1 || procs > MAX_PROCS || seconds <= 0)
		return 2;
	if (pipe(fds))
		return 2;
	for (int i = 0; i < procs; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			return 2;
		if (pids[i] == 0) {
			close(fds[0]);
			stress_child(node, deadline, fds[1]);
		}
	}
	close(fds[1]);
	return collect(procs, fds[0], pids);
}

static int cmd_read(const char *node)
{
	char buf[16];
	int fd = open_or_fail(node, O_RDONLY);
	ssize_t n;

	printf("reading\n");
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return fail();
	printf("ok %zd\n", n);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "stress"))
		return cmd_stress(argv[2], atof(argv[3]), atoi(argv[4]));
	if (argc == 5 && !strcmp(argv[1], "stress-until-gone")) {
		until_gone = true;
		return cmd_stress(argv[2], atof(argv[3]), atoi(argv[4]));
	}
	if (argc == 3 && !strcmp(argv[1], "read")) {
		client_init();
		return cmd_read(argv[2]);
	}
	fprintf(stderr, "usage: stress-client stress|stress-until-gone NODE SECONDS PROCS | "
			"read NODE\n");
	return 2;
}
