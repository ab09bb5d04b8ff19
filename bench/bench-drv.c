/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-drv - the libcdev side of the benchmark: bench-raw's device written
 * as a driver.
 *
 *   bench-drv [--copy] [--count N] [--prefix P] [--backend cuse|fuse] [--mountpoint DIR]
 *
 * Serves N nodes (default 1) P0 .. P(N-1) (default prefix "bench-cdev") of one
 * cdev: reads give zeros with clear_user(), as the kernel's /dev/zero does
 * (with --copy, with copy_to_user() from a buffer of zeros, as a driver with
 * data of its own must), writes are swallowed whole. Prints "ready" once
 * every node is live; SIGINT or SIGTERM end it.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/libcdev.h>

#define ZEROS_SIZE (128 * 1024)

static const char zeros[ZEROS_SIZE];

static ssize_t zero_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)ppos;
	return clear_user(buf, count) ? -EFAULT : (ssize_t)count;
}

static ssize_t copy_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	size_t done = 0;

	(void)filp, (void)ppos;
	while (done < count) {
		size_t chunk = count - done < ZEROS_SIZE ? count - done : ZEROS_SIZE;

		if (copy_to_user(buf + done, zeros, chunk))
			return done ? (ssize_t)done : -EFAULT;
		done += chunk;
	}
	return done;
}

static ssize_t null_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)ppos;
	return count;
}

static struct file_operations bench_fops = {
	.owner = THIS_MODULE,
	.read = zero_read,
	.write = null_write,
};

static void usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--copy] [--count N] [--prefix P] [--backend cuse|fuse] "
		"[--mountpoint DIR]\n"
		"Serves N zero/null nodes P0 .. P(N-1); prints \"ready\" when they are live.\n"
		"Reads clear_user() (with --copy: copy_to_user() from a buffer of zeros).\n",
		argv0);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "copy", no_argument, NULL, 'C' },
		{ "count", required_argument, NULL, 'c' },
		{ "prefix", required_argument, NULL, 'p' },
		{ "backend", required_argument, NULL, 'b' },
		{ "mountpoint", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prefix = "bench-cdev", *backend = "cuse", *mountpoint = NULL;
	struct class *cls;
	unsigned int count = 1;
	struct cdev cdev;
	sigset_t set;
	dev_t dev;
	int c, err, sig;

	while ((c = getopt_long(argc, argv, "Cc:p:b:M:h", opts, NULL)) != -1) {
		switch (c) {
		case 'C':
			bench_fops.read = copy_read;
			break;
		case 'c':
			count = strtoul(optarg, NULL, 0);
			break;
		case 'p':
			prefix = optarg;
			break;
		case 'b':
			backend = optarg;
			break;
		case 'M':
			mountpoint = optarg;
			break;
		default:
			usage(c == 'h' ? stdout : stderr, argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (count < 1 || optind != argc) {
		usage(stderr, argv[0]);
		return 2;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	err = libcdev_backend_set_mountpoint(mountpoint);
	if (!err)
		err = libcdev_backend_select(backend);
	if (!err)
		err = alloc_chrdev_region(&dev, 0, count, "libcdev-bench");
	if (err) {
		fprintf(stderr, "bench-drv: %s\n", strerror(-err));
		return 1;
	}
	cls = class_create("libcdev-bench");
	if (IS_ERR(cls)) {
		err = PTR_ERR(cls);
		goto out_region;
	}
	for (unsigned int i = 0; i < count && !err; i++) {
		struct device *d = device_create(cls, NULL, dev + i, NULL, "%s%u", prefix, i);

		if (IS_ERR(d))
			err = PTR_ERR(d);
	}
	if (err)
		goto out_class;
	cdev_init(&cdev, &bench_fops);
	cdev.owner = THIS_MODULE;
	err = cdev_add(&cdev, dev, count);
	if (err)
		goto out_class;
	printf("ready\n");
	fflush(stdout);
	sigwait(&set, &sig);
	cdev_del(&cdev);
out_class:
	for (unsigned int i = 0; i < count; i++)
		device_destroy(cls, dev + i);
	class_destroy(cls);
out_region:
	unregister_chrdev_region(dev, count);
	if (err)
		fprintf(stderr, "bench-drv: %s\n", strerror(-err));
	return err ? 1 : 0;
}
