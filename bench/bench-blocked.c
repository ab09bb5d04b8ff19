/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-blocked - many callers blocked in read(2) on character devices.
 *
 *   bench-blocked N PATH [NODES]
 *
 * Starts N threads; thread i opens PATH (a "%d" in it becomes i % NODES,
 * for callers spread over NODES nodes) and reads one byte, blocking until a
 * writer comes. Prints "opened N" once every thread has its file open and
 * is about to read, then waits for a line on stdin; then, for each node,
 * writes as many bytes as it has readers (blocking writes, as the device's
 * buffer allows), and waits for every reader. Prints "N readers woke with
 * their byte" and exits 0 when each read returned exactly one byte 'x';
 * exits 1 after a message otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "dev-path.h"

struct caller {
	pthread_t thread;
	const char *pattern;
	int node;
	int result; /* 0: got its byte */
};

static atomic_int nr_opened, nr_failed;

static void *caller_main(void *arg)
{
	struct caller *c = arg;
	char path[4096], byte = 0;
	ssize_t r;
	int fd;

	dev_path(path, sizeof(path), c->pattern, c->node);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "bench-blocked: %s: %s\n", path, strerror(errno));
		atomic_fetch_add(&nr_failed, 1);
		c->result = -1;
		return NULL;
	}
	atomic_fetch_add(&nr_opened, 1);
	r = read(fd, &byte, 1);
	if (r != 1 || byte != 'x') {
		fprintf(stderr, "bench-blocked: read of %s returned %zd: %s\n", path, r,
			r < 0 ? strerror(errno) : "not one byte 'x'");
		c->result = -1;
	}
	close(fd);
	return NULL;
}

/* One descriptor per caller, and the writer's: the soft limit up to the hard one. */
static int raise_nofile(long want)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return -1;
	if (rl.rlim_cur != RLIM_INFINITY && (long)rl.rlim_cur < want) {
		bool room = rl.rlim_max == RLIM_INFINITY || (long)rl.rlim_max > want;

		rl.rlim_cur = room ? (rlim_t)want : rl.rlim_max;
		if (setrlimit(RLIMIT_NOFILE, &rl))
			return -1;
	}
	return rl.rlim_cur == RLIM_INFINITY || (long)rl.rlim_cur >= want ? 0 : -1;
}

/* Write @count bytes 'x' to @node of @pattern, blocking while it is full. */
static int feed_node(const char *pattern, int node, long count)
{
	char path[4096], buf[4096];
	int fd;

	memset(buf, 'x', sizeof(buf));
	dev_path(path, sizeof(path), pattern, node);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "bench-blocked: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (count > 0) {
		ssize_t w = write(fd, buf, count < (long)sizeof(buf) ? (size_t)count : sizeof(buf));

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			fprintf(stderr, "bench-blocked: write to %s: %s\n", path,
				w < 0 ? strerror(errno) : "wrote nothing");
			close(fd);
			return -1;
		}
		count -= w;
	}
	close(fd);
	return 0;
}

static int start_callers(struct caller *callers, long n, const char *pattern, int nodes)
{
	pthread_attr_t attr;
	int err;

	/* The client's threads are not what is measured: small stacks keep it light. */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	for (long i = 0; i < n; i++) {
		callers[i].pattern = pattern;
		callers[i].node = (int)(i % nodes);
		err = pthread_create(&callers[i].thread, &attr, caller_main, &callers[i]);
		if (err) {
			fprintf(stderr, "bench-blocked: thread %ld: %s\n", i, strerror(err));
			pthread_attr_destroy(&attr);
			return -1;
		}
	}
	pthread_attr_destroy(&attr);
	return 0;
}

int main(int argc, char **argv)
{
	struct caller *callers;
	long n, woke = 0;
	int nodes = 1, failed = 0;
	char line[64];

	if (argc == 2 && !strcmp(argv[1], "--help")) {
		printf("usage: %s N PATH [NODES]\n"
		       "N threads each open PATH (\"%%d\": the thread's index modulo NODES) and\n"
		       "read one byte; \"opened N\" once all are open, then a line on stdin makes\n"
		       "it write their bytes, and it waits until each reader has its byte.\n",
		       argv[0]);
		return 0;
	}
	if (argc < 3 || argc > 4 || (n = atol(argv[1])) < 1 ||
	    (argc == 4 && (nodes = atoi(argv[3])) < 1)) {
		fprintf(stderr, "usage: %s N PATH [NODES]\n", argv[0]);
		return 2;
	}
	if (raise_nofile(n + 64)) {
		fprintf(stderr, "bench-blocked: cannot have %ld files open (RLIMIT_NOFILE)\n",
			n + 64);
		return 1;
	}
	callers = calloc(n, sizeof(*callers));
	if (!callers || start_callers(callers, n, argv[2], nodes))
		return 1;
	while (atomic_load(&nr_opened) + atomic_load(&nr_failed) < n)
		usleep(10000);
	if (atomic_load(&nr_failed))
		return 1;
	printf("opened %ld\n", n);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		return 1;
	for (int node = 0; node < nodes && !failed; node++)
		failed = feed_node(argv[2], node, n / nodes + (node < n % nodes)) < 0;
	if (failed)
		return 1; /* the readers still blocked end with the process */
	for (long i = 0; i < n; i++) {
		pthread_join(callers[i].thread, NULL);
		woke += callers[i].result == 0;
	}
	if (woke != n) {
		fprintf(stderr, "bench-blocked: %ld of %ld readers got their byte\n", woke, n);
		return 1;
	}
	printf("%ld readers woke with their byte\n", n);
	return 0;
}
