/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The libcdev side of the ioctl benchmark: /dev/bench-ioctl/libcdev, whose
 * BENCH_IOC_INC reads 64 bytes with copy_from_user() and writes them back
 * incremented with copy_to_user(), as a kernel driver would. Prints "ready"
 * once the node is live; SIGINT/SIGTERM stop it.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <libcdev/libcdev.h>

#include "ioctl-bench.h"

static struct cdev bench_cdev;

static long bench_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct bench_blob x;

	(void)filp;
	if (cmd != BENCH_IOC_INC)
		return -ENOTTY;
	if (copy_from_user(&x, (void __user *)arg, sizeof(x)))
		return -EFAULT;
	bench_blob_inc(&x);
	return copy_to_user((void __user *)arg, &x, sizeof(x)) ? -EFAULT : 0;
}

static const struct file_operations bench_fops = {
	.owner = THIS_MODULE,
	.open = nonseekable_open,
	.unlocked_ioctl = bench_ioctl,
	.llseek = no_llseek,
};

int main(int argc, char **argv)
{
	sigset_t set;
	dev_t dev;
	int err, sig;

	if (argc > 1) {
		printf("usage: %s\nserves /dev/bench-ioctl/libcdev for ioctl-bench\n", argv[0]);
		return strcmp(argv[1], "--help") ? 2 : 0;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	err = libcdev_backend_select("cuse");
	if (!err)
		err = alloc_chrdev_region(&dev, 0, 1, "bench-ioctl");
	if (err) {
		fprintf(stderr, "ioctl-drv: %s\n", strerror(-err));
		return 1;
	}
	cdev_init(&bench_cdev, &bench_fops);
	kobject_set_name(&bench_cdev.kobj, "bench-ioctl/libcdev");
	err = cdev_add(&bench_cdev, dev, 1);
	if (err) {
		fprintf(stderr, "ioctl-drv: cdev_add: %s\n", strerror(-err));
		unregister_chrdev_region(dev, 1);
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	sigwait(&set, &sig);
	cdev_del(&bench_cdev);
	unregister_chrdev_region(dev, 1);
	return 0;
}
