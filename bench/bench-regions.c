/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-regions - the cost of the region allocator as regions pile up.
 *
 *   bench-regions [--ops N] COUNT...
 *
 * For each COUNT: reserve COUNT one-minor regions, then time N rounds of
 * alloc_chrdev_region() + unregister_chrdev_region() of one more, and print
 * "COUNT microseconds-per-round". Uses LIBCDEV_REGISTRY when set (point it
 * at a scratch file: the regions are real reservations while it runs).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libcdev/libcdev.h>

#define FIRST_MAJOR	 300
#define MINORS_PER_MAJOR 4096

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static dev_t nth_region(unsigned int i)
{
	return MKDEV(FIRST_MAJOR + i / MINORS_PER_MAJOR, i % MINORS_PER_MAJOR);
}

static void release_first(unsigned int count)
{
	for (unsigned int i = 0; i < count; i++)
		unregister_chrdev_region(nth_region(i), 1);
}

/* Microseconds per alloc+free round with @count regions held; < 0 on error. */
static double measure(unsigned int count, long ops)
{
	double t0, t;
	int err = 0;
	dev_t dev;

	for (unsigned int i = 0; i < count && !err; i++) {
		err = register_chrdev_region(nth_region(i), 1, "bench-held");
		if (err) {
			release_first(i);
			fprintf(stderr, "bench-regions: region %u: %s\n", i, strerror(-err));
			return -1;
		}
	}
	t0 = now();
	for (long i = 0; i < ops && !err; i++) {
		err = alloc_chrdev_region(&dev, 0, 1, "bench-round");
		if (!err)
			unregister_chrdev_region(dev, 1);
	}
	t = now() - t0;
	release_first(count);
	if (err) {
		fprintf(stderr, "bench-regions: alloc_chrdev_region: %s\n", strerror(-err));
		return -1;
	}
	return t / ops * 1e6;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "ops", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	long ops = 1000;
	int c;

	while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		if (c == 'o') {
			ops = strtol(optarg, NULL, 0);
		} else {
			fprintf(c == 'h' ? stdout : stderr,
				"usage: %s [--ops N] COUNT...\nPrints COUNT and the microseconds "
				"of one alloc+unregister round with COUNT regions held.\n",
				argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (optind == argc || ops < 1) {
		fprintf(stderr, "usage: %s [--ops N] COUNT...\n", argv[0]);
		return 2;
	}
	for (int i = optind; i < argc; i++) {
		unsigned int count = strtoul(argv[i], NULL, 0);
		double us = measure(count, ops);

		if (us < 0)
			return 1;
		printf("%u %.3f\n", count, us);
	}
	return 0;
}
