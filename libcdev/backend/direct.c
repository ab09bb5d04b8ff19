/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the direct backend: the dispatcher called from the same process.
 *
 * Buffers passed here are "user" memory of this process, so a driver's
 * copy_to_user() into a bad address fails with -EFAULT here as it would
 * through the kernel.
 */
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "core/core.h"
#include "backend/backend.h"

/*
 * A "signal" sent to this thread (libcdev_task_interrupt()) is delivered when
 * the call returns, as the kernel delivers it on the way back to user space.
 */
static long direct_return(long ret)
{
	libcdev_task_clear_interrupt(current);
	return ret;
}

_public_ int cdev_direct_open(dev_t dev, int flags, struct file **filp)
{
	return direct_return(vfs_open(dev, flags, filp));
}

_public_ int cdev_direct_release(struct file *filp)
{
	int err;

	if (!filp)
		return -EBADF;
	err = vfs_flush(filp);
	vfs_release(filp);
	return direct_return(err);
}

_public_ ssize_t cdev_direct_read(struct file *filp, void *buf, size_t count)
{
	return direct_return(vfs_read(filp, buf, count));
}

_public_ ssize_t cdev_direct_write(struct file *filp, const void *buf, size_t count)
{
	return direct_return(vfs_write(filp, buf, count));
}

_public_ ssize_t cdev_direct_readv(struct file *filp, const struct iovec *iov, int iovcnt)
{
	if (iovcnt < 0 || (iovcnt > 0 && !iov))
		return -EINVAL;
	return direct_return(vfs_readv(filp, iov, (unsigned long)iovcnt));
}

_public_ ssize_t cdev_direct_writev(struct file *filp, const struct iovec *iov, int iovcnt)
{
	if (iovcnt < 0 || (iovcnt > 0 && !iov))
		return -EINVAL;
	return direct_return(vfs_writev(filp, iov, (unsigned long)iovcnt));
}

_public_ loff_t cdev_direct_llseek(struct file *filp, loff_t offset, int whence)
{
	return direct_return(vfs_llseek(filp, offset, whence));
}

_public_ long cdev_direct_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	return direct_return(vfs_ioctl(filp, cmd, arg));
}

_public_ __poll_t cdev_direct_poll(struct file *filp)
{
	return direct_return(vfs_poll(filp, NULL));
}

/* ---- poll with waiting ---- */

#define POLL_MAX_QUEUES 16

struct direct_poller {
	poll_table pt;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool woken;
	int n;
	wait_queue_head_t *wqs[POLL_MAX_QUEUES];
	struct wait_queue_entry entries[POLL_MAX_QUEUES];
};

/* Runs under the queue's lock, from the driver's wake_up(). */
static int direct_poll_wake(struct wait_queue_entry *e, unsigned int mode, int flags, void *key)
{
	struct direct_poller *p = e->private;

	(void)mode, (void)flags, (void)key;
	pthread_mutex_lock(&p->lock);
	p->woken = true;
	pthread_cond_signal(&p->cond);
	pthread_mutex_unlock(&p->lock);
	return 0;
}

static void direct_poll_queue(struct file *filp, wait_queue_head_t *wq, poll_table *pt)
{
	struct direct_poller *p = container_of(pt, struct direct_poller, pt);
	struct wait_queue_entry *e;

	(void)filp;
	if (p->n == POLL_MAX_QUEUES)
		return; /* the driver re-polls on each wake-up: the first queues suffice */
	e = &p->entries[p->n];
	*e = (struct wait_queue_entry){ .func = direct_poll_wake, .private = p };
	p->wqs[p->n++] = wq;
	add_wait_queue(wq, e);
}

static void direct_poll_unqueue(struct direct_poller *p)
{
	for (int i = 0; i < p->n; i++)
		remove_wait_queue(p->wqs[i], &p->entries[i]);
	p->n = 0;
}

/* Sleep until a registered queue is woken or the deadline; false on timeout. */
static bool direct_poll_sleep(struct direct_poller *p, const struct timespec *deadline)
{
	bool woken;

	pthread_mutex_lock(&p->lock);
	while (!p->woken) {
		if (!deadline)
			pthread_cond_wait(&p->cond, &p->lock);
		else if (pthread_cond_timedwait(&p->cond, &p->lock, deadline) == ETIMEDOUT)
			break;
	}
	woken = p->woken;
	p->woken = false;
	pthread_mutex_unlock(&p->lock);
	return woken;
}

_public_ int cdev_direct_poll_wait(struct file *filp, __poll_t events, int timeout_ms)
{
	struct direct_poller p = { .pt = { ._qproc = direct_poll_queue } };
	pthread_condattr_t attr;
	struct timespec deadline;
	__poll_t mask;

	if (!filp)
		return -EBADF;
	pthread_mutex_init(&p.lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&p.cond, &attr);
	pthread_condattr_destroy(&attr);
	if (timeout_ms >= 0)
		libcdev_wait_deadline(&deadline, timeout_ms);

	events |= POLLERR | POLLHUP | POLLNVAL;
	for (;;) {
		p.pt._key = events;
		mask = vfs_poll(filp, &p.pt);
		if (mask & events)
			break;
		if (!direct_poll_sleep(&p, timeout_ms >= 0 ? &deadline : NULL)) {
			mask = 0;
			break;
		}
		direct_poll_unqueue(&p);
	}
	direct_poll_unqueue(&p);
	pthread_cond_destroy(&p.cond);
	pthread_mutex_destroy(&p.lock);
	return direct_return((int)(mask & events));
}

_public_ int cdev_direct_fsync(struct file *filp, int datasync)
{
	return direct_return(vfs_fsync(filp, datasync));
}
