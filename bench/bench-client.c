/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-client - one load against character devices, timed.
 *
 *   bench-client [--procs N] [--wall] read|write|open PATH[,PATH...] SIZE COUNT
 *
 * N processes (default 1) each open every PATH and make COUNT read(2) or
 * write(2) calls of SIZE bytes on each, or COUNT open+read(SIZE)+close
 * rounds. A "%d" in PATH becomes the process's index (0..N-1): separate
 * nodes per process.
 *
 * With several PATHs, a process takes them in turn, one call each, first to
 * last and again: so every device is measured at the same moments as the
 * others, and what slows the machine for a while (under an emulator, the
 * host) slows them alike. Each call comes after a call to the device before
 * it in the list (the first after the last), never after one to its own
 * device, whose server would still be warm (its thread on the CPU, its
 * memory in the caches). A call's time runs from the end of the call before
 * to its own end: one clock read per call.
 *
 * Prints one line per PATH: the seconds its calls took, summed over the
 * processes and divided by N (with one PATH and one process, the load's
 * time). Exits non-zero if any call failed or came back short.
 *
 * With --wall (one PATH), the processes are a group of independent clients
 * with requests in flight on one server at once: each opens its device and
 * waits at a start line, and the one line printed is the wall time from the
 * start to the end of the last process.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dev-path.h"

enum mode { MODE_READ, MODE_WRITE, MODE_OPEN };

#define MAX_PATHS 8

struct load {
	enum mode mode;
	const char *paths[MAX_PATHS];
	int nr_paths;
	size_t size;
	long count;
	double *seconds; /* [process][path], shared with the processes */
	int ready[2];	 /* --wall: a byte from each process once its devices are open */
	int start[2];	 /* --wall: closed by the parent, the start for all at once */
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int open_dev(const char *pattern, int index, int flags)
{
	char path[4096];
	int fd;

	dev_path(path, sizeof(path), pattern, index);
	fd = open(path, flags | O_CLOEXEC);
	if (fd < 0)
		fprintf(stderr, "bench-client: %s: %s\n", path, strerror(errno));
	return fd;
}

/* One read or write of the load; 0, or -1 after a message. */
static int one_call(enum mode mode, int fd, char *buf, size_t size)
{
	ssize_t r = mode == MODE_WRITE ? write(fd, buf, size) : read(fd, buf, size);

	if (r == (ssize_t)size)
		return 0;
	fprintf(stderr, "bench-client: %s returned %zd of %zu: %s\n",
		mode == MODE_WRITE ? "write" : "read", r, size, r < 0 ? strerror(errno) : "short");
	return -1;
}

/* One round of an open load: open, read, close. */
static int one_round(const char *pattern, int index, char *buf, size_t size)
{
	int fd = open_dev(pattern, index, O_RDONLY), err;

	if (fd < 0)
		return -1;
	err = one_call(MODE_READ, fd, buf, size);
	close(fd);
	return err;
}

/* --wall: tell the parent this process is ready, and wait for the start. */
static int wait_for_start(const struct load *l)
{
	char byte = 0;

	int ok;

	close(l->start[1]);
	/* Closed once written: a process that failed before makes no wait for ever. */
	ok = write(l->ready[1], &byte, 1) == 1;
	close(l->ready[1]);
	if (!ok || read(l->start[0], &byte, 1) != 0) {
		perror("bench-client: start line");
		return -1;
	}
	return 0;
}

/* Process @index's part of @l; its times in l->seconds[index * l->nr_paths + path]. */
static int run_one(const struct load *l, int index)
{
	int flags = l->mode == MODE_WRITE ? O_WRONLY : O_RDONLY, fds[MAX_PATHS];
	double *seconds = l->seconds + (size_t)index * l->nr_paths, t0, t1;
	char *buf = calloc(1, l->size ? l->size : 1);

	if (!buf)
		return 1;
	for (int p = 0; p < l->nr_paths; p++)
		if (l->mode != MODE_OPEN && (fds[p] = open_dev(l->paths[p], index, flags)) < 0)
			return 1;
	if (l->ready[1] >= 0 && wait_for_start(l))
		return 1;
	t0 = now();
	for (long i = 0; i < l->count * l->nr_paths; i++) {
		int p = i % l->nr_paths;
		int err = l->mode == MODE_OPEN ? one_round(l->paths[p], index, buf, l->size) :
						 one_call(l->mode, fds[p], buf, l->size);

		if (err)
			return 1;
		t1 = now();
		seconds[p] += t1 - t0;
		t0 = t1;
	}
	for (int p = 0; l->mode != MODE_OPEN && p < l->nr_paths; p++)
		close(fds[p]);
	free(buf);
	return 0;
}

static void usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--procs N] [--wall] read|write|open PATH[,PATH...] SIZE COUNT\n"
		"N processes each make COUNT calls of SIZE bytes on every PATH (\"%%d\": the\n"
		"process's index), taking the PATHs in turn; prints the seconds of each\n"
		"PATH's calls, one line each (summed over the processes, divided by N).\n"
		"--wall (one PATH): the processes start at once; prints the wall time from\n"
		"the start to the end of the last one.\n",
		argv0);
}

/* Split @list at its commas into l->paths; 0, or -1 when there are too many. */
static int parse_paths(struct load *l, char *list)
{
	for (char *save = NULL, *p = strtok_r(list, ",", &save); p;
	     p = strtok_r(NULL, ",", &save)) {
		if (l->nr_paths == MAX_PATHS)
			return -1;
		l->paths[l->nr_paths++] = p;
	}
	return l->nr_paths ? 0 : -1;
}

static int parse_mode(struct load *l, const char *word)
{
	static const char *const names[] = {
		[MODE_READ] = "read", [MODE_WRITE] = "write", [MODE_OPEN] = "open"
	};

	for (int m = MODE_READ; m <= MODE_OPEN; m++)
		if (!strcmp(word, names[m])) {
			l->mode = m;
			return 0;
		}
	return -1;
}

/*
 * --wall: wait until all @procs processes are ready, start them at once and
 * return the start time; a negative time when a process never got ready.
 */
static double start_group(struct load *l, int procs)
{
	double t0 = -1;
	char byte;
	int n = 0;

	close(l->ready[1]);
	close(l->start[0]);
	while (n < procs && read(l->ready[0], &byte, 1) == 1)
		n++;
	if (n == procs)
		t0 = now();
	close(l->start[1]);
	close(l->ready[0]);
	return t0;
}

/*
 * Run @procs processes of @l and wait for them; 0 when every call succeeded.
 * With --wall, *@wall is the group's wall time.
 */
static int run_procs(struct load *l, int procs, double *wall)
{
	int failed = 0, forked = 0;
	double t0 = 0;

	for (int i = 0; i < procs; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(run_one(l, i));
		if (pid < 0) {
			perror("bench-client: fork");
			failed = 1;
			break;
		}
		forked++;
	}
	if (l->ready[1] >= 0 && (t0 = start_group(l, forked)) < 0)
		failed = 1;
	for (int status; wait(&status) > 0;)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	*wall = now() - t0;
	return failed;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "procs", required_argument, NULL, 'p' },
		{ "wall", no_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct load l = { .ready = { -1, -1 }, .start = { -1, -1 } };
	int procs = 1, c, failed;
	bool wall = false;
	double wall_seconds;
	char *end;

	while ((c = getopt_long(argc, argv, "p:wh", opts, NULL)) != -1) {
		if (c == 'p') {
			procs = atoi(optarg);
		} else if (c == 'w') {
			wall = true;
		} else {
			usage(c == 'h' ? stdout : stderr, argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (argc - optind != 4 || procs < 1 || parse_mode(&l, argv[optind]) ||
	    parse_paths(&l, argv[optind + 1]) || (wall && l.nr_paths != 1)) {
		usage(stderr, argv[0]);
		return 2;
	}
	l.size = strtoul(argv[optind + 2], &end, 0);
	if (*end) {
		fprintf(stderr, "bench-client: bad size: %s\n", argv[optind + 2]);
		return 2;
	}
	l.count = strtol(argv[optind + 3], &end, 0);
	if (*end || l.count < 0) {
		fprintf(stderr, "bench-client: bad count: %s\n", argv[optind + 3]);
		return 2;
	}
	l.seconds = mmap(NULL, sizeof(double) * procs * l.nr_paths, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (l.seconds == MAP_FAILED) {
		perror("bench-client: mmap");
		return 1;
	}
	if (wall && (pipe2(l.ready, O_CLOEXEC) || pipe2(l.start, O_CLOEXEC))) {
		perror("bench-client: pipe");
		return 1;
	}
	failed = run_procs(&l, procs, &wall_seconds);
	if (wall) {
		if (!failed)
			printf("%.6f\n", wall_seconds);
		return failed;
	}
	for (int p = 0; p < l.nr_paths; p++) {
		double sum = 0;

		for (int i = 0; i < procs; i++)
			sum += l.seconds[i * l.nr_paths + p];
		printf("%.6f\n", sum / procs);
	}
	return failed;
}
