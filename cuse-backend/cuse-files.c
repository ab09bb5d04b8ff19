/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the CUSE backend's open files: the requests of a node's
 * connection, run in the thread that received them (ll-request.h) through
 * the dispatcher, with the caller as `current`.
 */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "backend/backend.h"
#include "cuse-private.h"
#include "cuse-node.h"
#include "fuse-common/ll-file.h"
#include "fuse-common/ll-ioctl.h"
#include "fuse-common/ll-request.h"

/* One open file: the dispatcher's file plus its poll state. */
struct cuse_file {
	struct file *file;
	struct cuse_node *node;
	struct task_struct opener; /* `current` for the release, which has no caller */
	struct ll_poll poll;
	struct ll_ioctl_file ioctl;
};

/* ---- requests ---- */

/*
 * Run @handler on @r in this thread: it was received here, by a receiver
 * that holds a reference to the node until the handler has replied
 * (node_process()). 0, or -errno after replying it (refused).
 */
static int cuse_req_run(struct ll_req *r, enum ll_kind kind,
			void (*handler)(struct ll_req *r, struct cuse_node *n))
{
	struct cuse_node *n = r->req ? fuse_req_userdata(r->req) : r->conn->data;
	int err;

	err = ll_req_begin(r, &cuse_request_threads, &n->share, kind);
	if (!err) {
		handler(r, n); /* replies to the kernel */
		ll_req_end(r);
	}
	return err;
}

static struct cuse_file *cuse_file_of(const struct fuse_file_info *fi)
{
	return (struct cuse_file *)(uintptr_t)fi->fh;
}

/* open(2): the dispatcher does the lookup, exactly as for the direct backend. */
static void do_open(struct ll_req *r, struct cuse_node *n)
{
	struct cuse_file *cf;
	struct file *file;
	int err;

	cf = calloc(1, sizeof(*cf));
	if (!cf) {
		ll_reply_status(r, -ENOMEM);
		return;
	}
	err = vfs_open(n->dev, r->fi.flags, &file);
	if (err) {
		free(cf);
		ll_reply_status(r, err);
		return;
	}
	cf->file = file;
	cf->node = n;
	ll_req_keep_opener(r, &cf->opener);
	ll_poll_init(&cf->poll);
	vfs_set_unhook(file, ll_poll_unhook, &cf->poll);
	ll_ioctl_file_init(&cf->ioctl);
	pthread_mutex_lock(&nodes_lock);
	n->refs++;
	n->open_files++;
	pthread_mutex_unlock(&nodes_lock);

	r->fi.fh = (uintptr_t)cf;
	r->fi.direct_io = 1;
	r->fi.nonseekable = 1;
	if (fuse_reply_open(ll_req_reply(r), &r->fi) != 0) {
		/* The caller is gone (killed while opening): undo as a release would. */
		vfs_release(file);
		pthread_mutex_lock(&nodes_lock);
		n->open_files--;
		node_put_locked(n);
		pthread_mutex_unlock(&nodes_lock);
		ll_poll_destroy(&cf->poll);
		ll_ioctl_file_destroy(&cf->ioctl);
		free(cf);
	}
}

static void do_read(struct ll_req *r, struct cuse_node *n)
{
	(void)n;
	ll_do_read(r, cuse_file_of(&r->fi)->file);
}

static void do_write(struct ll_req *r, struct cuse_node *n)
{
	(void)n;
	ll_do_write(r, cuse_file_of(&r->fi)->file);
}

/*
 * The kernel sends no FLUSH through CUSE and RELEASE only at the last close,
 * with no caller: run ->flush then ->release there, as the process that
 * opened the file. No other request on the file is still in the driver then:
 * the kernel sends RELEASE at the last fput(), every system call on the file
 * holds a reference until its request is answered (even a killed caller
 * waits for a request already sent), and no handler here touches the file
 * after its reply.
 */
static void do_release(struct ll_req *r, struct cuse_node *n)
{
	struct cuse_file *cf = cuse_file_of(&r->fi);

	ll_poll_destroy(&cf->poll);
	ll_req_as_opener(r, &cf->opener);
	vfs_flush(cf->file);
	vfs_release(cf->file);
	ll_ioctl_file_destroy(&cf->ioctl);
	free(cf);
	fuse_reply_err(ll_req_reply(r), 0);

	pthread_mutex_lock(&nodes_lock);
	n->open_files--;
	node_put_locked(n);
	pthread_cond_broadcast(&nodes_cond);
	pthread_mutex_unlock(&nodes_lock);
}

static void do_poll(struct ll_req *r, struct cuse_node *n)
{
	struct cuse_file *cf = cuse_file_of(&r->fi);

	(void)n;
	ll_do_poll(r, &cf->poll, cf->file);
}

/* ---- ioctl ---- */

static long ioctl_call(void *ctx, unsigned int cmd, unsigned long arg)
{
	return vfs_ioctl(ctx, cmd, arg);
}

/* The driver gets arg as the caller passed it; its memory is reached as ll-ioctl.h says. */
static void do_ioctl(struct ll_req *r, struct cuse_node *n)
{
	struct cuse_file *cf = cuse_file_of(&r->fi);
	struct ll_ioctl_req ir;
	struct ll_ioctl_out o;

	task_fill(&r->task); /* the caller's tgid, to reach its memory */
	ll_req_watch(r);     /* after an interrupt, the caller's memory is checked first */
	ir = (struct ll_ioctl_req){
		.pid = r->task.pid,
		.tgid = r->task.tgid,
		.interrupted = &r->interrupted,
		.cmd = r->cmd,
		.arg = r->arg,
		.in_buf = (char *)r->data,
		.in_bufsz = r->in_bufsz,
		.out_bufsz = r->out_bufsz,
	};

	(void)n;
	ll_ioctl_run(&cf->ioctl, &ir, ioctl_call, cf->file, &o);
	if (o.answer == LL_IOCTL_RETRY)
		fuse_reply_ioctl_retry(ll_req_reply(r), o.in_iov, o.nr_in, o.out_iov, o.nr_out);
	else if (o.ret < 0 && !o.out_len)
		ll_reply_status(r, o.ret);
	else
		fuse_reply_ioctl(ll_req_reply(r), (int)o.ret, o.out, o.out_len);
	ll_ioctl_out_free(&o);
}

/* ---- libfuse callbacks: in the thread that received the request, which runs it ---- */

static void ll_open(fuse_req_t req, struct fuse_file_info *fi)
{
	struct ll_req r;

	ll_req_init(&r, req, fi);
	cuse_req_run(&r, LL_OTHER, do_open);
}

static void ll_read(fuse_req_t req, size_t size, off_t off, struct fuse_file_info *fi)
{
	struct ll_req r;

	(void)off; /* always 0 from CUSE: the position is the file's f_pos */
	ll_req_init(&r, req, fi);
	r.size = size;
	cuse_req_run(&r, LL_READ, do_read);
}

/* The data stay in this thread's receive buffer until the reply: no copy. */
static void ll_write(fuse_req_t req, const char *buf, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	struct ll_req r;

	(void)off;
	ll_req_init(&r, req, fi);
	r.data = buf;
	r.size = size;
	cuse_req_run(&r, LL_OTHER, do_write);
}

void cuse_fast_run(struct ll_req *r, bool write, void *data)
{
	(void)data; /* the node: cuse_req_run() finds it from r->conn */
	cuse_req_run(r, write ? LL_OTHER : LL_READ, write ? do_write : do_read);
}

static void ll_release(fuse_req_t req, struct fuse_file_info *fi)
{
	struct ll_req r;

	ll_req_init(&r, req, fi);
	cuse_req_run(&r, LL_CLOSE, do_release);
}

static void ll_ioctl(fuse_req_t req, int cmd, void *arg, struct fuse_file_info *fi,
		     unsigned int flags, const void *in_buf, size_t in_bufsz, size_t out_bufsz)
{
	struct ll_req r;
	char *data = NULL;

	(void)flags;
	ll_req_init(&r, req, fi);
	/* 3.14 passes cmd as int: take the bits, not the sign. */
	r.cmd = (unsigned int)cmd;
	r.arg = (unsigned long)arg;
	r.in_bufsz = in_bufsz;
	r.out_bufsz = out_bufsz;
	/* A copy: the driver writes into it what goes back to the caller. */
	if (in_bufsz) {
		data = malloc(in_bufsz);
		if (!data) {
			fuse_reply_err(req, ENOMEM);
			return;
		}
		memcpy(data, in_buf, in_bufsz);
		r.data = data;
	}
	cuse_req_run(&r, LL_OTHER, do_ioctl);
	free(data);
}

static void ll_poll(fuse_req_t req, struct fuse_file_info *fi, struct fuse_pollhandle *ph)
{
	struct ll_req r;

	ll_req_init(&r, req, fi);
	r.ph = ph;
	if (cuse_req_run(&r, LL_OTHER, do_poll) < 0 && ph)
		fuse_pollhandle_destroy(ph);
}

static void ll_init(void *userdata, struct fuse_conn_info *conn)
{
	struct cuse_node *n = userdata;

	/* Requests are read in the receive buffer (ll_conn_process()): no splicing. */
	conn->want &= ~(FUSE_CAP_SPLICE_READ | FUSE_CAP_SPLICE_WRITE | FUSE_CAP_SPLICE_MOVE);
	ll_conn_init_done(&n->conn, conn);
}

/* devtmpfs made /dev/NAME during the kernel's init: unless something else had the name. */
static bool node_check_devnode(const char *name, dev_t dev)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "/dev/%s", name);
	if (lstat(path, &st) < 0)
		return errno == ENOENT; /* no devtmpfs: udev or nobody makes it */
	return S_ISCHR(st.st_mode) && new_decode_dev(st.st_rdev) == dev;
}

static void ll_init_done(void *userdata)
{
	struct cuse_node *n = userdata;
	enum node_state state = node_check_sysfs(n->name, n->dev) &&
						node_check_devnode(n->name, n->dev) ?
					NODE_LIVE :
					NODE_FAILED;

	pthread_mutex_lock(&nodes_lock);
	n->state = state;
	pthread_cond_broadcast(&nodes_cond);
	pthread_mutex_unlock(&nodes_lock);
}

const struct cuse_lowlevel_ops cuse_ops = {
	.init = ll_init,
	.init_done = ll_init_done,
	.open = ll_open,
	.read = ll_read,
	.write = ll_write,
	.release = ll_release,
	.ioctl = ll_ioctl,
	.poll = ll_poll,
};
