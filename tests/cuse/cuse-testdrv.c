/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A driver process for the device tests: it serves, through CUSE (or
 * --backend fuse|auto, with --mountpoint DIR),
 *
 *   PREFIX/mem     a memory device with f_pos and the TD_* ioctls
 *   PREFIX/pipe    a blocking pipe with poll, O_NONBLOCK and interrupts
 *   PREFIX/multiN  --count N nodes of one cdev (N = 0: none)
 *
 * on one dynamic major (or --major M). It prints "backend NAME DIR" once the
 * backend is chosen (--select-only: and exits), then "ready MAJ:MIN" when
 * all are live. SIGUSR1 runs cdev_del() on the memory device and prints
 * "deleted"; SIGINT/SIGTERM delete everything and exit 0.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/libcdev.h>

#include "testdev.h"

#define MEM_SIZE  4096
#define PIPE_SIZE 64

static struct mem_dev {
	struct cdev cdev;
	pthread_mutex_t lock;
	char data[MEM_SIZE];
	size_t size;
	int value;
} mem;

static struct pipe_dev {
	struct cdev cdev;
	pthread_mutex_t lock;
	wait_queue_head_t inq;
	char buf[PIPE_SIZE];
	size_t len;
} pipe_dev;

/* One cdev for --count numbers; each number has its own memory. */
static struct cdev multi;
static struct mem_dev *multi_mem;

/* ---- the memory device ---- */

static int mem_open(struct inode *inode, struct file *filp)
{
	struct mem_dev *d = container_of(inode->i_cdev, struct mem_dev, cdev);

	filp->private_data = d;
	if ((filp->f_flags & O_ACCMODE) == O_WRONLY) {
		pthread_mutex_lock(&d->lock);
		d->size = 0; /* as scull: opening write-only truncates */
		pthread_mutex_unlock(&d->lock);
	}
	return 0;
}

static ssize_t mem_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct mem_dev *d = filp->private_data;
	ssize_t ret = 0;

	pthread_mutex_lock(&d->lock);
	if (*ppos < (loff_t)d->size) {
		if (count > (size_t)(d->size - *ppos))
			count = d->size - *ppos;
		ret = copy_to_user(buf, d->data + *ppos, count) ? -EFAULT : (ssize_t)count;
		if (ret > 0)
			*ppos += ret;
	}
	pthread_mutex_unlock(&d->lock);
	return ret;
}

static ssize_t mem_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	struct mem_dev *d = filp->private_data;
	ssize_t ret = -ENOSPC;

	pthread_mutex_lock(&d->lock);
	if (*ppos < MEM_SIZE) {
		if (count > (size_t)(MEM_SIZE - *ppos))
			count = MEM_SIZE - *ppos;
		ret = copy_from_user(d->data + *ppos, buf, count) ? -EFAULT : (ssize_t)count;
		if (ret > 0) {
			*ppos += ret;
			if ((size_t)*ppos > d->size)
				d->size = *ppos;
		}
	}
	pthread_mutex_unlock(&d->lock);
	return ret;
}

static long mem_nested(struct td_nested __user *uarg)
{
	struct td_nested n;
	char buf[256];

	if (copy_from_user(&n, uarg, sizeof(n)))
		return -EFAULT;
	if (n.len > sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, (void __user *)(uintptr_t)n.ptr, n.len))
		return -EFAULT;
	for (uint32_t i = 0; i < n.len; i++)
		if (buf[i] >= 'a' && buf[i] <= 'z')
			buf[i] -= 'a' - 'A';
	if (copy_to_user((void __user *)(uintptr_t)n.ptr, buf, n.len))
		return -EFAULT;
	return n.len;
}

static long mem_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct mem_dev *d = filp->private_data;
	struct td_who who;
	int v, old;

	switch (cmd) {
	case TD_SET:
		if (get_user(v, (int __user *)arg))
			return -EFAULT;
		d->value = v;
		return 0;
	case TD_GET:
		return put_user(d->value, (int __user *)arg);
	case TD_XCHG:
		if (get_user(v, (int __user *)arg))
			return -EFAULT;
		old = d->value;
		d->value = v;
		return put_user(old, (int __user *)arg);
	case TD_ADD:
		return d->value + (long)arg;
	case TD_NESTED:
		return mem_nested((struct td_nested __user *)arg);
	case TD_WHOAMI:
		who = (struct td_who){ current->tgid, current->uid, current->gid };
		return copy_to_user((void __user *)arg, &who, sizeof(who)) ? -EFAULT : 0;
	default:
		return -ENOTTY;
	}
}

static int multi_open(struct inode *inode, struct file *filp)
{
	struct mem_dev *d = &multi_mem[inode->i_rdev - inode->i_cdev->dev];

	filp->private_data = d;
	if ((filp->f_flags & O_ACCMODE) == O_WRONLY)
		d->size = 0;
	return 0;
}

/* The tests read these lines: which methods ran at close, and for whom. */
static int mem_flush(struct file *filp, void *id)
{
	(void)id;
	filp->f_flags |= O_SYNC; /* a mark for mem_release: flush came first */
	return 0;
}

static int mem_release(struct inode *inode, struct file *filp)
{
	(void)inode;
	printf("release by %d%s\n", (int)current->tgid,
	       (filp->f_flags & O_SYNC) ? " after flush" : "");
	fflush(stdout);
	return 0;
}

static const struct file_operations mem_fops = {
	.owner = THIS_MODULE,
	.open = mem_open,
	.flush = mem_flush,
	.release = mem_release,
	.read = mem_read,
	.write = mem_write,
	.unlocked_ioctl = mem_ioctl,
	.llseek = noop_llseek,
};

static const struct file_operations multi_fops = {
	.owner = THIS_MODULE,
	.open = multi_open,
	.read = mem_read,
	.write = mem_write,
	.unlocked_ioctl = mem_ioctl,
	.llseek = noop_llseek,
};

/* ---- the pipe ---- */

static bool pipe_readable(void)
{
	bool r;

	pthread_mutex_lock(&pipe_dev.lock);
	r = pipe_dev.len > 0;
	pthread_mutex_unlock(&pipe_dev.lock);
	return r;
}

static ssize_t pipe_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret;

	(void)ppos;
	pthread_mutex_lock(&pipe_dev.lock);
	while (pipe_dev.len == 0) {
		pthread_mutex_unlock(&pipe_dev.lock);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(pipe_dev.inq, pipe_readable()))
			return -ERESTARTSYS;
		pthread_mutex_lock(&pipe_dev.lock);
	}
	if (count > pipe_dev.len)
		count = pipe_dev.len;
	ret = copy_to_user(buf, pipe_dev.buf, count) ? -EFAULT : (ssize_t)count;
	if (ret > 0) {
		memmove(pipe_dev.buf, pipe_dev.buf + ret, pipe_dev.len - ret);
		pipe_dev.len -= ret;
	}
	pthread_mutex_unlock(&pipe_dev.lock);
	return ret;
}

static ssize_t pipe_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret;

	(void)filp, (void)ppos;
	pthread_mutex_lock(&pipe_dev.lock);
	if (count > PIPE_SIZE - pipe_dev.len)
		count = PIPE_SIZE - pipe_dev.len;
	if (count == 0) {
		pthread_mutex_unlock(&pipe_dev.lock);
		return -EAGAIN; /* full: this test pipe does not block writers */
	}
	ret = copy_from_user(pipe_dev.buf + pipe_dev.len, buf, count) ? -EFAULT : (ssize_t)count;
	if (ret > 0)
		pipe_dev.len += ret;
	pthread_mutex_unlock(&pipe_dev.lock);
	wake_up_interruptible(&pipe_dev.inq);
	return ret;
}

static __poll_t pipe_poll(struct file *filp, poll_table *wait)
{
	poll_wait(filp, &pipe_dev.inq, wait);
	return (pipe_readable() ? POLLIN | POLLRDNORM : 0) | POLLOUT | POLLWRNORM;
}

static const struct file_operations pipe_fops = {
	.owner = THIS_MODULE,
	.read = pipe_read,
	.write = pipe_write,
	.poll = pipe_poll,
};

/* ---- set-up ---- */

static int add_named(struct cdev *c, dev_t dev, unsigned count, const char *prefix,
		     const char *what)
{
	int err;

	c->owner = THIS_MODULE;
	kobject_set_name(&c->kobj, "%s%s%s", prefix, *prefix ? "/" : "", what);
	err = cdev_add(c, dev, count);
	if (err)
		fprintf(stderr, "cuse-testdrv: cdev_add %s: %s\n", what, strerror(-err));
	return err;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "major", required_argument, NULL, 'm' },
		{ "count", required_argument, NULL, 'c' },
		{ "prefix", required_argument, NULL, 'p' },
		{ "mem-name", required_argument, NULL, 'n' },
		{ "backend", required_argument, NULL, 'b' },
		{ "mountpoint", required_argument, NULL, 'M' },
		{ "select-only", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prefix = "libcdev-test", *mem_name = NULL, *backend = "cuse";
	const char *mountpoint = NULL;
	unsigned int major = 0, count = 0, total;
	bool mem_live = true, select_only = false;
	sigset_t set;
	dev_t dev;
	int c, err, sig;

	while ((c = getopt_long(argc, argv, "m:c:p:n:b:M:sh", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			mem_name = optarg;
			break;
		case 'b':
			backend = optarg;
			break;
		case 'M':
			mountpoint = optarg;
			break;
		case 's':
			select_only = true;
			break;
		case 'm':
			major = strtoul(optarg, NULL, 0);
			break;
		case 'c':
			count = strtoul(optarg, NULL, 0);
			break;
		case 'p':
			prefix = optarg;
			break;
		default:
			fprintf(stderr,
				"usage: %s [--major M] [--count N] [--prefix P] [--mem-name NAME]\n"
				"       [--backend cuse|fuse|auto] [--mountpoint DIR] [--select-only]\n",
				argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	/* Signals are taken with sigwait(); every libcdev thread inherits the mask. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	err = libcdev_backend_set_mountpoint(mountpoint);
	if (!err)
		err = libcdev_backend_select(backend);
	if (err) {
		fprintf(stderr, "cuse-testdrv: %s backend: %s\n", backend, strerror(-err));
		return 1;
	}
	printf("backend %s %s\n", libcdev_backend_name(), libcdev_backend_location());
	fflush(stdout);
	if (select_only)
		return 0;
	total = 2 + count;
	if (major)
		err = register_chrdev_region(dev = MKDEV(major, 0), total, "libcdev-test");
	else
		err = alloc_chrdev_region(&dev, 0, total, "libcdev-test");
	if (err) {
		fprintf(stderr, "cuse-testdrv: region: %s\n", strerror(-err));
		return 1;
	}
	pthread_mutex_init(&mem.lock, NULL);
	pthread_mutex_init(&pipe_dev.lock, NULL);
	init_waitqueue_head(&pipe_dev.inq);
	cdev_init(&mem.cdev, &mem_fops);
	cdev_init(&pipe_dev.cdev, &pipe_fops);
	cdev_init(&multi, &multi_fops);
	multi_mem = calloc(count ? count : 1, sizeof(*multi_mem));
	if (!multi_mem)
		return 1;
	for (unsigned int i = 0; i < count; i++)
		pthread_mutex_init(&multi_mem[i].lock, NULL);

	if (add_named(&mem.cdev, dev, 1, mem_name ? "" : prefix, mem_name ? mem_name : "mem"))
		goto out_region;
	if (add_named(&pipe_dev.cdev, dev + 1, 1, prefix, "pipe"))
		goto out_mem;
	if (count && add_named(&multi, dev + 2, count, prefix, "multi"))
		goto out_pipe;
	printf("ready %u:%u\n", MAJOR(dev), MINOR(dev));
	fflush(stdout);

	while (sigwait(&set, &sig) == 0 && sig == SIGUSR1) {
		if (mem_live) {
			cdev_del(&mem.cdev);
			mem_live = false;
		}
		printf("deleted\n");
		fflush(stdout);
	}
	if (count)
		cdev_del(&multi);
	cdev_del(&pipe_dev.cdev);
	if (mem_live)
		cdev_del(&mem.cdev);
	unregister_chrdev_region(dev, total);
	printf("stopped\n");
	return 0;

out_pipe:
	cdev_del(&pipe_dev.cdev);
out_mem:
	cdev_del(&mem.cdev);
out_region:
	unregister_chrdev_region(dev, total);
	return 1;
}
