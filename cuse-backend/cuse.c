/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the CUSE backend: every live device number becomes /dev/NAME.
 *
 * One CUSE connection serves exactly one device number (fs/fuse/cuse.c), so a
 * cdev of count N is N connections, each its own open() of /dev/cuse. The
 * request threads are a leader/followers pool (leaders.h): the leader waits
 * on all connections at once (epoll), reads one request into its own buffer,
 * hands the leadership on and runs the request itself, replying straight to
 * the connection. No request is copied, queued or passed between threads.
 *
 * A node lives while its cdev is added or any file on it is open; it is
 * destroyed only by the leader, so no request is read from a connection
 * being torn down. A node holds a reference for being live, one for every
 * open file and one for every request in flight; the last one going queues
 * its destruction, and closing the connection makes the kernel remove the
 * device.
 */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fcntl.h>
#include <fuse3/cuse_lowlevel.h>
#include <fuse3/fuse_lowlevel.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libcdev/libcdev-private.h"
#include "libcdev/file-private.h"
#include "libcdev/task-private.h"
#include "cuse-private.h"
#include "ll-file.h"
#include "ll-ioctl.h"
#include "leaders.h"
#include "udev-wait.h"

#define CUSE_DEVICE_DEFAULT	"/dev/cuse"
#define NODE_NAME_MAX		256

enum node_state {
	NODE_STARTING,		/* CUSE_INIT not yet answered */
	NODE_LIVE,
	NODE_FAILED,		/* the kernel refused it: connection aborted */
	NODE_DEAD,		/* destroyed */
};

struct cuse_node {
	struct cuse_node *next;		/* all nodes, under nodes_lock */
	struct cuse_node *next_cmd;	/* the loop thread's to-do list */
	struct cdev *cdev;
	dev_t dev;
	char name[NODE_NAME_MAX];
	struct fuse_session *se;
	int fd;
	atomic_int refs;		/* the last put queues the destruction */
	int waiters;			/* threads waiting on it: they free it if it dies meanwhile */
	int open_files;			/* under nodes_lock */
	bool deleted;			/* cdev_del() ran */
	enum node_state state;		/* under nodes_lock */
};

/* One open file: the dispatcher's file plus its poll state. */
struct cuse_file {
	struct file *file;
	struct cuse_node *node;
	struct task_struct opener;	/* `current` for the release, which has no caller */
	struct ll_poll poll;
	struct ll_ioctl_file ioctl;
};

static pthread_mutex_t nodes_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nodes_cond = PTHREAD_COND_INITIALIZER;
static struct cuse_node *nodes;
static struct cuse_node *cmd_destroy;	/* nodes for the loop thread to destroy */
static int epfd = -1, cmdfd = -1;

const char *cuse_device(void)
{
	const char *p = getenv("LIBCDEV_CUSE_DEVICE");

	return p && *p ? p : CUSE_DEVICE_DEFAULT;
}

/* ---- node references ---- */

static void loop_kick(void)
{
	uint64_t one = 1;

	if (write(cmdfd, &one, sizeof(one)) < 0)
		pr_err_lib("cuse: cannot wake the loop thread: %s", strerror(errno));
}

/* Called with nodes_lock held, after the last reference went. */
static void node_queue_destroy_locked(struct cuse_node *n)
{
	n->next_cmd = cmd_destroy;
	cmd_destroy = n;
	loop_kick();
}

/* Called with nodes_lock held. */
static void node_put_locked(struct cuse_node *n)
{
	if (atomic_fetch_sub(&n->refs, 1) == 1)
		node_queue_destroy_locked(n);
}

/* Without the lock unless it is the last reference. */
static void node_put(struct cuse_node *n)
{
	if (atomic_fetch_sub(&n->refs, 1) > 1)
		return;
	pthread_mutex_lock(&nodes_lock);
	node_queue_destroy_locked(n);
	pthread_mutex_unlock(&nodes_lock);
}

/*
 * A reference for a request, unless the node is already on its way out (its
 * destruction queued): a request that arrives then is refused.
 */
static bool node_tryget(struct cuse_node *n)
{
	int refs = atomic_load(&n->refs);

	while (refs > 0)
		if (atomic_compare_exchange_weak(&n->refs, &refs, refs + 1))
			return true;
	return false;
}

/* ---- requests ---- */

/* One request, on the stack of the thread that received and runs it. */
struct cuse_req {
	fuse_req_t req;
	struct cuse_node *node;
	struct task_struct task;
	pthread_mutex_t task_lock;
	/* the arguments: pointers into the thread's receive buffer */
	struct fuse_file_info fi;
	size_t size;
	char *data;
	unsigned int cmd;
	unsigned long arg;
	unsigned int ioctl_flags;
	size_t in_bufsz, out_bufsz;
	struct fuse_pollhandle *ph;
	int interrupted;		/* FUSE_INTERRUPT came: the caller may be going */
};

static void loop_lead(struct lf_pool *pool);
static struct lf_pool request_threads = LF_POOL_INIT(loop_lead);

static void cuse_req_interrupt(fuse_req_t req, void *data)
{
	struct cuse_req *cr = data;

	(void)req;
	__atomic_store_n(&cr->interrupted, 1, __ATOMIC_RELEASE);
	libcdev_task_interrupt(&cr->task);
}

static void cuse_req_init(struct cuse_req *cr, fuse_req_t req, const struct fuse_file_info *fi)
{
	memset(cr, 0, sizeof(*cr));
	cr->req = req;
	cr->node = fuse_req_userdata(req);
	if (fi)
		cr->fi = *fi;
}

/*
 * Run @handler on @cr in this thread: it was received here. The leadership
 * goes to another thread first, since the method may block; the node stays
 * until the handler has replied.
 */
static int cuse_req_run(struct cuse_req *cr, void (*handler)(struct cuse_req *cr))
{
	const struct fuse_ctx *ctx = fuse_req_ctx(cr->req);

	if (!node_tryget(cr->node)) {
		fuse_reply_err(cr->req, ENODEV);
		return -ENODEV;
	}
	lf_promote(&request_threads);
	pthread_mutex_init(&cr->task_lock, NULL);
	task_init(&cr->task, ctx->pid, 0, ctx->uid, ctx->gid, &cr->task_lock);
	/* Registered before the method runs: a signal that came first still counts. */
	fuse_req_interrupt_func(cr->req, cuse_req_interrupt, cr);
	task_set_current(&cr->task);
	handler(cr);	/* replies to the kernel */
	task_set_current(NULL);
	pthread_mutex_destroy(&cr->task_lock);
	node_put(cr->node);
	return 0;
}

static struct cuse_file *cuse_file_of(const struct fuse_file_info *fi)
{
	return (struct cuse_file *)(uintptr_t)fi->fh;
}

/*
 * Unhook the interrupt callback before replying: the reply frees the request,
 * and fuse_req_interrupt_func() waits for a callback that is running, so none
 * can touch this request (or its task) afterwards.
 */
static fuse_req_t cr_reply(struct cuse_req *cr)
{
	fuse_req_interrupt_func(cr->req, NULL, NULL);
	return cr->req;
}

static void reply_status(fuse_req_t req, long ret)
{
	fuse_reply_err(req, ret < 0 ? (int)-ret : 0);
}

/* open(2): the dispatcher does the lookup, exactly as for the direct backend. */
static void do_open(struct cuse_req *cr)
{
	struct cuse_node *n = cr->node;
	struct cuse_file *cf;
	struct file *file;
	int err;

	cf = calloc(1, sizeof(*cf));
	if (!cf) {
		fuse_reply_err(cr_reply(cr), ENOMEM);
		return;
	}
	err = vfs_open(n->dev, cr->fi.flags, &file);
	if (err) {
		free(cf);
		reply_status(cr_reply(cr), err);
		return;
	}
	cf->file = file;
	cf->node = n;
	cf->opener = cr->task;
	ll_poll_init(&cf->poll);
	ll_ioctl_file_init(&cf->ioctl);
	pthread_mutex_lock(&nodes_lock);
	n->refs++;
	n->open_files++;
	pthread_mutex_unlock(&nodes_lock);

	cr->fi.fh = (uintptr_t)cf;
	cr->fi.direct_io = 1;
	cr->fi.nonseekable = 1;
	if (fuse_reply_open(cr_reply(cr), &cr->fi) != 0) {
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

/* CUSE sends the file's current flags with reads and writes: fcntl(F_SETFL) reaches the driver. */
static void sync_flags(struct file *file, int flags)
{
	file->f_flags = (file->f_flags & ~(O_NONBLOCK | O_APPEND)) | (flags & (O_NONBLOCK | O_APPEND));
}

/* This thread's buffer for read replies: grown, never shrunk (at most max_read). */
static char *read_buffer(size_t size)
{
	static _Thread_local char *buf;
	static _Thread_local size_t cap;

	if (size > cap || !buf) {
		char *p = realloc(buf, size ? size : 1);

		if (!p)
			return NULL;
		buf = p;
		cap = size;
	}
	return buf;
}

static void do_read(struct cuse_req *cr)
{
	struct file *file = cuse_file_of(&cr->fi)->file;
	char *buf = read_buffer(cr->size);
	struct ll_user_mem mem;
	ssize_t ret;

	if (!buf) {
		fuse_reply_err(cr_reply(cr), ENOMEM);
		return;
	}
	sync_flags(file, cr->fi.flags);
	ll_uaccess_buffer(&mem, buf, cr->size);
	ret = vfs_read(file, buf, cr->size);
	ll_uaccess_end();
	if (ret < 0)
		reply_status(cr_reply(cr), ret);
	else
		fuse_reply_buf(cr_reply(cr), buf, ret);
}

static void do_write(struct cuse_req *cr)
{
	struct file *file = cuse_file_of(&cr->fi)->file;
	struct ll_user_mem mem;
	ssize_t ret;

	sync_flags(file, cr->fi.flags);
	ll_uaccess_buffer(&mem, cr->data, cr->size);
	ret = vfs_write(file, cr->data, cr->size);
	ll_uaccess_end();
	if (ret < 0)
		reply_status(cr_reply(cr), ret);
	else
		fuse_reply_write(cr_reply(cr), ret);
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
static void do_release(struct cuse_req *cr)
{
	struct cuse_file *cf = cuse_file_of(&cr->fi);
	struct cuse_node *n = cf->node;

	ll_poll_destroy(&cf->poll);
	cr->task.pid = cf->opener.pid;
	cr->task.tgid = cf->opener.tgid;
	cr->task.uid = cf->opener.uid;
	cr->task.gid = cf->opener.gid;
	memcpy(cr->task.comm, cf->opener.comm, sizeof(cr->task.comm));
	vfs_flush(cf->file);
	vfs_release(cf->file);
	ll_ioctl_file_destroy(&cf->ioctl);
	free(cf);
	fuse_reply_err(cr_reply(cr), 0);

	pthread_mutex_lock(&nodes_lock);
	n->open_files--;
	node_put_locked(n);
	pthread_cond_broadcast(&nodes_cond);
	pthread_mutex_unlock(&nodes_lock);
}

/* ---- poll ---- */

static void do_poll(struct cuse_req *cr)
{
	struct cuse_file *cf = cuse_file_of(&cr->fi);

	fuse_reply_poll(cr_reply(cr), ll_poll_run(&cf->poll, cf->file, cr->ph));
}

/* ---- ioctl ---- */

static long ioctl_call(void *ctx, unsigned int cmd, unsigned long arg)
{
	return vfs_ioctl(ctx, cmd, arg);
}

/* The driver gets arg as the caller passed it; its memory is reached as ll-ioctl.h says. */
static void do_ioctl(struct cuse_req *cr)
{
	struct cuse_file *cf = cuse_file_of(&cr->fi);
	struct ll_ioctl_req r = {
		.pid = cr->task.pid,
		.tgid = cr->task.tgid,
		.interrupted = &cr->interrupted,
		.cmd = cr->cmd,
		.arg = cr->arg,
		.in_buf = cr->data,
		.in_bufsz = cr->in_bufsz,
		.out_bufsz = cr->out_bufsz,
	};
	struct ll_ioctl_out o;

	ll_ioctl_run(&cf->ioctl, &r, ioctl_call, cf->file, &o);
	if (o.answer == LL_IOCTL_RETRY)
		fuse_reply_ioctl_retry(cr_reply(cr), o.in_iov, o.nr_in, o.out_iov, o.nr_out);
	else if (o.ret < 0 && !o.out_len)
		reply_status(cr_reply(cr), o.ret);
	else
		fuse_reply_ioctl(cr_reply(cr), (int)o.ret, o.out, o.out_len);
	ll_ioctl_out_free(&o);
}

/* ---- libfuse callbacks: in the thread that received the request, which runs it ---- */

static void ll_open(fuse_req_t req, struct fuse_file_info *fi)
{
	struct cuse_req cr;

	cuse_req_init(&cr, req, fi);
	cuse_req_run(&cr, do_open);
}

static void ll_read(fuse_req_t req, size_t size, off_t off, struct fuse_file_info *fi)
{
	struct cuse_req cr;

	(void)off;	/* always 0 from CUSE: the position is the file's f_pos */
	cuse_req_init(&cr, req, fi);
	cr.size = size;
	cuse_req_run(&cr, do_read);
}

/* The data stay in this thread's receive buffer until the reply: no copy. */
static void ll_write(fuse_req_t req, const char *buf, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	struct cuse_req cr;

	(void)off;
	cuse_req_init(&cr, req, fi);
	cr.data = (char *)buf;
	cr.size = size;
	cuse_req_run(&cr, do_write);
}

static void ll_release(fuse_req_t req, struct fuse_file_info *fi)
{
	struct cuse_req cr;

	cuse_req_init(&cr, req, fi);
	cuse_req_run(&cr, do_release);
}

static void ll_ioctl(fuse_req_t req, int cmd, void *arg, struct fuse_file_info *fi,
		     unsigned int flags, const void *in_buf, size_t in_bufsz, size_t out_bufsz)
{
	struct cuse_req cr;

	cuse_req_init(&cr, req, fi);
	/* 3.14 passes cmd as int: take the bits, not the sign. */
	cr.cmd = (unsigned int)cmd;
	cr.arg = (unsigned long)arg;
	cr.ioctl_flags = flags;
	cr.in_bufsz = in_bufsz;
	cr.out_bufsz = out_bufsz;
	/* A copy: the driver writes into it what goes back to the caller. */
	if (in_bufsz) {
		cr.data = malloc(in_bufsz);
		if (!cr.data) {
			fuse_reply_err(req, ENOMEM);
			return;
		}
		memcpy(cr.data, in_buf, in_bufsz);
	}
	cuse_req_run(&cr, do_ioctl);
	free(cr.data);
}

static void ll_poll(fuse_req_t req, struct fuse_file_info *fi, struct fuse_pollhandle *ph)
{
	struct cuse_req cr;

	cuse_req_init(&cr, req, fi);
	cr.ph = ph;
	if (cuse_req_run(&cr, do_poll) < 0 && ph)
		fuse_pollhandle_destroy(ph);
}

static void ll_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	/* Requests are copied out of the read buffer; splicing would defeat that. */
	conn->want &= ~(FUSE_CAP_SPLICE_READ | FUSE_CAP_SPLICE_WRITE | FUSE_CAP_SPLICE_MOVE);
}

/* devtmpfs made /dev/NAME during the kernel's init: unless something else had the name. */
static bool node_check_devnode(const char *name, dev_t dev)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "/dev/%s", name);
	if (lstat(path, &st) < 0)
		return errno == ENOENT;	/* no devtmpfs: udev or nobody makes it */
	return S_ISCHR(st.st_mode) && new_decode_dev(st.st_rdev) == dev;
}

static void ll_init_done(void *userdata)
{
	struct cuse_node *n = userdata;
	enum node_state state = node_check_sysfs(n->name, n->dev) &&
				node_check_devnode(n->name, n->dev) ? NODE_LIVE : NODE_FAILED;

	pthread_mutex_lock(&nodes_lock);
	n->state = state;
	pthread_cond_broadcast(&nodes_cond);
	pthread_mutex_unlock(&nodes_lock);
}

static const struct cuse_lowlevel_ops cuse_ops = {
	.init = ll_init,
	.init_done = ll_init_done,
	.open = ll_open,
	.read = ll_read,
	.write = ll_write,
	.release = ll_release,
	.ioctl = ll_ioctl,
	.poll = ll_poll,
};

/* ---- the loop thread ---- */

/* The kernel names the class device after DEVNAME with '/' as '!'. */
bool node_check_sysfs(const char *name, dev_t dev)
{
	char path[PATH_MAX], want[32], have[32] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/cuse/%s/dev", name);
	for (char *p = path + strlen("/sys/class/cuse/"); *p && strcmp(p, "/dev"); p++)
		if (*p == '/')
			*p = '!';
	f = fopen(path, "re");
	if (!f)
		return false;
	if (!fgets(have, sizeof(have), f))
		have[0] = '\0';
	fclose(f);
	snprintf(want, sizeof(want), "%u:%u\n", MAJOR(dev), MINOR(dev));
	return !strcmp(have, want);
}

static void node_free(struct cuse_node *n)
{
	free(n);
}

/* Loop thread only: close the connection (the kernel removes the device). */
static void node_destroy(struct cuse_node *n)
{
	struct cuse_node **pp;
	bool free_now;

	epoll_ctl(epfd, EPOLL_CTL_DEL, n->fd, NULL);
	fuse_session_destroy(n->se);	/* closes n->fd */
	/* Log now: once it is NODE_DEAD, a thread in nodes_release() may free it. */
	pr_dbg("cuse: node %s (%u:%u) removed", n->name, MAJOR(n->dev), MINOR(n->dev));
	pthread_mutex_lock(&nodes_lock);
	for (pp = &nodes; *pp && *pp != n; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = n->next;
	n->state = NODE_DEAD;
	free_now = n->waiters == 0;
	pthread_cond_broadcast(&nodes_cond);
	pthread_mutex_unlock(&nodes_lock);
	if (free_now)
		node_free(n);
}

static void loop_run_commands(void)
{
	struct cuse_node *list, *next;
	uint64_t v;

	if (read(cmdfd, &v, sizeof(v)) < 0 && errno != EAGAIN)
		pr_err_lib("cuse: loop command read: %s", strerror(errno));
	pthread_mutex_lock(&nodes_lock);
	list = cmd_destroy;
	cmd_destroy = NULL;
	pthread_mutex_unlock(&nodes_lock);
	for (; list; list = next) {
		next = list->next_cmd;
		node_destroy(list);
	}
}

/* The leader: take in one request and run it (after promoting a follower). */
static void loop_receive(struct cuse_node *n)
{
	static _Thread_local struct fuse_buf buf;	/* allocated by libfuse on first use */
	int res = fuse_session_receive_buf(n->se, &buf);

	if (res == -EINTR || res == -EAGAIN)
		return;
	if (res <= 0) {
		/* ENODEV: the kernel aborted the connection (refused at init, or gone). */
		epoll_ctl(epfd, EPOLL_CTL_DEL, n->fd, NULL);
		pthread_mutex_lock(&nodes_lock);
		if (n->state == NODE_STARTING || n->state == NODE_LIVE)
			n->state = NODE_FAILED;
		pthread_cond_broadcast(&nodes_cond);
		pthread_mutex_unlock(&nodes_lock);
		return;
	}
	fuse_session_process_buf(n->se, &buf);
}

/*
 * One event at a time: the leader runs what it receives, and the next event
 * is for the next leader. Receiving and destroying nodes both happen here,
 * under the leadership, so never at once.
 */
static void loop_lead(struct lf_pool *pool)
{
	struct epoll_event ev;
	int nr = epoll_wait(epfd, &ev, 1, -1);

	(void)pool;
	if (nr < 0 && errno != EINTR) {
		pr_err_lib("cuse: epoll_wait: %s", strerror(errno));
		return;
	}
	if (nr <= 0)
		return;
	if (ev.data.ptr == NULL)
		loop_run_commands();
	else
		loop_receive(ev.data.ptr);
}

/* ---- making nodes ---- */

static bool node_name_taken_locked(const char *name)
{
	for (struct cuse_node *n = nodes; n; n = n->next)
		if (n->state != NODE_DEAD && n->state != NODE_FAILED && !strcmp(n->name, name))
			return true;
	return false;
}

/* Open a connection for @dev and let the loop thread answer its CUSE_INIT. */
static int node_start(struct cuse_node *n)
{
	char devname[NODE_NAME_MAX + 8], mnt[32];
	const char *argv[] = { devname };
	struct cuse_info ci = {
		.dev_major = MAJOR(n->dev),
		.dev_minor = MINOR(n->dev),
		.dev_info_argc = 1,
		.dev_info_argv = argv,
		.flags = CUSE_UNRESTRICTED_IOCTL,
	};
	char *fuse_argv[] = { (char *)"libcdev", NULL };
	struct fuse_args args = FUSE_ARGS_INIT(1, fuse_argv);
	struct epoll_event ev = { .events = EPOLLIN };
	int err;

	snprintf(devname, sizeof(devname), "DEVNAME=%s", n->name);
	n->se = cuse_lowlevel_new(&args, &ci, &cuse_ops, n);
	fuse_opt_free_args(&args);	/* libfuse added its own options to them */
	if (!n->se)
		return -ENOMEM;
	n->fd = open(cuse_device(), O_RDWR | O_CLOEXEC);
	if (n->fd < 0) {
		err = -errno;
		goto out_destroy;
	}
	snprintf(mnt, sizeof(mnt), "/dev/fd/%d", n->fd);
	if (fuse_session_mount(n->se, mnt) != 0) {
		close(n->fd);
		err = -EIO;
		goto out_destroy;
	}
	ev.data.ptr = n;
	if (epoll_ctl(epfd, EPOLL_CTL_ADD, n->fd, &ev) < 0) {
		err = -errno;
		goto out_destroy;	/* the session owns the fd now */
	}
	return 0;

out_destroy:
	fuse_session_destroy(n->se);
	n->se = NULL;
	return err;
}

/* Why the kernel refused a node: the same name, or the number is taken. */
static int node_failure_errno(const struct cuse_node *n)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "/dev/%s", n->name);
	if (lstat(path, &st) == 0 && (!S_ISCHR(st.st_mode) || new_decode_dev(st.st_rdev) != n->dev))
		return -EEXIST;
	return -EBUSY;
}

static void nodes_wait_started(struct cuse_node **v, unsigned int count)
{
	pthread_mutex_lock(&nodes_lock);
	for (unsigned int i = 0; i < count; i++)
		while (v[i] && v[i]->state == NODE_STARTING)
			pthread_cond_wait(&nodes_cond, &nodes_lock);
	pthread_mutex_unlock(&nodes_lock);
}

/*
 * Drop the live reference of each node and wait until the unopened ones are
 * gone. Every node is marked as waited on before any reference drops, so the
 * loop thread leaves the freeing of all of them to this thread.
 */
static void nodes_release(struct cuse_node **v, unsigned int count)
{
	pthread_mutex_lock(&nodes_lock);
	for (unsigned int i = 0; i < count; i++)
		if (v[i])
			v[i]->waiters++;
	for (unsigned int i = 0; i < count; i++) {
		if (!v[i])
			continue;
		v[i]->deleted = true;
		node_put_locked(v[i]);
	}
	for (unsigned int i = 0; i < count; i++) {
		struct cuse_node *n = v[i];

		if (!n)
			continue;
		while (n->state != NODE_DEAD && n->open_files == 0)
			pthread_cond_wait(&nodes_cond, &nodes_lock);
		if (--n->waiters == 0 && n->state == NODE_DEAD)
			node_free(n);
	}
	pthread_mutex_unlock(&nodes_lock);
}

/* ---- the backend ---- */

/* cdev_add/cdev_del/device_create change nodes one at a time. */
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;

static int udev_timeout_ms(void)
{
	const char *s = getenv("LIBCDEV_UDEV_TIMEOUT_MS");

	return s && *s ? atoi(s) : 10000;
}

/* Create, start and register node @i of @cdev; NULL with *err set on failure. */
static struct cuse_node *node_create(struct cdev *cdev, dev_t dev, const char *name, int *err)
{
	struct cuse_node *n = calloc(1, sizeof(*n));

	if (!n) {
		*err = -ENOMEM;
		return NULL;
	}
	n->cdev = cdev;
	n->dev = dev;
	n->fd = -1;
	n->refs = 1;	/* live until cdev_del() */
	n->state = NODE_STARTING;
	snprintf(n->name, sizeof(n->name), "%s", name);

	pthread_mutex_lock(&nodes_lock);
	if (node_name_taken_locked(n->name)) {
		pthread_mutex_unlock(&nodes_lock);
		pr_err_lib("cuse: a node named \"%s\" already exists", n->name);
		free(n);
		*err = -EEXIST;
		return NULL;
	}
	n->next = nodes;
	nodes = n;
	pthread_mutex_unlock(&nodes_lock);

	*err = node_start(n);
	if (*err) {
		pr_err_lib("cuse: cannot open %s for node %s: %s", cuse_device(), n->name,
			   strerror(-*err));
		pthread_mutex_lock(&nodes_lock);
		n->state = NODE_DEAD;
		for (struct cuse_node **pp = &nodes; *pp; pp = &(*pp)->next)
			if (*pp == n) {
				*pp = n->next;
				break;
			}
		pthread_mutex_unlock(&nodes_lock);
		free(n);
		return NULL;
	}
	return n;
}

/* After the kernel answered every CUSE_INIT: the first refusal's errno, or 0. */
static int nodes_check_live(struct cuse_node **v, unsigned int count)
{
	int err = 0;

	pthread_mutex_lock(&nodes_lock);
	for (unsigned int i = 0; i < count && !err; i++)
		if (v[i]->state != NODE_LIVE) {
			err = node_failure_errno(v[i]);
			pr_err_lib("cuse: the kernel refused node %s (%u:%u): %s", v[i]->name,
				   MAJOR(v[i]->dev), MINOR(v[i]->dev), strerror(-err));
		}
	pthread_mutex_unlock(&nodes_lock);
	return err;
}

static int cuse_add(struct cdev *cdev)
{
	struct udev_waiter *uw = udev_wait_begin();
	struct cuse_node **v = calloc(cdev->count, sizeof(*v));
	char name[NODE_NAME_MAX];
	unsigned int i;
	int err = 0;

	if (!v) {
		udev_wait_end(uw);
		return -ENOMEM;
	}
	pthread_mutex_lock(&config_lock);
	for (i = 0; i < cdev->count && !err; i++) {
		err = node_name_for(cdev, cdev->dev + i, name, sizeof(name));
		if (!err)
			v[i] = node_create(cdev, cdev->dev + i, name, &err);
	}
	nodes_wait_started(v, cdev->count);
	if (!err)
		err = nodes_check_live(v, cdev->count);
	if (err) {
		nodes_release(v, cdev->count);
		free(v);
		goto out;
	}
	cdev->backend = v;
	if (uw && udev_timeout_ms() > 0)
		udev_wait_for(uw, cdev->dev, cdev->count, udev_timeout_ms());
out:
	pthread_mutex_unlock(&config_lock);
	udev_wait_end(uw);
	return err;
}

static void cuse_del(struct cdev *cdev)
{
	struct cuse_node **v = cdev->backend;

	if (!v)
		return;
	pthread_mutex_lock(&config_lock);
	nodes_release(v, cdev->count);
	cdev->backend = NULL;
	pthread_mutex_unlock(&config_lock);
	free(v);
}

/* device_create() after cdev_add(): make the node anew under its new name, if unused. */
static void cuse_rename(dev_t dev)
{
	struct cuse_node *old = NULL, *n;
	char name[NODE_NAME_MAX];
	struct cuse_node **v;
	struct cdev *cdev;
	int err;

	pthread_mutex_lock(&config_lock);
	pthread_mutex_lock(&nodes_lock);
	for (n = nodes; n; n = n->next)
		if (n->dev == dev && !n->deleted && n->state == NODE_LIVE)
			old = n;
	if (old && old->open_files) {
		pr_err_lib("cuse: node %s is open: it keeps its name", old->name);
		old = NULL;
	}
	pthread_mutex_unlock(&nodes_lock);
	if (!old || device_name_of(dev, name, sizeof(name)) || !strcmp(name, old->name))
		goto out;

	cdev = old->cdev;
	v = cdev->backend;
	nodes_release(&v[dev - cdev->dev], 1);
	v[dev - cdev->dev] = n = node_create(cdev, dev, name, &err);
	if (n) {
		nodes_wait_started(&n, 1);
		err = nodes_check_live(&n, 1);
	}
	if (err)
		pr_err_lib("cuse: %u:%u has no node now: %s", MAJOR(dev), MINOR(dev), strerror(-err));
out:
	pthread_mutex_unlock(&config_lock);
}

static const struct libcdev_backend cuse_backend = {
	.name = "cuse",
	.add = cuse_add,
	.del = cuse_del,
	.rename = cuse_rename,
};

const struct libcdev_backend *cuse_backend_start(void)
{
	static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
	struct epoll_event ev = { .events = EPOLLIN, .data.ptr = NULL };
	int fd, err = 0;

	/* Fail early and clearly where there is no CUSE or no permission. */
	fd = open(cuse_device(), O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		pr_err_lib("cuse: cannot open %s: %s", cuse_device(), strerror(errno));
		return ERR_PTR(err);
	}
	close(fd);

	pthread_mutex_lock(&start_lock);
	if (epfd >= 0)
		goto out;
	epfd = epoll_create1(EPOLL_CLOEXEC);
	cmdfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (epfd < 0 || cmdfd < 0 || epoll_ctl(epfd, EPOLL_CTL_ADD, cmdfd, &ev) < 0) {
		err = -errno;
		goto out_close;
	}
	err = lf_start(&request_threads);
	if (err)
		goto out_close;
	goto out;

out_close:
	if (epfd >= 0)
		close(epfd);
	if (cmdfd >= 0)
		close(cmdfd);
	epfd = cmdfd = -1;
out:
	pthread_mutex_unlock(&start_lock);
	return err ? ERR_PTR(err) : &cuse_backend;
}
