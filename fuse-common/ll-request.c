/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/backend.h"
#include "ll-request.h"

static _Thread_local _tls_hot_ struct fuse_buf receive_buf;
static _Thread_local _tls_hot_ char *read_buf;
static _Thread_local _tls_hot_ size_t read_cap;
static _Thread_local _tls_hot_ struct ll_dirty read_dirty; /* what of read_buf is not zero */

/*
 * The wait lock of the request's task. A thread runs one request at a time,
 * and nothing holds the task once its request has replied (ll_req_reply()
 * unhooks the interrupt callback, and a method's call is off its file's list
 * when it returns), so one lock per thread serves all its requests: none is
 * made and destroyed per request.
 */
static _Thread_local _tls_hot_ pthread_mutex_t task_lock = PTHREAD_MUTEX_INITIALIZER;

void ll_share_init(struct ll_share *s, dev_t dev)
{
	memset(s, 0, sizeof(*s));
	s->dev = dev;
}

void ll_req_init(struct ll_req *r, fuse_req_t req, const struct fuse_file_info *fi)
{
	/* Not the task: ll_req_begin() sets it up, and nothing reads it before. */
	memset(r, 0, offsetof(struct ll_req, task));
	r->req = req;
	if (fi)
		r->fi = *fi;
}

/* A quarter of the threads, and at least one, for each kind of request of one number. */
static unsigned int share_limit(const struct lf_pool *pool)
{
	return pool->max_threads / 4 ? pool->max_threads / 4 : 1;
}

static bool share_take(struct ll_share *s, enum ll_kind kind, unsigned int limit)
{
	static const char *const what[] = { [LL_READ] = "reads", [LL_OTHER] = "other requests" };

	if (atomic_fetch_add(&s->running[kind], 1) < limit)
		return true;
	atomic_fetch_sub(&s->running[kind], 1);
	if (!atomic_exchange(&s->refusing[kind], true))
		pr_err_lib("%u:%u: %u %s in driver methods (a quarter of LIBCDEV_MAX_THREADS): "
			   "more fail EAGAIN until one returns",
			   MAJOR(s->dev), MINOR(s->dev), limit, what[kind]);
	return false;
}

static void share_put(struct ll_share *s, enum ll_kind kind)
{
	atomic_fetch_sub(&s->running[kind], 1);
	if (atomic_load_explicit(&s->refusing[kind], memory_order_relaxed))
		atomic_store(&s->refusing[kind], false);
}

void ll_req_interrupted(struct ll_req *r)
{
	__atomic_store_n(&r->interrupted, 1, __ATOMIC_RELEASE);
	libcdev_task_interrupt(&r->task);
}

static void ll_req_interrupt(fuse_req_t req, void *data)
{
	(void)req;
	ll_req_interrupted(data);
}

void ll_req_watch(struct ll_req *r)
{
	r->task.watch_interrupts = NULL;
	if (r->watching)
		return;
	r->watching = true;
	if (r->conn)
		ll_fast_watch(r);
	else
		fuse_req_interrupt_func(r->req, ll_req_interrupt, r);
}

static void ll_req_watch_task(struct task_struct *t)
{
	ll_req_watch(container_of(t, struct ll_req, task));
}

int ll_req_begin(struct ll_req *r, struct lf_pool *pool, struct ll_share *share, enum ll_kind kind)
{
	if (kind != LL_CLOSE) {
		if (!share_take(share, kind, share_limit(pool)))
			goto out_refuse;
		if (lf_promote(pool) < 0) {
			share_put(share, kind);
			goto out_refuse;
		}
		r->share = share;
	} else {
		/* Not refused: it runs while still idle if no other thread can take over. */
		lf_promote(pool);
	}
	r->kind = kind;
	if (r->req) {
		const struct fuse_ctx *ctx = fuse_req_ctx(r->req);

		r->pid = ctx->pid;
		r->uid = ctx->uid;
		r->gid = ctx->gid;
	}
	task_init(&r->task, r->pid, 0, r->uid, r->gid, &task_lock);
	/*
	 * Hooked only when the method first sleeps interruptibly or asks for
	 * `current`: an interrupt that came before is still delivered then.
	 */
	r->task.watch_interrupts = ll_req_watch_task;
	task_set_current(&r->task);
	return 0;

out_refuse:
	ll_reply_status(r, -EAGAIN);
	return -EAGAIN;
}

void ll_req_end(struct ll_req *r)
{
	task_set_current(NULL);
	if (r->share)
		share_put(r->share, r->kind);
}

/*
 * Unhook the interrupt callback before replying: the reply frees the request,
 * and fuse_req_interrupt_func() waits for a callback that is running, so none
 * can touch this request (or its task) afterwards.
 */
fuse_req_t ll_req_reply(struct ll_req *r)
{
	r->task.watch_interrupts = NULL;
	if (r->watching && r->conn)
		ll_fast_unwatch(r);
	else if (r->watching)
		fuse_req_interrupt_func(r->req, NULL, NULL);
	r->watching = false;
	return r->req;
}

void ll_reply_status(struct ll_req *r, long ret)
{
	int err = ret < 0 ? (int)-ret : 0;
	fuse_req_t req = ll_req_reply(r);

	if (r->conn)
		ll_fast_reply(r, err, NULL, 0, false);
	else
		fuse_reply_err(req, err);
}

void ll_req_keep_opener(struct ll_req *r, struct task_struct *opener)
{
	/* Read now: by the release, the opener may be gone. */
	task_fill(&r->task);
	*opener = r->task;
}

void ll_req_as_opener(struct ll_req *r, const struct task_struct *opener)
{
	r->task.pid = opener->pid;
	r->task.tgid = opener->tgid;
	r->task.uid = opener->uid;
	r->task.gid = opener->gid;
	r->task.ruid = opener->ruid;
	r->task.rgid = opener->rgid;
	memcpy(r->task.comm, opener->comm, sizeof(r->task.comm));
	r->task.proc_known = opener->proc_known;
	r->task.tgid_known = opener->tgid_known;
}

/* A read's bytes, or the count a write took, replied. */
static void reply_done(struct ll_req *r, const void *buf, size_t size, bool write)
{
	fuse_req_t req = ll_req_reply(r);

	if (r->conn)
		ll_fast_reply(r, 0, buf, size, write);
	else if (write)
		fuse_reply_write(req, size);
	else
		fuse_reply_buf(req, buf, size);
}

/* The file's current flags come with reads and writes: fcntl(F_SETFL) reaches the driver. */
static void sync_flags(struct file *file, int flags)
{
	file->f_flags = (file->f_flags & ~(O_NONBLOCK | O_APPEND)) |
			(flags & (O_NONBLOCK | O_APPEND));
}

/*
 * This thread's buffer for read replies: grown, never shrunk (at most
 * max_read). Made anew when it grows, zeroed, as read_dirty says: what it
 * held is of no use.
 *
 * Zeroed by writing it, not by calloc(): a page never written maps the
 * shared zero page, and the kernel takes the reply's pages with
 * get_user_pages (fs/fuse/dev.c, fuse_copy_fill()), whose fast path refuses
 * the zero page (a special PTE): every page of every reply would then go
 * the slow way, under the mmap lock. Page-aligned, a reply spans no more
 * pages than it must.
 */
static char *read_buffer(size_t size)
{
	if (size > read_cap || !read_buf) {
		const size_t page = (size_t)sysconf(_SC_PAGESIZE);
		size_t len = size ? (size + page - 1) / page * page : page;
		/* Not malloc(): the compiler would make malloc() and memset() a calloc(). */
		char *p = aligned_alloc(page, len);

		if (!p)
			return NULL;
		memset(p, 0, len);
		free(read_buf);
		read_buf = p;
		read_cap = len;
		read_dirty = (struct ll_dirty){ 0 };
	}
	return read_buf;
}

void ll_do_read(struct ll_req *r, struct file *file)
{
	char *buf = read_buffer(r->size);
	struct ll_user_mem mem;
	ssize_t ret;

	if (!buf) {
		ll_reply_status(r, -ENOMEM);
		return;
	}
	sync_flags(file, r->fi.flags);
	ll_uaccess_buffer(&mem, buf, r->size, &read_dirty);
	ret = vfs_read(file, buf, r->size);
	ll_uaccess_end();
	if (ret < 0)
		ll_reply_status(r, ret);
	else
		reply_done(r, buf, ret, false);
}

void ll_do_write(struct ll_req *r, struct file *file)
{
	struct ll_user_mem mem;
	ssize_t ret;

	sync_flags(file, r->fi.flags);
	/* The driver's copy_from_user() reads the receive buffer: it is not written. */
	ll_uaccess_buffer(&mem, (char *)r->data, r->size, NULL);
	ret = vfs_write(file, r->data, r->size);
	ll_uaccess_end();
	if (ret < 0)
		ll_reply_status(r, ret);
	else
		reply_done(r, NULL, ret, true);
}

void ll_do_poll(struct ll_req *r, struct ll_poll *p, struct file *file)
{
	fuse_reply_poll(ll_req_reply(r), ll_poll_run(p, file, r->ph));
}

struct fuse_buf *ll_receive_buf(void)
{
	return &receive_buf;
}

void ll_thread_exit(void)
{
	ll_fast_thread_exit();
	free(receive_buf.mem);
	receive_buf = (struct fuse_buf){ 0 };
	free(read_buf);
	read_buf = NULL;
	read_cap = 0;
	read_dirty = (struct ll_dirty){ 0 };
}
