/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <linux/fuse.h>
#include <sched.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "ll-fast.h"
#include "ll-request.h"

/*
 * The kernel numbers requests in steps of 2 and sets bit 0 in an interrupt's
 * own id (FUSE_INT_REQ_BIT in fs/fuse/dev.c): a request's id never has it,
 * so in a slot it says the request is libfuse's.
 */
#define SLOT_LIBFUSE 1ULL

struct ll_slot {
	struct ll_slot *next; /* the connection's slots, under its lock */
	struct ll_conn *conn;
	_Atomic uint64_t unique;      /* the request run now (| SLOT_LIBFUSE), or 0 */
	_Atomic uint64_t interrupted; /* the last request of ours an interrupt reached */
	struct ll_req *watcher;	      /* that request's hook (ll_fast_watch()), under the lock */
};

static _Thread_local _tls_hot_ struct ll_slot slot;

void ll_conn_init(struct ll_conn *c, int fd, void (*run)(struct ll_req *, bool, void *), void *data)
{
	c->fd = fd;
	atomic_init(&c->ready, false);
	pthread_mutex_init(&c->lock, NULL);
	c->slots = NULL;
	c->run = run;
	c->data = data;
}

void ll_conn_destroy(struct ll_conn *c)
{
	pthread_mutex_destroy(&c->lock);
}

void ll_conn_attach(struct ll_conn *c, int fd)
{
	atomic_store(&c->ready, false);
	c->fd = fd;
}

/* Protocol 7.9 gave READ and WRITE the fields read here (lock_owner, flags). */
void ll_conn_init_done(struct ll_conn *c, const struct fuse_conn_info *conn)
{
	atomic_store(&c->ready,
		     conn->proto_major > 7 || (conn->proto_major == 7 && conn->proto_minor >= 9));
}

static void slot_leave(void)
{
	struct ll_conn *c = slot.conn;

	pthread_mutex_lock(&c->lock);
	for (struct ll_slot **p = &c->slots; *p; p = &(*p)->next) {
		if (*p == &slot) {
			*p = slot.next;
			break;
		}
	}
	pthread_mutex_unlock(&c->lock);
	slot.conn = NULL;
}

/* This thread's slot holds @unique until slot_end(), in @c's list. */
static void slot_begin(struct ll_conn *c, uint64_t unique)
{
	if (slot.conn != c) {
		if (slot.conn)
			slot_leave();
		pthread_mutex_lock(&c->lock);
		slot.next = c->slots;
		c->slots = &slot;
		slot.conn = c;
		pthread_mutex_unlock(&c->lock);
	}
	atomic_store(&slot.unique, unique);
}

static void slot_end(void)
{
	atomic_store_explicit(&slot.unique, 0, memory_order_release);
}

void ll_fast_thread_exit(void)
{
	if (slot.conn)
		slot_leave();
}

/* @err: 0, or an errno (positive, as libfuse's fuse_reply_err() takes it). */
static int reply(struct ll_conn *c, uint64_t unique, int err, const void *data, size_t size,
		 bool write)
{
	struct fuse_out_header out = { .unique = unique, .error = -err };
	struct fuse_write_out written = { .size = (uint32_t)size };
	struct iovec iov[2] = { { &out, sizeof(out) } };
	int n = 1;

	if (!err && write)
		iov[n++] = (struct iovec){ &written, sizeof(written) };
	else if (!err && size)
		iov[n++] = (struct iovec){ (void *)data, size };
	out.len = iov[0].iov_len + (n > 1 ? iov[1].iov_len : 0);
	/* ENOENT: the request was withdrawn (its caller interrupted or gone). */
	return writev(c->fd, iov, n) < 0 ? -errno : 0;
}

int ll_fast_reply(struct ll_req *r, int err, const void *data, size_t size, bool write)
{
	return reply(r->conn, r->unique, err, data, size, write);
}

/* The request's interrupt hook: delivered now if the interrupt came before. */
void ll_fast_watch(struct ll_req *r)
{
	pthread_mutex_lock(&r->conn->lock);
	slot.watcher = r;
	if (atomic_load(&slot.interrupted) == r->unique)
		ll_req_interrupted(r);
	pthread_mutex_unlock(&r->conn->lock);
}

/* Unhooked before the reply: no interrupt reaches the request afterwards. */
void ll_fast_unwatch(struct ll_req *r)
{
	pthread_mutex_lock(&r->conn->lock);
	slot.watcher = NULL;
	pthread_mutex_unlock(&r->conn->lock);
}

/*
 * FUSE_INTERRUPT of @unique: true when handled here; false for libfuse,
 * whose request it is.
 */
static bool interrupt(struct ll_conn *c, uint64_t own_unique, uint64_t unique)
{
	pthread_mutex_lock(&c->lock);
	for (struct ll_slot *s = c->slots; s; s = s->next) {
		uint64_t u = atomic_load(&s->unique);

		if (!u || (u & ~SLOT_LIBFUSE) != unique)
			continue;
		if (u & SLOT_LIBFUSE) {
			pthread_mutex_unlock(&c->lock);
			return false;
		}
		atomic_store(&s->interrupted, unique);
		if (s->watcher && s->watcher->unique == unique)
			ll_req_interrupted(s->watcher);
		pthread_mutex_unlock(&c->lock);
		return true; /* an interrupt that reached its request has no reply */
	}
	pthread_mutex_unlock(&c->lock);
	/*
	 * Not in a slot yet, or answered already: the kernel sends it again
	 * after EAGAIN while the request waits. Let the thread that read the
	 * request run first, so that the interrupt does not come straight back.
	 */
	sched_yield();
	reply(c, own_unique, EAGAIN, NULL, 0, false);
	return true;
}

static void run(struct ll_conn *c, const struct fuse_in_header *in, bool write,
		const struct fuse_read_in *arg, const char *data)
{
	struct ll_req r;

	ll_req_init(&r, NULL, NULL);
	r.conn = c;
	r.unique = in->unique;
	r.pid = (pid_t)in->pid;
	r.uid = in->uid;
	r.gid = in->gid;
	r.fi.fh = arg->fh;
	r.fi.lock_owner = arg->lock_owner;
	r.fi.flags = (int)arg->flags;
	r.size = arg->size;
	r.data = data;
	slot_begin(c, in->unique);
	c->run(&r, write, c->data);
	slot_end();
}

/* A READ, WRITE or INTERRUPT run here: true; anything else is libfuse's. */
static bool process_here(struct ll_conn *c, const struct fuse_in_header *in, size_t size)
{
	const void *arg = in + 1;

	/* fuse_write_in is fuse_read_in, but for its name of read_flags. */
	_Static_assert(sizeof(struct fuse_read_in) == sizeof(struct fuse_write_in), "");
	_Static_assert(
		offsetof(struct fuse_read_in, flags) == offsetof(struct fuse_write_in, flags), "");
	switch (in->opcode) {
	case FUSE_READ:
		if (size < sizeof(*in) + sizeof(struct fuse_read_in))
			return false;
		run(c, in, false, arg, NULL);
		return true;
	case FUSE_WRITE:
		if (size < sizeof(*in) + sizeof(struct fuse_write_in) ||
		    size - sizeof(*in) - sizeof(struct fuse_write_in) <
			    ((const struct fuse_write_in *)arg)->size)
			return false;
		run(c, in, true, arg, (const char *)arg + sizeof(struct fuse_write_in));
		return true;
	case FUSE_INTERRUPT:
		if (size < sizeof(*in) + sizeof(struct fuse_interrupt_in))
			return false;
		return interrupt(c, in->unique, ((const struct fuse_interrupt_in *)arg)->unique);
	default:
		return false;
	}
}

void ll_conn_process(struct ll_conn *c, struct fuse_session *se, const struct fuse_buf *buf)
{
	const struct fuse_in_header *in = buf->mem;

	/* The backends turn splicing off: a request is always in memory. */
	if ((buf->flags & FUSE_BUF_IS_FD) || buf->size < sizeof(*in) ||
	    !atomic_load_explicit(&c->ready, memory_order_acquire)) {
		fuse_session_process_buf(se, buf);
		return;
	}
	if (process_here(c, in, buf->size))
		return;
	slot_begin(c, in->unique | SLOT_LIBFUSE);
	fuse_session_process_buf(se, buf);
	slot_end();
}
