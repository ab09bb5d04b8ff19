/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-client - one load against a character device, timed.
 *
 *   bench-client [--procs N] read|write|open PATH SIZE COUNT
 *
 * N processes (default 1) each open PATH and make COUNT read(2) or write(2)
 * calls of SIZE bytes, or COUNT open+read(SIZE)+close rounds. A "%d" in PATH
 * becomes the process's index (0..N-1): separate nodes per process. Prints
 * the wall-clock seconds from the first process's start to the last one's
 * end; exits non-zero if any call failed or came back short.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum mode { MODE_READ, MODE_WRITE, MODE_OPEN };

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int open_dev(const char *pattern, int index, int flags)
{
	const char *mark = strstr(pattern, "%d");
	char path[4096];
	int fd;

	if (mark)
		snprintf(path, sizeof(path), "%.*s%d%s", (int)(mark - pattern), pattern, index,
			 mark + 2);
	else
		snprintf(path, sizeof(path), "%s", pattern);
	fd = open(path, flags | O_CLOEXEC);
	if (fd < 0)
		fprintf(stderr, "bench-client: %s: %s\n", path, strerror(errno));
	return fd;
}

/* One call of the load; 0, or -1 after a message. */
static int one_call(enum mode mode, int fd, char *buf, size_t size)
{
	ssize_t r = mode == MODE_WRITE ? write(fd, buf, size) : read(fd, buf, size);

	if (r == (ssize_t)size)
		return 0;
	fprintf(stderr, "bench-client: %s returned %zd of %zu: %s\n",
		mode == MODE_WRITE ? "write" : "read", r, size, r < 0 ? strerror(errno) : "short");
	return -1;
}

static int run_one(enum mode mode, const char *pattern, int index, size_t size, long count)
{
	int flags = mode == MODE_WRITE ? O_WRONLY : O_RDONLY;
	char *buf = calloc(1, size ? size : 1);
	int fd = -1;

	if (!buf)
		return 1;
	if (mode != MODE_OPEN && (fd = open_dev(pattern, index, flags)) < 0)
		return 1;
	for (long i = 0; i < count; i++) {
		if (mode == MODE_OPEN) {
			fd = open_dev(pattern, index, flags);
			if (fd < 0 || one_call(MODE_READ, fd, buf, size) < 0)
				return 1;
			close(fd);
		} else if (one_call(mode, fd, buf, size) < 0) {
			return 1;
		}
	}
	if (mode != MODE_OPEN)
		close(fd);
	free(buf);
	return 0;
}

static void usage(FILE *f, const char *argv0)
{
	fprintf(f, "usage: %s [--procs N] read|write|open PATH SIZE COUNT\n"
		"N processes each make COUNT calls of SIZE bytes on PATH (\"%%d\": the\n"
		"process's index); prints the wall-clock seconds of the whole load.\n", argv0);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "procs", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int procs = 1, c, failed = 0;
	enum mode mode;
	size_t size;
	long count;
	double t0;

	while ((c = getopt_long(argc, argv, "p:h", opts, NULL)) != -1) {
		if (c == 'p') {
			procs = atoi(optarg);
		} else {
			usage(c == 'h' ? stdout : stderr, argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (argc - optind != 4 || procs < 1) {
		usage(stderr, argv[0]);
		return 2;
	}
	if (!strcmp(argv[optind], "read"))
		mode = MODE_READ;
	else if (!strcmp(argv[optind], "write"))
		mode = MODE_WRITE;
	else if (!strcmp(argv[optind], "open"))
		mode = MODE_OPEN;
	else {
		usage(stderr, argv[0]);
		return 2;
	}
	size = strtoul(argv[optind + 2], NULL, 0);
	count = strtol(argv[optind + 3], NULL, 0);

	t0 = now();
	for (int i = 0; i < procs; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(run_one(mode, argv[optind + 1], i, size, count));
		if (pid < 0) {
			perror("bench-client: fork");
			failed = 1;
			break;
		}
	}
	for (int status; wait(&status) > 0;)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	printf("%.6f\n", now() - t0);
	return failed;
}
