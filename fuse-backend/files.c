/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the FUSE backend's open files.
 *
 * Each request on a file runs in the thread that received it (the request
 * threads, leaders.h, as for CUSE) through the dispatcher,
 * with the caller as `current`; ll-request.h does what both backends do
 * alike. The kernel sends a FLUSH at every close(2) with the closing process
 * as caller, and a RELEASE without one at the last close: ->release then
 * runs as the opener, as through CUSE.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>

#include "fuse-private.h"
#include "backend/backend.h"

struct ffile {
	struct file *file;
	struct fnode *node;
	struct task_struct opener; /* `current` for the release, which has no caller */
	struct ll_poll poll;
	/*
	 * Requests on this file in flight, and FFILE_RELEASING once a release
	 * waits for them: the one that ends the last of them tells it, under
	 * lock, with idle_told. Nothing else of the file is touched after a
	 * request's count has dropped, as the release may free it then.
	 */
	atomic_uint busy;
	pthread_mutex_t lock;
	pthread_cond_t idle;
	bool idle_told;
};

static struct ffile *ffile_of(const struct fuse_file_info *fi)
{
	return (struct ffile *)(uintptr_t)fi->fh;
}

#define FFILE_RELEASING 0x80000000u

static void ffile_busy_put(struct ffile *ff)
{
	if (atomic_fetch_sub(&ff->busy, 1) != (FFILE_RELEASING | 1))
		return;
	/* The last one, and the release waits: it frees the file once told. */
	pthread_mutex_lock(&ff->lock);
	ff->idle_told = true;
	pthread_cond_broadcast(&ff->idle);
	pthread_mutex_unlock(&ff->lock);
}

static void ffile_wait_idle(struct ffile *ff)
{
	if (!(atomic_fetch_or(&ff->busy, FFILE_RELEASING) & ~FFILE_RELEASING))
		return;
	pthread_mutex_lock(&ff->lock);
	while (!ff->idle_told)
		pthread_cond_wait(&ff->idle, &ff->lock);
	pthread_mutex_unlock(&ff->lock);
}

/*
 * Run @handler on @r, a request on an open file, in this thread: it was
 * received here. The file stays until the handler has replied. 0, or -errno
 * after replying it (refused).
 */
static int file_req_run(struct ll_req *r, enum ll_kind kind,
			void (*handler)(struct ll_req *r, struct ffile *ff))
{
	struct ffile *ff = ffile_of(&r->fi);
	int err;

	atomic_fetch_add(&ff->busy, 1);
	err = ll_req_begin(r, &fuse_request_threads, &ff->node->share, kind);
	if (!err) {
		handler(r, ff); /* replies to the kernel */
		ll_req_end(r);
	}
	ffile_busy_put(ff);
	return err;
}

/* ---- open and close ---- */

static void ffile_close(struct ffile *ff)
{
	struct fnode *n = ff->node;

	ll_poll_destroy(&ff->poll);
	vfs_release(ff->file);
	pthread_cond_destroy(&ff->idle);
	pthread_mutex_destroy(&ff->lock);
	free(ff);

	pthread_mutex_lock(&tree_lock);
	/* The last close of a file that cdev_del() removed takes its name away. */
	if (--n->open_files == 0 && n->deleted && n->linked)
		tree_unlink(n);
	else
		tree_maybe_free(n);
	pthread_mutex_unlock(&tree_lock);
}

static void do_open(struct ll_req *r, struct fnode *n)
{
	struct ffile *ff = calloc(1, sizeof(*ff));
	struct file *file;
	int err = ff ? vfs_open(n->dev, r->fi.flags, &file) : -ENOMEM;

	if (err) {
		free(ff);
		ll_reply_status(r, err);
		return;
	}
	ff->file = file;
	ff->node = n;
	ll_req_keep_opener(r, &ff->opener);
	ll_poll_init(&ff->poll);
	vfs_set_unhook(file, ll_poll_unhook, &ff->poll);
	pthread_mutex_init(&ff->lock, NULL);
	pthread_cond_init(&ff->idle, NULL);
	pthread_mutex_lock(&tree_lock);
	n->open_files++;
	pthread_mutex_unlock(&tree_lock);

	r->fi.fh = (uintptr_t)ff;
	r->fi.direct_io = 1;   /* every read and write reaches the driver */
	r->fi.nonseekable = 1; /* as a CUSE node: the position is the library's f_pos */
	r->fi.keep_cache = 0;
	if (fuse_reply_open(ll_req_reply(r), &r->fi) != 0)
		ffile_close(ff); /* the caller is gone (killed while opening) */
}

static void do_flush(struct ll_req *r, struct ffile *ff)
{
	ll_reply_status(r, vfs_flush(ff->file));
}

static void do_fsync(struct ll_req *r, struct ffile *ff)
{
	ll_reply_status(r, vfs_fsync(ff->file, r->datasync));
}

/* ---- read, write, poll ---- */

static void do_read(struct ll_req *r, struct ffile *ff)
{
	ll_do_read(r, ff->file);
}

static void do_write(struct ll_req *r, struct ffile *ff)
{
	ll_do_write(r, ff->file);
}

static void do_poll(struct ll_req *r, struct ffile *ff)
{
	ll_do_poll(r, &ff->poll, ff->file);
}

/* ---- ioctl ---- */

/*
 * Read the _IOR area at arg, so bytes the driver does not write go back
 * unchanged; true if arg is no address at all (a value argument), which
 * the kernel's copy-out after the call would fail with EFAULT anyway: the
 * driver is then not called, as for _IOW, whose copy-in the kernel failed.
 */
static bool out_area_is_bad(pid_t pid, unsigned long arg, void *buf, size_t size)
{
	struct iovec l = { buf, size }, r = { (void *)arg, size };

	return process_vm_readv(pid, &l, 1, &r, 1, 0) < 0 && errno == EFAULT;
}

/*
 * On a FUSE file the kernel passes ioctls restricted: it copies the
 * _IOC_SIZE bytes at arg in (in_buf, for _IOC_WRITE) and out (the reply's
 * buffer, for _IOC_READ) itself. Any other address is read and written in
 * the caller with process_vm_readv/writev, which needs the right to ptrace
 * it (root has it); without that right it is a bad address, -EFAULT.
 */
static void do_ioctl(struct ll_req *r, struct ffile *ff)
{
	size_t size = r->in_bufsz > r->out_bufsz ? r->in_bufsz : r->out_bufsz;
	struct ll_user_mem mem = { .pid = r->task.pid, .base = r->arg, .size = size };
	long ret;

	mem.buf = size ? calloc(1, size) : NULL;
	if (size && !mem.buf) {
		ll_reply_status(r, -ENOMEM);
		return;
	}
	if (r->in_bufsz) {
		memcpy(mem.buf, r->data, r->in_bufsz);
	} else if (r->out_bufsz && out_area_is_bad(mem.pid, r->arg, mem.buf, size)) {
		ll_reply_status(r, -EFAULT);
		free(mem.buf);
		return;
	}
	ll_uaccess_begin(&mem);
	ret = vfs_ioctl(ff->file, r->cmd, r->arg);
	ll_uaccess_end();
	if (ret < 0)
		ll_reply_status(r, ret);
	else
		fuse_reply_ioctl(ll_req_reply(r), (int)ret, mem.buf, r->out_bufsz);
	free(mem.buf);
}

/* ---- libfuse callbacks: in the thread that received the request, which runs it ---- */

static void ll_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct ll_req r;
	struct fnode *n;
	int err = 0;

	pthread_mutex_lock(&tree_lock);
	n = tree_find(ino);
	if (!n || !S_ISREG(n->mode))
		err = n ? EISDIR : ENOENT;
	else if (n->deleted)
		err = ENXIO; /* cdev_del() ran: the name stays only for the open files */
	else
		n->opening++;
	pthread_mutex_unlock(&tree_lock);
	if (err) {
		fuse_reply_err(req, err);
		return;
	}
	ll_req_init(&r, req, fi);
	if (!ll_req_begin(&r, &fuse_request_threads, &n->share, LL_OTHER)) {
		do_open(&r, n);
		ll_req_end(&r);
	}
	pthread_mutex_lock(&tree_lock);
	n->opening--;
	tree_maybe_free(n);
	pthread_mutex_unlock(&tree_lock);
}

static void ll_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	struct ll_req r;

	(void)ino, (void)off; /* nonseekable: the position is the file's f_pos */
	ll_req_init(&r, req, fi);
	r.size = size;
	file_req_run(&r, LL_READ, do_read);
}

/* The data stay in this thread's receive buffer until the reply: no copy. */
static void ll_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	struct ll_req r;

	(void)ino, (void)off;
	ll_req_init(&r, req, fi);
	r.data = buf;
	r.size = size;
	file_req_run(&r, LL_OTHER, do_write);
}

void fuse_fast_run(struct ll_req *r, bool write, void *data)
{
	(void)data;
	file_req_run(r, write ? LL_OTHER : LL_READ, write ? do_write : do_read);
}

static void ll_flush(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct ll_req r;

	(void)ino;
	ll_req_init(&r, req, fi);
	file_req_run(&r, LL_CLOSE, do_flush);
}

/* Nothing else runs on the file when the driver's ->release does. */
static void ll_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct ffile *ff = ffile_of(fi);
	struct ll_req r;

	(void)ino;
	ll_req_init(&r, req, fi);
	ll_req_begin(&r, &fuse_request_threads, &ff->node->share, LL_CLOSE); /* never refused */
	ffile_wait_idle(ff);
	ll_req_as_opener(&r, &ff->opener);
	ffile_close(ff);
	fuse_reply_err(ll_req_reply(&r), 0);
	ll_req_end(&r);
}

static void ll_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
	struct ll_req r;

	(void)ino;
	ll_req_init(&r, req, fi);
	r.datasync = datasync;
	file_req_run(&r, LL_OTHER, do_fsync);
}

/* in_buf stays in this thread's receive buffer: do_ioctl copies it where the driver writes. */
static void ll_ioctl(fuse_req_t req, fuse_ino_t ino, int cmd, void *arg, struct fuse_file_info *fi,
		     unsigned int flags, const void *in_buf, size_t in_bufsz, size_t out_bufsz)
{
	struct ll_req r;

	(void)ino;
	if (flags & FUSE_IOCTL_DIR) {
		fuse_reply_err(req, ENOTTY);
		return;
	}
	ll_req_init(&r, req, fi);
	/* 3.14 passes cmd as int: take the bits, not the sign. */
	r.cmd = (unsigned int)cmd;
	r.arg = (unsigned long)arg;
	r.data = in_buf;
	r.in_bufsz = in_bufsz;
	r.out_bufsz = out_bufsz;
	file_req_run(&r, LL_OTHER, do_ioctl);
}

static void ll_poll(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi,
		    struct fuse_pollhandle *ph)
{
	struct ll_req r;

	(void)ino;
	ll_req_init(&r, req, fi);
	r.ph = ph;
	if (file_req_run(&r, LL_OTHER, do_poll) < 0 && ph)
		fuse_pollhandle_destroy(ph);
}

void file_ops(struct fuse_lowlevel_ops *ops)
{
	ops->open = ll_open;
	ops->read = ll_read;
	ops->write = ll_write;
	ops->flush = ll_flush;
	ops->release = ll_release;
	ops->fsync = ll_fsync;
	ops->ioctl = ll_ioctl;
	ops->poll = ll_poll;
}
