/* SPDX-License-Identifier: LGPL-2.1-or-later */
#define FUSE_USE_VERSION 31

#include <fuse3/fuse_lowlevel.h>
#include <string.h>

#include "backend/backend.h"
#include "ll-file.h"

/* ---- poll ---- */

void ll_poll_init(struct ll_poll *p)
{
	memset(p, 0, sizeof(*p));
	pthread_mutex_init(&p->poll_lock, NULL);
	pthread_mutex_init(&p->ph_lock, NULL);
}

/* Tell the kernel to poll again, once: the handle is used up. */
static void poll_notify(struct ll_poll *p)
{
	struct fuse_pollhandle *ph;

	pthread_mutex_lock(&p->ph_lock);
	ph = p->ph;
	p->ph = NULL;
	pthread_mutex_unlock(&p->ph_lock);
	if (ph) {
		fuse_lowlevel_notify_poll(ph);
		fuse_pollhandle_destroy(ph);
	}
}

/* Runs under the queue's lock, from the driver's wake_up(). */
static int poll_wake(struct wait_queue_entry *e, unsigned int mode, int flags, void *key)
{
	(void)mode, (void)flags, (void)key;
	poll_notify(e->private);
	return 0;
}

static void poll_unqueue(struct ll_poll *p)
{
	for (int i = 0; i < p->nr_queues; i++)
		remove_wait_queue(p->queues[i], &p->entries[i]);
	p->nr_queues = 0;
}

struct ll_poll_table {
	poll_table pt;
	struct ll_poll *p;
};

static void poll_queue(struct file *filp, wait_queue_head_t *wq, poll_table *pt)
{
	struct ll_poll *p = container_of(pt, struct ll_poll_table, pt)->p;
	struct wait_queue_entry *e;

	(void)filp;
	for (int i = 0; i < p->nr_queues; i++)
		if (p->queues[i] == wq)
			return;
	if (p->nr_queues == LL_POLL_QUEUES)
		return;
	e = &p->entries[p->nr_queues];
	*e = (struct wait_queue_entry){ .func = poll_wake, .private = p };
	p->queues[p->nr_queues++] = wq;
	add_wait_queue(wq, e);
}

__poll_t ll_poll_run(struct ll_poll *p, struct file *file, struct fuse_pollhandle *ph)
{
	struct ll_poll_table lpt = { .pt = { ._qproc = poll_queue, ._key = ~0U }, .p = p };
	struct fuse_pollhandle *old;
	__poll_t mask;

	pthread_mutex_lock(&p->poll_lock);
	if (ph) {
		pthread_mutex_lock(&p->ph_lock);
		old = p->ph;
		p->ph = ph;
		pthread_mutex_unlock(&p->ph_lock);
		if (old)
			fuse_pollhandle_destroy(old);
		poll_unqueue(p);
		mask = vfs_poll(file, &lpt.pt);
	} else {
		mask = vfs_poll(file, NULL);
	}
	pthread_mutex_unlock(&p->poll_lock);
	return mask;
}

void ll_poll_unhook(void *data)
{
	struct ll_poll *p = data;

	pthread_mutex_lock(&p->poll_lock);
	poll_unqueue(p);
	pthread_mutex_unlock(&p->poll_lock);
	poll_notify(p);
}

void ll_poll_destroy(struct ll_poll *p)
{
	pthread_mutex_lock(&p->poll_lock);
	poll_unqueue(p);
	pthread_mutex_unlock(&p->poll_lock);
	if (p->ph)
		fuse_pollhandle_destroy(p->ph);
	p->ph = NULL;
	pthread_mutex_destroy(&p->poll_lock);
	pthread_mutex_destroy(&p->ph_lock);
}

/* ---- the caller's memory ---- */

static bool ioctl_mem_covers(const struct ll_user_mem *m, const void *addr, unsigned long n)
{
	unsigned long a = (unsigned long)addr;

	return m->buf && a >= m->base && n <= m->size && a - m->base <= m->size - n;
}

static unsigned long ioctl_copy_from(void *ctx, void *to, const void *from, unsigned long n)
{
	struct ll_user_mem *m = ctx;

	if (ioctl_mem_covers(m, from, n)) {
		memcpy(to, m->buf + ((unsigned long)from - m->base), n);
		return 0;
	}
	return m->pid > 0 ? uaccess_pid_copy(m->pid, to, from, n, false) : n;
}

static void dirty_add(struct ll_dirty *d, size_t lo, size_t hi)
{
	if (d->lo == d->hi) {
		d->lo = lo;
		d->hi = hi;
		return;
	}
	if (lo < d->lo)
		d->lo = lo;
	if (hi > d->hi)
		d->hi = hi;
}

/* Zero [lo, hi) of @buf: only what of it may not be zero yet. */
static void dirty_clear(struct ll_dirty *d, char *buf, size_t lo, size_t hi)
{
	size_t from = lo > d->lo ? lo : d->lo, to = hi < d->hi ? hi : d->hi;

	if (from >= to)
		return;
	memset(buf + from, 0, to - from);
	if (lo <= d->lo && hi >= d->hi)
		d->lo = d->hi = 0;
	else if (lo <= d->lo)
		d->lo = hi;
	else if (hi >= d->hi)
		d->hi = lo;
	/* else a hole in the middle: still counted as written, which is safe */
}

static unsigned long ioctl_copy_to(void *ctx, void *to, const void *from, unsigned long n)
{
	struct ll_user_mem *m = ctx;

	if (ioctl_mem_covers(m, to, n)) {
		unsigned long off = (unsigned long)to - m->base;

		memcpy(m->buf + off, from, n);
		if (m->dirty)
			dirty_add(m->dirty, off, off + n);
		return 0;
	}
	return m->pid > 0 ? uaccess_pid_copy(m->pid, (void *)from, to, n, true) : n;
}

static bool ioctl_clear(void *ctx, void *to, unsigned long n)
{
	struct ll_user_mem *m = ctx;
	unsigned long off = (unsigned long)to - m->base;

	if (!ioctl_mem_covers(m, to, n))
		return false;
	if (m->dirty)
		dirty_clear(m->dirty, m->buf, off, off + n);
	else
		memset(m->buf + off, 0, n);
	return true;
}

static const struct uaccess_ops ioctl_uaccess = {
	.copy_from = ioctl_copy_from,
	.copy_to = ioctl_copy_to,
	.clear = ioctl_clear,
};

void ll_uaccess_begin(struct ll_user_mem *m)
{
	uaccess_set(&ioctl_uaccess, m);
}

void ll_uaccess_end(void)
{
	uaccess_set(NULL, NULL);
}

void ll_uaccess_buffer(struct ll_user_mem *m, void *buf, size_t size, struct ll_dirty *dirty)
{
	*m = (struct ll_user_mem){
		.pid = 0, .base = (unsigned long)buf, .size = size, .buf = buf, .dirty = dirty
	};
	ll_uaccess_begin(m);
}
