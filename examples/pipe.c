/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * pipe - blocking I/O, after LDD3's scullpipe (chapter 6).
 *
 * What it shows:
 *   - wait queues: a reader sleeps in wait_event_interruptible() while the
 *     buffer is empty, a writer while it is full, and each side wakes the
 *     other with wake_up_interruptible();
 *   - O_NONBLOCK: instead of sleeping, read and write fail with EAGAIN;
 *   - signals: a signal to a sleeping caller makes wait_event_interruptible()
 *     return -ERESTARTSYS, which the driver returns; the caller's read(2) or
 *     write(2) fails with EINTR (through CUSE the kernel sends an interrupt
 *     request, which libcdev delivers to the sleeping task);
 *   - poll(): POLLIN while there are bytes, POLLOUT while there is room;
 *     poll_wait() registers both queues, so a wake-up reaches poll(2), select(2)
 *     and epoll in the caller;
 *   - stream_open(): no file position at all.
 *
 * Semantics: count=N devices /dev/pipe0 .. /dev/pipe<N-1> on a dynamic major,
 * each an independent ring buffer of buffer_size bytes. A read returns what
 * is there (at most its count), a write stores what fits (at least one byte);
 * both block only when they could transfer nothing. As in scullpipe there is
 * no end of file: a reader of an empty pipe waits for a writer even if no one
 * has the device open for writing.
 *
 * Build (libcdev installed; pkg-config must find libcdev.pc):
 *   cc -Wall -Wextra -shared -fPIC -o pipe.so pipe.c $(pkg-config --cflags --libs libcdev)
 * The build tree makes it as examples/.libs/pipe.so; `make install` puts it
 * in $(pkglibdir), by default /usr/local/lib/libcdev/pipe.so.
 *
 * Run (as root, in a kernel with CUSE):
 *   cdevctl run ./pipe.so [count=2] [buffer_size=4000]
 * In a second terminal:
 *   cat /dev/pipe0                   waits; Ctrl-C ends it (the read fails EINTR)
 * and in a third one, while cat waits:
 *   echo hello > /dev/pipe0          cat prints hello and waits again
 *   dd if=/dev/zero of=/dev/pipe1 bs=1k count=8 oflag=nonblock
 *                                    stops with "Resource temporarily unavailable"
 *                                    once the pipe holds its 4000 bytes
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/libcdev.h>

MODULE_LICENSE("LGPL-2.1-or-later");
MODULE_AUTHOR("The libcdev authors");
MODULE_DESCRIPTION("Blocking pipes with poll, after LDD3's scullpipe");
MODULE_VERSION("1.0");

#define PIPE_MAX_DEVS	256
#define PIPE_MAX_BUFFER (1 << 20)

static int pipe_nr_devs = 2;
module_param_named(count, pipe_nr_devs, int, 0444);
MODULE_PARM_DESC(count, "number of pipes, 1-256 (default 2)");

static int pipe_buffer_size = 4000;
module_param_named(buffer_size, pipe_buffer_size, int, 0444);
MODULE_PARM_DESC(buffer_size, "bytes each pipe holds, 1-1048576 (default 4000)");

struct pipe_dev {
	pthread_mutex_t lock;	/* protects the ring below */
	wait_queue_head_t inq;	/* readers wait here for bytes */
	wait_queue_head_t outq; /* writers wait here for room */
	char *buffer;
	size_t size; /* capacity */
	size_t rp;   /* where the next read starts */
	size_t len;  /* bytes held */
	struct cdev cdev;
};

static dev_t pipe_first;
static struct pipe_dev *pipes;

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

static bool pipe_readable(struct pipe_dev *dev)
{
	bool r;

	pthread_mutex_lock(&dev->lock);
	r = dev->len > 0;
	pthread_mutex_unlock(&dev->lock);
	return r;
}

static bool pipe_writable(struct pipe_dev *dev)
{
	bool w;

	pthread_mutex_lock(&dev->lock);
	w = dev->len < dev->size;
	pthread_mutex_unlock(&dev->lock);
	return w;
}

static int pipe_open(struct inode *inode, struct file *filp)
{
	filp->private_data = container_of(inode->i_cdev, struct pipe_dev, cdev);
	return stream_open(inode, filp);
}

/* Take @count bytes out of the ring, in at most two pieces. Lock held. */
static int pipe_copy_out(struct pipe_dev *dev, char __user *buf, size_t count)
{
	size_t first = min_size(count, dev->size - dev->rp);

	if (copy_to_user(buf, dev->buffer + dev->rp, first) ||
	    copy_to_user(buf + first, dev->buffer, count - first))
		return -EFAULT;
	dev->rp = (dev->rp + count) % dev->size;
	dev->len -= count;
	return 0;
}

/* Put @count bytes into the ring after the ones it holds. Lock held. */
static int pipe_copy_in(struct pipe_dev *dev, const char __user *buf, size_t count)
{
	size_t wp = (dev->rp + dev->len) % dev->size;
	size_t first = min_size(count, dev->size - wp);

	if (copy_from_user(dev->buffer + wp, buf, first) ||
	    copy_from_user(dev->buffer, buf + first, count - first))
		return -EFAULT;
	dev->len += count;
	return 0;
}

static ssize_t pipe_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct pipe_dev *dev = filp->private_data;
	int err;

	(void)ppos; /* NULL: a stream has no position */
	if (count == 0)
		return 0;
	pthread_mutex_lock(&dev->lock);
	while (dev->len == 0) { /* nothing to read */
		pthread_mutex_unlock(&dev->lock);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(dev->inq, pipe_readable(dev)))
			return -ERESTARTSYS; /* a signal: the caller sees EINTR */
		pthread_mutex_lock(&dev->lock);
	}
	count = min_size(count, dev->len);
	err = pipe_copy_out(dev, buf, count);
	pthread_mutex_unlock(&dev->lock);
	if (err)
		return err;
	wake_up_interruptible(&dev->outq); /* there is room now */
	return count;
}

static ssize_t pipe_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	struct pipe_dev *dev = filp->private_data;
	int err;

	(void)ppos;
	if (count == 0)
		return 0;
	pthread_mutex_lock(&dev->lock);
	while (dev->len == dev->size) { /* full */
		pthread_mutex_unlock(&dev->lock);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(dev->outq, pipe_writable(dev)))
			return -ERESTARTSYS;
		pthread_mutex_lock(&dev->lock);
	}
	count = min_size(count, dev->size - dev->len);
	err = pipe_copy_in(dev, buf, count);
	pthread_mutex_unlock(&dev->lock);
	if (err)
		return err;
	wake_up_interruptible(&dev->inq); /* there are bytes now */
	return count;
}

static __poll_t pipe_poll(struct file *filp, poll_table *wait)
{
	struct pipe_dev *dev = filp->private_data;
	__poll_t mask = 0;

	poll_wait(filp, &dev->inq, wait);
	poll_wait(filp, &dev->outq, wait);
	pthread_mutex_lock(&dev->lock);
	if (dev->len > 0)
		mask |= POLLIN | POLLRDNORM;
	if (dev->len < dev->size)
		mask |= POLLOUT | POLLWRNORM;
	pthread_mutex_unlock(&dev->lock);
	return mask;
}

static const struct file_operations pipe_fops = {
	.owner = THIS_MODULE,
	.open = pipe_open,
	.read = pipe_read,
	.write = pipe_write,
	.poll = pipe_poll,
};

static int pipe_setup(struct pipe_dev *dev, int index)
{
	int err = -ENOMEM;

	dev->size = pipe_buffer_size;
	dev->buffer = malloc(dev->size);
	if (!dev->buffer)
		return err;
	pthread_mutex_init(&dev->lock, NULL);
	init_waitqueue_head(&dev->inq);
	init_waitqueue_head(&dev->outq);
	cdev_init(&dev->cdev, &pipe_fops);
	dev->cdev.owner = THIS_MODULE;
	err = kobject_set_name(&dev->cdev.kobj, "pipe%d", index);
	if (!err)
		err = cdev_add(&dev->cdev, pipe_first + index, 1);
	if (err) {
		pr_err("cannot add pipe%d: %d\n", index, err);
		kobject_put(&dev->cdev.kobj);
		pthread_mutex_destroy(&dev->lock);
		free(dev->buffer);
	}
	return err;
}

static void pipe_teardown(struct pipe_dev *dev)
{
	cdev_del(&dev->cdev);
	pthread_mutex_destroy(&dev->lock);
	free(dev->buffer);
}

static int pipe_init(void)
{
	int err, i;

	if (pipe_nr_devs < 1 || pipe_nr_devs > PIPE_MAX_DEVS || pipe_buffer_size < 1 ||
	    pipe_buffer_size > PIPE_MAX_BUFFER) {
		pr_err("bad parameters: count=%d buffer_size=%d\n", pipe_nr_devs, pipe_buffer_size);
		return -EINVAL;
	}
	err = alloc_chrdev_region(&pipe_first, 0, pipe_nr_devs, "pipe");
	if (err)
		return err;
	err = -ENOMEM;
	pipes = calloc(pipe_nr_devs, sizeof(*pipes));
	if (!pipes)
		goto fail_region;
	for (i = 0; i < pipe_nr_devs; i++) {
		err = pipe_setup(&pipes[i], i);
		if (err)
			goto fail_devices;
	}
	pr_info("%d pipes of %d bytes on major %u\n", pipe_nr_devs, pipe_buffer_size,
		MAJOR(pipe_first));
	return 0;

fail_devices:
	while (i--)
		pipe_teardown(&pipes[i]);
	free(pipes);
	pipes = NULL;
fail_region:
	unregister_chrdev_region(pipe_first, pipe_nr_devs);
	return err;
}

static void pipe_exit(void)
{
	int i;

	for (i = 0; i < pipe_nr_devs; i++)
		pipe_teardown(&pipes[i]);
	free(pipes);
	pipes = NULL;
	unregister_chrdev_region(pipe_first, pipe_nr_devs);
}

module_init(pipe_init);
module_exit(pipe_exit);
