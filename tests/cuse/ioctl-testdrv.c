/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A driver for the ioctl device tests (ioctl.bats): one node, PREFIX/ioctl,
 * whose commands (ioctl-dev.h) use arg as kernel drivers do, as a number or
 * as a pointer, and print on stdout what their accesses to the caller gave.
 * It prints "ready MAJ:MIN" once the node is live; SIGINT/SIGTERM stop it.
 * Options: --backend cuse|fuse|auto, --mountpoint DIR, --prefix P.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/libcdev.h>

#include "ioctl-dev.h"

#define STR_MAX 64

static struct cdev it_cdev;
static DECLARE_WAIT_QUEUE_HEAD(it_wq);
static unsigned long last_arg;
static int pair_waiting, pair_go, late_go;

static int flag(int *f)
{
	return __atomic_load_n(f, __ATOMIC_ACQUIRE);
}

static void set_flag(int *f, int v)
{
	__atomic_store_n(f, v, __ATOMIC_RELEASE);
	wake_up_all(&it_wq);
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* "give me byte N of the message", N by value: the driver never touches the caller. */
static long it_value(unsigned long arg)
{
	__atomic_store_n(&last_arg, arg, __ATOMIC_RELEASE);
	return arg < strlen(IT_MSG) ? IT_MSG[arg] : -EINVAL;
}

/* A string read one get_user() at a time, as far as it goes (past _IOC_SIZE). */
static long it_str(const char __user *s)
{
	char buf[STR_MAX];
	long n;
	int err;

	for (n = 0; n < STR_MAX - 1; n++) {
		err = get_user(buf[n], s + n);
		if (err) {
			say("str get_user %d at %ld", err, n);
			return err;
		}
		if (!buf[n])
			break;
	}
	buf[n] = '\0';
	say("str '%s'", buf);
	return n;
}

static long it_strncpy(const char __user *s)
{
	char buf[STR_MAX];
	long n = strncpy_from_user(buf, s, sizeof(buf) - 1);

	if (n < 0) {
		say("strncpy %ld", n);
		return n;
	}
	buf[n] = '\0';
	say("strncpy '%s'", buf);
	return n;
}

static long it_fill(char __user *p)
{
	static const char digits[] = "0123456789ab";

	if (copy_to_user(p, digits, strlen(digits)))
		return -EFAULT;
	return clear_user(p + strlen(digits), 4) ? -EFAULT : 0;
}

/* Writes only .b, after some work (until IT_GO): .a is the caller's alone. */
static long it_pair(struct it_pair __user *p)
{
	long ret;

	set_flag(&pair_waiting, 1);
	ret = wait_event_interruptible(it_wq, flag(&pair_go));
	set_flag(&pair_go, 0);
	set_flag(&pair_waiting, 0);
	if (ret)
		return ret;
	return put_user(99, &p->b);
}

static long it_peek(const uint64_t __user *pp)
{
	uint64_t addr;
	char c;
	int err;

	if (get_user(addr, pp))
		return -EFAULT;
	err = get_user(c, (const char __user *)(uintptr_t)addr);
	return err ? IT_PEEK_ERRBASE - err : c;
}

/* A driver that notices the signal but finishes its work, and writes late. */
static long it_late(int __user *p)
{
	long ret;
	int err;

	say("late waiting");
	ret = wait_event_interruptible(it_wq, flag(&late_go));
	say("late interrupted %ld", ret);
	wait_event(it_wq, flag(&late_go));
	set_flag(&late_go, 0);
	err = put_user(IT_LATE_VALUE, p);
	say("late put_user %d", err);
	return err;
}

static long it_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	(void)filp;
	switch (cmd) {
	case IT_VAL_W:
	case IT_VAL_R:
	case IT_VAL_WR:
	case IT_VAL_IO:
		return it_value(arg);
	case IT_LAST:
		return put_user((uint64_t)__atomic_load_n(&last_arg, __ATOMIC_ACQUIRE),
				(uint64_t __user *)arg);
	case IT_STR:
		return it_str((const char __user *)arg);
	case IT_STRNCPY:
		return it_strncpy((const char __user *)arg);
	case IT_FILL:
		return it_fill((char __user *)arg);
	case IT_PAIR:
		return it_pair((struct it_pair __user *)arg);
	case IT_ENTERED:
		return wait_event_interruptible(it_wq, flag(&pair_waiting));
	case IT_GO:
		set_flag(&pair_go, 1);
		return 0;
	case IT_PEEK:
		return it_peek((const uint64_t __user *)arg);
	case IT_LATE:
		return it_late((int __user *)arg);
	case IT_LATE_GO:
		set_flag(&late_go, 1);
		return 0;
	default:
		return -ENOTTY;
	}
}

static const struct file_operations it_fops = {
	.owner = THIS_MODULE,
	.open = nonseekable_open,
	.unlocked_ioctl = it_ioctl,
	.llseek = no_llseek,
};

static void usage(FILE *f, const char *argv0)
{
	fprintf(f, "usage: %s [--backend cuse|fuse|auto] [--mountpoint DIR] [--prefix P]\n", argv0);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "backend", required_argument, NULL, 'b' },
		{ "mountpoint", required_argument, NULL, 'M' },
		{ "prefix", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prefix = "libcdev-test", *backend = "cuse", *mountpoint = NULL;
	sigset_t set;
	dev_t dev;
	int c, err, sig;

	while ((c = getopt_long(argc, argv, "b:M:p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			backend = optarg;
			break;
		case 'M':
			mountpoint = optarg;
			break;
		case 'p':
			prefix = optarg;
			break;
		case 'h':
			usage(stdout, argv[0]);
			return 0;
		default:
			usage(stderr, argv[0]);
			return 2;
		}
	}
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	err = libcdev_backend_set_mountpoint(mountpoint);
	if (!err)
		err = libcdev_backend_select(backend);
	if (!err)
		err = alloc_chrdev_region(&dev, 0, 1, "libcdev-ioctl-test");
	if (err) {
		fprintf(stderr, "ioctl-testdrv: %s\n", strerror(-err));
		return 1;
	}
	cdev_init(&it_cdev, &it_fops);
	kobject_set_name(&it_cdev.kobj, "%s/ioctl", prefix);
	err = cdev_add(&it_cdev, dev, 1);
	if (err) {
		fprintf(stderr, "ioctl-testdrv: cdev_add: %s\n", strerror(-err));
		unregister_chrdev_region(dev, 1);
		return 1;
	}
	say("ready %u:%u", MAJOR(dev), MINOR(dev));
	sigwait(&set, &sig);
	cdev_del(&it_cdev);
	unregister_chrdev_region(dev, 1);
	return 0;
}
