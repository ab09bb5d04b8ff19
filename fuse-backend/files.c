/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the FUSE backend's open files.
 *
 * Each request on a file runs on the worker pool (it may block in the
 * driver) through the dispatcher, with the caller as `current`; the loop
 * thread only copies the request's arguments. The kernel sends a FLUSH at
 * every close(2) with the closing process as caller, and a RELEASE without
 * one at the last close: ->release then runs as the opener, as through CUSE.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>

#include "fuse-private.h"
#include "cuse-backend/ll-file.h"
#include "cuse-backend/workers.h"
#include "libcdev/file-private.h"
#include "libcdev/task-private.h"
#include "libcdev/uaccess-private.h"

struct ffile {
	struct file *file;
	struct fnode *node;
	struct task_struct opener;	/* `current` for the release, which has no caller */
	struct ll_poll poll;
	pthread_mutex_t lock;
	pthread_cond_t idle;
	int busy;			/* requests on this file in flight */
};

struct freq {
	struct work work;
	fuse_req_t req;
	void (*handler)(struct freq *r);
	struct task_struct task;
	pthread_mutex_t task_lock;
	struct fnode *node;		/* open: the node, pinned by `opening` */
	struct ffile *ff;		/* the others: the file, pinned by `busy` */
	/* arguments copied out of the loop thread's buffer */
	struct fuse_file_info fi;
	size_t size;
	char *data;
	unsigned int cmd;
	unsigned long arg;
	size_t in_bufsz, out_bufsz;
	int datasync;
	struct fuse_pollhandle *ph;
};

/* ---- requests ---- */

static void freq_interrupt(fuse_req_t req, void *data)
{
	struct freq *r = data;

	(void)req;
	libcdev_task_interrupt(&r->task);
}

/*
 * Before the reply, which may free the request: unhook the interrupt
 * function, waiting for a run of it to end, so it never sees a freed task.
 */
static fuse_req_t freq_reply(struct freq *r)
{
	fuse_req_interrupt_func(r->req, NULL, NULL);
	return r->req;
}

static void reply_status(struct freq *r, long ret)
{
	fuse_reply_err(freq_reply(r), ret < 0 ? (int)-ret : 0);
}

static void freq_free(struct freq *r)
{
	if (r->ff) {
		/* A release waits for the count to drop to its own request. */
		pthread_mutex_lock(&r->ff->lock);
		r->ff->busy--;
		pthread_cond_broadcast(&r->ff->idle);
		pthread_mutex_unlock(&r->ff->lock);
	}
	if (r->node) {
		pthread_mutex_lock(&tree_lock);
		r->node->opening--;
		tree_maybe_free(r->node);
		pthread_mutex_unlock(&tree_lock);
	}
	free(r->data);
	pthread_mutex_destroy(&r->task_lock);
	free(r);
}

static void freq_run(struct work *w)
{
	struct freq *r = container_of(w, struct freq, work);

	task_set_current(&r->task);
	r->handler(r);		/* replies to the kernel */
	task_set_current(NULL);
	freq_free(r);
}

/* In the loop thread: a request for a worker, or NULL after replying ENOMEM. */
static struct freq *freq_new(fuse_req_t req, void (*handler)(struct freq *))
{
	const struct fuse_ctx *ctx = fuse_req_ctx(req);
	struct freq *r = calloc(1, sizeof(*r));

	if (!r) {
		fuse_reply_err(req, ENOMEM);
		return NULL;
	}
	r->req = req;
	r->handler = handler;
	r->work.fn = freq_run;
	pthread_mutex_init(&r->task_lock, NULL);
	task_init(&r->task, ctx->pid, 0, ctx->uid, ctx->gid, &r->task_lock);
	return r;
}

static struct ffile *ffile_of(const struct fuse_file_info *fi)
{
	return (struct ffile *)(uintptr_t)fi->fh;
}

/* A request on an open file: the file stays until the request ends. */
static struct freq *freq_on_file(fuse_req_t req, struct fuse_file_info *fi,
				 void (*handler)(struct freq *))
{
	struct freq *r = freq_new(req, handler);

	if (!r)
		return NULL;
	r->fi = *fi;
	r->ff = ffile_of(fi);
	pthread_mutex_lock(&r->ff->lock);
	r->ff->busy++;
	pthread_mutex_unlock(&r->ff->lock);
	return r;
}

static void freq_queue(struct freq *r)
{
	/* Registered before the method runs: a signal that came first still counts. */
	fuse_req_interrupt_func(r->req, freq_interrupt, r);
	if (workers_queue(&r->work) < 0) {
		fuse_reply_err(freq_reply(r), EAGAIN);
		freq_free(r);
	}
}

/* Copy the request's data out of the loop thread's buffer; false after replying ENOMEM. */
static bool freq_copy_data(struct freq *r, const void *buf, size_t size)
{
	r->data = malloc(size ? size : 1);
	if (!r->data) {
		fuse_reply_err(r->req, ENOMEM);
		freq_free(r);
		return false;
	}
	memcpy(r->data, buf, size);
	r->size = size;
	return true;
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

static void do_open(struct freq *r)
{
	struct fnode *n = r->node;
	struct ffile *ff = calloc(1, sizeof(*ff));
	struct file *file;
	int err = ff ? vfs_open(n->dev, r->fi.flags, &file) : -ENOMEM;

	if (err) {
		free(ff);
		reply_status(r, err);
		return;
	}
	ff->file = file;
	ff->node = n;
	ff->opener = r->task;
	ll_poll_init(&ff->poll);
	pthread_mutex_init(&ff->lock, NULL);
	pthread_cond_init(&ff->idle, NULL);
	pthread_mutex_lock(&tree_lock);
	n->open_files++;
	pthread_mutex_unlock(&tree_lock);

	r->fi.fh = (uintptr_t)ff;
	r->fi.direct_io = 1;	/* every read and write reaches the driver */
	r->fi.nonseekable = 1;	/* as a CUSE node: the position is the library's f_pos */
	r->fi.keep_cache = 0;
	if (fuse_reply_open(freq_reply(r), &r->fi) != 0)
		ffile_close(ff);	/* the caller is gone (killed while opening) */
}

static void task_as_opener(struct task_struct *t, const struct task_struct *opener)
{
	t->pid = opener->pid;
	t->tgid = opener->tgid;
	t->uid = opener->uid;
	t->gid = opener->gid;
	memcpy(t->comm, opener->comm, sizeof(t->comm));
}

static void do_release(struct freq *r)
{
	struct ffile *ff = r->ff;

	/* Nothing else runs on the file when the driver's ->release does. */
	pthread_mutex_lock(&ff->lock);
	while (ff->busy > 1)
		pthread_cond_wait(&ff->idle, &ff->lock);
	pthread_mutex_unlock(&ff->lock);
	r->ff = NULL;
	task_as_opener(&r->task, &ff->opener);
	ffile_close(ff);
	fuse_reply_err(freq_reply(r), 0);
}

static void do_flush(struct freq *r)
{
	reply_status(r, vfs_flush(r->ff->file));
}

static void do_fsync(struct freq *r)
{
	reply_status(r, vfs_fsync(r->ff->file, r->datasync));
}

/* ---- read, write, poll ---- */

/* The file's current flags come with reads and writes: fcntl(F_SETFL) reaches the driver. */
static void sync_flags(struct file *file, int flags)
{
	file->f_flags = (file->f_flags & ~(O_NONBLOCK | O_APPEND)) | (flags & (O_NONBLOCK | O_APPEND));
}

static void do_read(struct freq *r)
{
	struct file *file = r->ff->file;
	char *buf = malloc(r->size ? r->size : 1);
	struct ll_user_mem mem;
	ssize_t ret;

	if (!buf) {
		reply_status(r, -ENOMEM);
		return;
	}
	sync_flags(file, r->fi.flags);
	ll_uaccess_buffer(&mem, buf, r->size);
	ret = vfs_read(file, buf, r->size);
	ll_uaccess_end();
	if (ret < 0)
		reply_status(r, ret);
	else
		fuse_reply_buf(freq_reply(r), buf, ret);
	free(buf);
}

static void do_write(struct freq *r)
{
	struct file *file = r->ff->file;
	struct ll_user_mem mem;
	ssize_t ret;

	sync_flags(file, r->fi.flags);
	ll_uaccess_buffer(&mem, r->data, r->size);
	ret = vfs_write(file, r->data, r->size);
	ll_uaccess_end();
	if (ret < 0)
		reply_status(r, ret);
	else
		fuse_reply_write(freq_reply(r), ret);
}

static void do_poll(struct freq *r)
{
	__poll_t mask = ll_poll_run(&r->ff->poll, r->ff->file, r->ph);

	fuse_reply_poll(freq_reply(r), mask);
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
static void do_ioctl(struct freq *r)
{
	size_t size = r->in_bufsz > r->out_bufsz ? r->in_bufsz : r->out_bufsz;
	struct ll_user_mem mem = { .pid = r->task.pid, .base = r->arg, .size = size };
	long ret;

	mem.buf = size ? calloc(1, size) : NULL;
	if (size && !mem.buf) {
		reply_status(r, -ENOMEM);
		return;
	}
	if (r->in_bufsz) {
		memcpy(mem.buf, r->data, r->in_bufsz);
	} else if (r->out_bufsz && out_area_is_bad(mem.pid, r->arg, mem.buf, size)) {
		reply_status(r, -EFAULT);
		free(mem.buf);
		return;
	}
	ll_uaccess_begin(&mem);
	ret = vfs_ioctl(r->ff->file, r->cmd, r->arg);
	ll_uaccess_end();
	if (ret < 0)
		reply_status(r, ret);
	else
		fuse_reply_ioctl(freq_reply(r), (int)ret, mem.buf, r->out_bufsz);
	free(mem.buf);
}

/* ---- libfuse callbacks: in the loop thread, so only copy and queue ---- */

static void ll_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct freq *r;
	struct fnode *n;
	int err = 0;

	pthread_mutex_lock(&tree_lock);
	n = tree_find(ino);
	if (!n || !S_ISREG(n->mode))
		err = n ? EISDIR : ENOENT;
	else if (n->deleted)
		err = ENXIO;	/* cdev_del() ran: the name stays only for the open files */
	else
		n->opening++;
	pthread_mutex_unlock(&tree_lock);
	if (err) {
		fuse_reply_err(req, err);
		return;
	}
	r = freq_new(req, do_open);
	if (!r) {
		pthread_mutex_lock(&tree_lock);
		n->opening--;
		tree_maybe_free(n);
		pthread_mutex_unlock(&tree_lock);
		return;
	}
	r->node = n;
	r->fi = *fi;
	freq_queue(r);
}

static void ll_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	struct freq *r = freq_on_file(req, fi, do_read);

	(void)ino, (void)off;	/* nonseekable: the position is the file's f_pos */
	if (!r)
		return;
	r->size = size;
	freq_queue(r);
}

static void ll_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	struct freq *r = freq_on_file(req, fi, do_write);

	(void)ino, (void)off;
	if (r && freq_copy_data(r, buf, size))
		freq_queue(r);
}

static void ll_flush(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct freq *r = freq_on_file(req, fi, do_flush);

	(void)ino;
	if (r)
		freq_queue(r);
}

static void ll_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct freq *r = freq_on_file(req, fi, do_release);

	(void)ino;
	if (r)
		freq_queue(r);
}

static void ll_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
	struct freq *r = freq_on_file(req, fi, do_fsync);

	(void)ino;
	if (!r)
		return;
	r->datasync = datasync;
	freq_queue(r);
}

static void ll_ioctl(fuse_req_t req, fuse_ino_t ino, int cmd, void *arg, struct fuse_file_info *fi,
		     unsigned int flags, const void *in_buf, size_t in_bufsz, size_t out_bufsz)
{
	struct freq *r;

	(void)ino;
	if (flags & FUSE_IOCTL_DIR) {
		fuse_reply_err(req, ENOTTY);
		return;
	}
	r = freq_on_file(req, fi, do_ioctl);
	if (!r)
		return;
	/* 3.14 passes cmd as int: take the bits, not the sign. */
	r->cmd = (unsigned int)cmd;
	r->arg = (unsigned long)arg;
	r->in_bufsz = in_bufsz;
	r->out_bufsz = out_bufsz;
	if (in_bufsz && !freq_copy_data(r, in_buf, in_bufsz))
		return;
	freq_queue(r);
}

static void ll_poll(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi,
		    struct fuse_pollhandle *ph)
{
	struct freq *r = freq_on_file(req, fi, do_poll);

	(void)ino;
	if (!r) {
		if (ph)
			fuse_pollhandle_destroy(ph);
		return;
	}
	r->ph = ph;
	freq_queue(r);
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
