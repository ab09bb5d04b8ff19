/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the CUSE backend: every live device number becomes /dev/NAME.
 *
 * One CUSE connection serves exactly one device number (fs/fuse/cuse.c), so a
 * cdev of count N is N connections, each its own open() of /dev/cuse. Every
 * connection has its own request threads (leaders.h), waiting in read(2) on
 * it; the one the kernel wakes reads one request into its own buffer and
 * runs it itself, replying straight to the connection. No request is copied,
 * queued or passed between threads. The requests themselves are
 * cuse-files.c's.
 *
 * A node lives while its cdev is added or any file on it is open. A node
 * holds a reference for being live, one for every open file and one for
 * every request being run; the last one going queues its destruction, which
 * the destruction thread runs (never a request thread: it waits for the
 * node's receivers to end), and closing the connection makes the kernel
 * remove the device. A request read after the last reference went is not
 * run: the connection is about to close, and the kernel fails it then.
 *
 * Destroyed nodes' memory is kept for the next nodes rather than freed. With
 * receivers that end before the connection closes (lf_del()), nothing of the
 * request threads points at a destroyed node; a thread in nodes_release()
 * frees what it waited on (->waiters). Whether anything else may still hold
 * a destroyed node has not been re-checked since the threads waited on an
 * epoll set of every node, whose late events did: so the memory is kept.
  */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fcntl.h>
#include <fuse3/cuse_lowlevel.h>
#include <fuse3/fuse_lowlevel.h>
#include <limits.h>
#include <sched.h>
#include <stddef.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend/backend.h"
#include "cuse-private.h"
#include "cuse-node.h"
#include "udev-wait.h"

#define CUSE_DEVICE_DEFAULT "/dev/cuse"
pthread_mutex_t nodes_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nodes_cond = PTHREAD_COND_INITIALIZER;
static struct cuse_node *nodes;
static struct cuse_node *free_nodes;  /* destroyed, for the next ones (see above) */
static struct cuse_node *cmd_destroy; /* nodes to destroy */
static int cmdfd = -1;		      /* the destruction queue's eventfd, blocking */

static const char *cuse_device(void)
{
	const char *p = getenv("LIBCDEV_CUSE_DEVICE");

	return p && *p ? p : CUSE_DEVICE_DEFAULT;
}

/* ---- node references ---- */

static void loop_kick(void)
{
	uint64_t one = 1;

	if (write(cmdfd, &one, sizeof(one)) < 0)
		pr_err_lib("cuse: cannot queue a node's destruction: %s", strerror(errno));
}

/* Called with nodes_lock held, after the last reference went. */
static void node_queue_destroy_locked(struct cuse_node *n)
{
	n->next_cmd = cmd_destroy;
	cmd_destroy = n;
	loop_kick();
}

void node_put_locked(struct cuse_node *n)
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

/* A reference for a request, refused once the node's destruction is queued. */
static bool node_tryget(struct cuse_node *n)
{
	int refs = atomic_load(&n->refs);

	while (refs > 0)
		if (atomic_compare_exchange_weak(&n->refs, &refs, refs + 1))
			return true;
	return false;
}

/* Take back the live reference of a node never served (no receiver holds one then). */
static void node_unget_live(struct cuse_node *n)
{
	int live = 1;

	while (!atomic_compare_exchange_weak(&n->refs, &live, 0)) {
		live = 1;
		sched_yield();
	}
}

/* ---- the request threads ---- */

static int node_receive(struct lf_chan *chan);
static void node_process(struct lf_chan *chan, int res);
struct lf_pool cuse_request_threads =
	LF_POOL_INIT(node_receive, node_process, ll_thread_exit, "cuse");

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

/* Kept for the next node, never freed: see above. Its refs stay 0 meanwhile. */
static void node_free_locked(struct cuse_node *n)
{
	n->next = free_nodes;
	free_nodes = n;
}

static void node_free(struct cuse_node *n)
{
	pthread_mutex_lock(&nodes_lock);
	node_free_locked(n);
	pthread_mutex_unlock(&nodes_lock);
}

/* A zeroed node, refs 0 until it is served. */
static struct cuse_node *node_alloc(void)
{
	struct cuse_node *n;

	pthread_mutex_lock(&nodes_lock);
	n = free_nodes;
	if (n)
		free_nodes = n->next;
	pthread_mutex_unlock(&nodes_lock);
	if (!n)
		return calloc(1, sizeof(*n));
	memset(n, 0, offsetof(struct cuse_node, refs));
	return n;
}

/* Once the last reference went: close the connection (the kernel removes the device). */
static void node_destroy(struct cuse_node *n)
{
	struct cuse_node **pp;

	/* Its receivers end first: none reads a closed (or reused) descriptor. */
	lf_del(&cuse_request_threads, &n->chan);
	ll_conn_destroy(&n->conn);
	fuse_session_destroy(n->se); /* closes n->fd */
	/* Log now: once it is NODE_DEAD, a thread in nodes_release() may free it. */
	pr_dbg("cuse: node %s (%u:%u) removed", n->name, MAJOR(n->dev), MINOR(n->dev));
	pthread_mutex_lock(&nodes_lock);
	for (pp = &nodes; *pp && *pp != n; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = n->next;
	n->state = NODE_DEAD;
	if (n->waiters == 0)
		node_free_locked(n);
	pthread_cond_broadcast(&nodes_cond);
	pthread_mutex_unlock(&nodes_lock);
}

/* Destroy the nodes queued. */
static void loop_run_commands(void)
{
	struct cuse_node *list, *next;

	pthread_mutex_lock(&nodes_lock);
	list = cmd_destroy;
	cmd_destroy = NULL;
	pthread_mutex_unlock(&nodes_lock);
	for (; list; list = next) {
		next = list->next_cmd;
		node_destroy(list);
	}
}

/* The destruction thread: out of request context, since lf_del() waits for the node's receivers. */
static void *loop_commands_main(void *arg)
{
	uint64_t v;

	(void)arg;
	for (;;) {
		if (read(cmdfd, &v, sizeof(v)) < 0 && errno != EINTR) {
			pr_err_lib("cuse: loop command read: %s", strerror(errno));
			sleep(1);
		}
		loop_run_commands();
	}
	return NULL;
}

/* In a receiver of @chan, cancellable: wait for one request of its node. */
static int node_receive(struct lf_chan *chan)
{
	struct cuse_node *n = chan->data;

	return fuse_session_receive_buf(n->se, ll_receive_buf());
}

/* Then run it, with a reference; or mark the node failed when the connection is gone. */
static void node_process(struct lf_chan *chan, int res)
{
	struct cuse_node *n = chan->data;

	if (res > 0) {
		/*
		 * None once the node's destruction is queued: see above. The
		 * reference holds the node for the request's handler (cuse_req_run()).
		 */
		if (!node_tryget(n))
			return;
		ll_conn_process(&n->conn, n->se, ll_receive_buf());
		node_put(n);
	} else if (res != -EINTR && res != -EAGAIN) {
		/* 0 or -ENODEV: the kernel aborted the connection (refused at init, or gone). */
		pthread_mutex_lock(&nodes_lock);
		if (n->state == NODE_STARTING || n->state == NODE_LIVE)
			n->state = NODE_FAILED;
		pthread_cond_broadcast(&nodes_cond);
		pthread_mutex_unlock(&nodes_lock);
	}
}

/* ---- making nodes ---- */

static bool node_name_taken_locked(const char *name)
{
	for (struct cuse_node *n = nodes; n; n = n->next)
		if (n->state != NODE_DEAD && n->state != NODE_FAILED && !strcmp(n->name, name))
			return true;
	return false;
}

/* Open a connection for @dev and let the request threads answer its CUSE_INIT. */
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
	int err;

	snprintf(devname, sizeof(devname), "DEVNAME=%s", n->name);
	n->se = cuse_lowlevel_new(&args, &ci, &cuse_ops, n);
	fuse_opt_free_args(&args); /* libfuse added its own options to them */
	if (!n->se)
		return -ENOMEM;
	/* Blocking: its receivers wait in read(2). */
	n->fd = open(cuse_device(), O_RDWR | O_CLOEXEC);
	if (n->fd < 0) {
		err = -errno;
		goto out_destroy;
	}
	ll_conn_init(&n->conn, n->fd, cuse_fast_run, n);
	snprintf(mnt, sizeof(mnt), "/dev/fd/%d", n->fd);
	if (fuse_session_mount(n->se, mnt) != 0) {
		close(n->fd);
		err = -EIO;
		goto out_conn;
	}
	/* Live from here on (released: what was set above is seen with a reference). */
	atomic_store(&n->refs, 1);
	err = lf_add(&cuse_request_threads, &n->chan, n);
	if (err) {
		node_unget_live(n);
		goto out_conn; /* the session owns the fd now */
	}
	return 0;

out_conn:
	ll_conn_destroy(&n->conn);
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
 * thread destroying them leaves the freeing of all of them to this thread.
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
			node_free_locked(n);
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
	struct cuse_node *n = node_alloc();

	if (!n) {
		*err = -ENOMEM;
		return NULL;
	}
	n->cdev = cdev;
	n->dev = dev;
	n->fd = -1;
	/* refs: 1, live until cdev_del(), once its connection is open (node_start()) */
	ll_share_init(&n->share, dev);
	n->state = NODE_STARTING;
	snprintf(n->name, sizeof(n->name), "%s", name);

	pthread_mutex_lock(&nodes_lock);
	if (node_name_taken_locked(n->name)) {
		pthread_mutex_unlock(&nodes_lock);
		pr_err_lib("cuse: a node named \"%s\" already exists", n->name);
		node_free(n);
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
		node_free(n);
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
		pr_err_lib("cuse: %u:%u has no node now: %s", MAJOR(dev), MINOR(dev),
			   strerror(-err));
out:
	pthread_mutex_unlock(&config_lock);
}

static const struct libcdev_backend cuse_backend = {
	.name = "cuse",
	.add = cuse_add,
	.del = cuse_del,
	.rename = cuse_rename,
};

/* Whether the CUSE device can be opened: no CUSE in the kernel, or not root. */
static int cuse_probe(const char **what)
{
	*what = cuse_device();
	return path_openable(*what);
}

static const struct libcdev_backend *cuse_backend_start(void)
{
	static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
	pthread_t cmd_thread;
	int err;

	/* Fail early and clearly where there is no CUSE or no permission. */
	err = backend_type_check(&cuse_backend_type);
	if (err)
		return ERR_PTR(err);

	pthread_mutex_lock(&start_lock);
	if (cmdfd >= 0)
		goto out;
	cmdfd = eventfd(0, EFD_CLOEXEC);
	if (cmdfd < 0) {
		err = -errno;
		goto out;
	}
	err = lf_start(&cuse_request_threads);
	if (!err)
		err = thread_start_nosig(&cmd_thread, loop_commands_main, NULL);
	if (err) {
		/* The retiring thread, if it started, stays: it has no channel to look at. */
		close(cmdfd);
		cmdfd = -1;
	}
out:
	pthread_mutex_unlock(&start_lock);
	return err ? ERR_PTR(err) : &cuse_backend;
}

static const char *cuse_location(void)
{
	return "/dev";
}

const struct libcdev_backend_type cuse_backend_type = {
	.name = "cuse",
	.label = "CUSE",
	.probe = cuse_probe,
	.start = cuse_backend_start,
	.location = cuse_location,
};
