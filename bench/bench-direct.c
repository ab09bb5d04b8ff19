/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-direct - the direct backend's dispatch cost per call.
 *
 *   bench-direct [--calls N] [--repeat R] [--size BYTES]
 *
 * One cdev whose read returns the count (it touches no byte, so what is
 * timed is the dispatch alone). Times N calls of cdev_direct_read() on an
 * open file, and N calls of the driver's fops->read on the same file made as
 * a plain call through a function pointer: the floor, what a call costs with
 * no dispatcher. R runs of each, alternating which goes first; prints the
 * medians in nanoseconds per call and their ratio direct/plain.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libcdev/libcdev.h>

typedef ssize_t (*read_fn)(struct file *, char __user *, size_t, loff_t *);

static ssize_t count_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)ppos;
	return count;
}

static const struct file_operations count_fops = {
	.owner = THIS_MODULE,
	.read = count_read,
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Nanoseconds per cdev_direct_read() of @size bytes; negative after a failed call. */
static double time_direct(struct file *filp, char *buf, size_t size, long calls)
{
	double t0 = now_ns();

	for (long i = 0; i < calls; i++) {
		if (cdev_direct_read(filp, buf, size) != (ssize_t)size)
			return -1;
	}
	return (now_ns() - t0) / calls;
}

/* The same calls straight to the driver: volatile, so the call is not inlined away. */
static double time_plain(struct file *filp, char *buf, size_t size, long calls)
{
	read_fn volatile fn = filp->f_op->read;
	loff_t pos = filp->f_pos;
	double t0 = now_ns();

	for (long i = 0; i < calls; i++) {
		if (fn(filp, buf, size, &pos) != (ssize_t)size)
			return -1;
	}
	return (now_ns() - t0) / calls;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* R runs of each, alternating; prints the line. 0, or 1 after a message. */
static int measure(struct file *filp, size_t size, long calls, int repeat)
{
	double *direct = calloc(repeat, sizeof(double)), *plain = calloc(repeat, sizeof(double));
	char *buf = malloc(size ? size : 1);
	double d, p;
	int err = 1;

	if (!direct || !plain || !buf)
		goto out;
	for (int r = 0; r < repeat; r++) {
		if (r % 2) {
			plain[r] = time_plain(filp, buf, size, calls);
			direct[r] = time_direct(filp, buf, size, calls);
		} else {
			direct[r] = time_direct(filp, buf, size, calls);
			plain[r] = time_plain(filp, buf, size, calls);
		}
		if (direct[r] < 0 || plain[r] < 0) {
			fprintf(stderr, "bench-direct: a read did not return %zu\n", size);
			goto out;
		}
	}
	d = median(direct, repeat);
	p = median(plain, repeat);
	printf("direct backend, read %zu B x %ld, median of %d: cdev_direct_read %.1f ns/call, "
	       "fops->read %.1f ns/call, direct/plain %.1f\n",
	       size, calls, repeat, d, p, d / p);
	err = 0;
out:
	free(direct);
	free(plain);
	free(buf);
	return err;
}

static void usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--calls N] [--repeat R] [--size BYTES]\n"
		"Nanoseconds per cdev_direct_read() against a plain call of the driver's read\n"
		"(defaults: 1000000 calls, 5 runs, 1 byte).\n",
		argv0);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "calls", required_argument, NULL, 'n' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "size", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	long calls = 1000000, repeat = 5, size = 1;
	struct file *filp;
	struct cdev cdev;
	dev_t dev;
	int c, err;

	while ((c = getopt_long(argc, argv, "n:r:s:h", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			calls = strtol(optarg, NULL, 0);
			break;
		case 'r':
			repeat = strtol(optarg, NULL, 0);
			break;
		case 's':
			size = strtol(optarg, NULL, 0);
			break;
		default:
			usage(c == 'h' ? stdout : stderr, argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (calls < 1 || repeat < 1 || repeat > 1000 || size < 0 || optind != argc) {
		usage(stderr, argv[0]);
		return 2;
	}
	err = alloc_chrdev_region(&dev, 0, 1, "libcdev-bench-direct");
	if (err)
		goto out;
	cdev_init(&cdev, &count_fops);
	cdev.owner = THIS_MODULE;
	err = cdev_add(&cdev, dev, 1);
	if (err)
		goto out_region;
	err = cdev_direct_open(dev, O_RDONLY, &filp);
	if (err)
		goto out_cdev;
	err = measure(filp, size, calls, repeat) ? -EIO : 0;
	cdev_direct_release(filp);
out_cdev:
	cdev_del(&cdev);
out_region:
	unregister_chrdev_region(dev, 1);
out:
	if (err && err != -EIO)
		fprintf(stderr, "bench-direct: %s\n", strerror(-err));
	return err ? 1 : 0;
}
