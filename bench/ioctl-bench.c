/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The client of the ioctl benchmark: N calls of BENCH_IOC_INC (a 64-byte
 * struct in and out) on DEV, each result checked; prints the mean time per
 * call in nanoseconds.
 * Usage: ioctl-bench DEV N
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ioctl-bench.h"

int main(int argc, char **argv)
{
	struct bench_blob x = { { 0 } };
	struct timespec a, b;
	long n;
	int fd;

	if (argc != 3) {
		printf("usage: %s DEV N\nN ioctls of 64 bytes in and out; prints ns per call\n",
		       argv[0]);
		return argc == 2 && !strcmp(argv[1], "--help") ? 0 : 2;
	}
	n = strtol(argv[2], NULL, 0);
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (long i = 0; i < n; i++) {
		if (ioctl(fd, BENCH_IOC_INC, &x) < 0) {
			perror("ioctl");
			return 1;
		}
		if (x.b[0] != (unsigned char)(i + 1) || x.b[63] != x.b[0]) {
			fprintf(stderr, "ioctl-bench: wrong result at call %ld\n", i);
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.0f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
	close(fd);
	return 0;
}
