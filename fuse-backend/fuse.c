/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the FUSE backend: where there is no /dev/cuse, every live device
 * number becomes a regular file in a FUSE file system of this process,
 * named as its /dev node would be, and served by the same dispatcher.
 *
 * One session, mounted at start-up: one channel of the request threads
 * (leaders.h), whose receivers read and run its requests, as the CUSE
 * backend's do for each node's connection.
 * Names and attributes live in tree.c, so cdev_add() and cdev_del() need no
 * round trip to the kernel. The mount goes at libcdev_backend_stop(), or
 * failing that when the process exits (atexit: after return from main() or
 * exit(), not after _exit()); a killed process leaves a stale mount that the
 * next start clears.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuse-private.h"

/* libfuse's struct fuse_conn_info has a field named as the kernel's capable(). */
#undef capable

#define FUSE_DEVICE "/dev/fuse"

static struct fuse_session *se;
static char mountpoint[PATH_MAX];
static bool mountpoint_created;
static pid_t mount_pid; /* a fork()ed child must not unmount its parent's mount */
static bool mounted;
static char *wanted_mountpoint; /* libcdev_backend_set_mountpoint() */
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- the backend ---- */

static void report_exists(const char *name, int err)
{
	if (err == -EEXIST)
		pr_err_lib("fuse: a file named \"%s\" already exists", name);
	else if (err == -EBUSY)
		pr_err_lib("fuse: the number of \"%s\" has a file already", name);
}

static int fuse_add(struct cdev *cdev)
{
	char name[256];
	struct fnode *n;
	int err = 0;

	/* Under the lock the whole time: no lookup sees half of the range. */
	pthread_mutex_lock(&tree_lock);
	for (unsigned int i = 0; i < cdev->count && !err; i++) {
		err = node_name_for(cdev, cdev->dev + i, name, sizeof(name));
		if (!err && tree_file_of(cdev->dev + i))
			err = -EBUSY; /* as through CUSE: one live node per number */
		if (!err)
			err = tree_add_file(name, cdev->dev + i, cdev, &n);
		report_exists(name, err);
	}
	if (err)
		tree_delete_cdev(cdev);
	pthread_mutex_unlock(&tree_lock);
	return err;
}

static void fuse_del(struct cdev *cdev)
{
	pthread_mutex_lock(&tree_lock);
	tree_delete_cdev(cdev);
	pthread_mutex_unlock(&tree_lock);
}

/* device_create() after cdev_add(): the file takes its new name, unless it is open. */
static void fuse_rename(dev_t dev)
{
	char name[256];
	struct fnode *old, *n;
	struct cdev *cdev;
	int err;

	pthread_mutex_lock(&tree_lock);
	old = tree_file_of(dev);
	if (!old || device_name_of(dev, name, sizeof(name)))
		goto out;
	if (old->open_files || old->opening) {
		pr_err_lib("fuse: %s is open: it keeps its name", old->name);
		goto out;
	}
	cdev = old->cdev;
	old->deleted = true;
	old->cdev = NULL;
	tree_unlink(old);
	err = tree_add_file(name, dev, cdev, &n);
	if (err) {
		report_exists(name, err);
		pr_err_lib("fuse: %u:%u has no file now: %s", MAJOR(dev), MINOR(dev),
			   strerror(-err));
	}
out:
	pthread_mutex_unlock(&tree_lock);
}

static const struct libcdev_backend fuse_backend = {
	.name = "fuse",
	.add = fuse_add,
	.del = fuse_del,
	.rename = fuse_rename,
};

/* ---- the session ---- */

/* The session's reads and writes (ll-fast.h); its threads may outlive a session. */
static struct ll_conn session_conn = LL_CONN_INIT(fuse_fast_run, NULL);

static void ll_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	/* Requests are read in the receive buffer (ll_conn_process()): no splicing. */
	conn->want &= ~(FUSE_CAP_SPLICE_READ | FUSE_CAP_SPLICE_WRITE | FUSE_CAP_SPLICE_MOVE);
	ll_conn_init_done(&session_conn, conn);
	/* Directories have no driver behind them: their ioctls fail ENOTTY in the kernel. */
	conn->want &= ~FUSE_CAP_IOCTL_DIR;
	/* O_TRUNC comes with the open (ignored, as for a device), not as a truncate. */
	if (conn->capable & FUSE_CAP_ATOMIC_O_TRUNC)
		conn->want |= FUSE_CAP_ATOMIC_O_TRUNC;
}

/* In a receiver, cancellable: wait for one request of the session. */
static int session_receive(struct lf_chan *chan)
{
	(void)chan;
	return fuse_session_receive_buf(se, ll_receive_buf());
}

/*
 * Then run it. When the connection is gone (unmounted: 0 or -ENODEV), every
 * receiver gets that from its read and ends: the session's descriptor is
 * never closed while they may read it (fuse_session_destroy() is not called
 * once it is served), so the channel needs no lf_del().
 */
static void session_process(struct lf_chan *chan, int res)
{
	(void)chan;
	if (res > 0)
		ll_conn_process(&session_conn, se, ll_receive_buf());
}

struct lf_pool fuse_request_threads =
	LF_POOL_INIT(session_receive, session_process, ll_thread_exit, "fuse");
static struct lf_chan session_chan;

/* Serve the mounted session: receivers wait in read(2) on its (blocking) connection. */
static int serve(void)
{
	int err = lf_start(&fuse_request_threads);

	return err ? err : lf_add(&fuse_request_threads, &session_chan, NULL);
}

static struct fuse_session *session_new(void)
{
	struct fuse_lowlevel_ops ops = { .init = ll_init };
	/*
	 * As root, like a /dev node: every user may open a file (allow_other)
	 * and the kernel checks its mode (default_permissions). A user's mount
	 * serves only that user, unless /etc/fuse.conf has user_allow_other.
	 */
	char *argv[] = {
		(char *)"libcdev",
		(char *)"-o",
		(char *)(geteuid() == 0 ?
				 "allow_other,default_permissions,fsname=libcdev,subtype=libcdev" :
				 "default_permissions,fsname=libcdev,subtype=libcdev"),
		NULL,
	};
	struct fuse_args args = FUSE_ARGS_INIT(3, argv);
	struct fuse_session *s;

	tree_ops(&ops);
	file_ops(&ops);
	s = fuse_session_new(&args, &ops, sizeof(ops), NULL);
	fuse_opt_free_args(&args);
	return s;
}

/* Fail early and clearly where there is no FUSE. */
/* Whether the FUSE device can be opened. */
static int fuse_probe(const char **what)
{
	*what = FUSE_DEVICE;
	return path_openable(FUSE_DEVICE);
}

/* Unmount once, in the process that mounted; a fork()ed child never unmounts. */
static void unmount_once(void)
{
	int err;

	pthread_mutex_lock(&start_lock);
	if (!mounted || getpid() != mount_pid)
		goto out;
	mount_pid = 0;
	err = mnt_detach(mountpoint);
	if (err)
		pr_err_lib("fuse: cannot unmount %s: %s", mountpoint, strerror(-err));
	else if (mountpoint_created)
		rmdir(mountpoint);
out:
	pthread_mutex_unlock(&start_lock);
}

/* The fallback for programs that never call libcdev_backend_stop(). */
static void fuse_atexit(void)
{
	unmount_once();
}

/* Unmount now, for good (the loop thread ends with the mount); idempotent. */
static void fuse_backend_stop(void)
{
	unmount_once();
}

static int mount_and_run(void)
{
	static bool atexit_done;
	int err;

	se = session_new();
	if (!se)
		return -ENOMEM;
	if (fuse_session_mount(se, mountpoint) != 0) {
		pr_err_lib("fuse: cannot mount at %s", mountpoint);
		err = -EIO;
		goto out_destroy;
	}
	ll_conn_attach(&session_conn, fuse_session_fd(se));
	err = serve();
	if (err)
		goto out_unmount;
	mount_pid = getpid();
	if (!atexit_done)
		atexit_done = atexit(fuse_atexit) == 0;
	return 0;

out_unmount:
	fuse_session_unmount(se);
out_destroy:
	fuse_session_destroy(se);
	se = NULL;
	return err;
}

/* The mount point asked for: by the program, else by the environment; NULL for the default. */
static const char *wanted(void)
{
	const char *env = getenv("LIBCDEV_FUSE_MOUNTPOINT");

	if (wanted_mountpoint)
		return wanted_mountpoint;
	return env && *env ? env : NULL;
}

/* Mount and start the loop thread once; the backend, or ERR_PTR(-errno). */
static const struct libcdev_backend *fuse_backend_start(void)
{
	int err;

	pthread_mutex_lock(&start_lock);
	err = -ESHUTDOWN; /* libcdev_backend_stop() was final */
	if (mounted && !mount_pid)
		goto out_err;
	if (mounted)
		goto out;
	err = backend_type_check(&fuse_backend_type);
	if (!err)
		err = mnt_prepare(wanted(), mountpoint, sizeof(mountpoint), &mountpoint_created);
	if (err)
		goto out_err;
	tree_init();
	err = mount_and_run();
	if (err) {
		if (mountpoint_created)
			rmdir(mountpoint);
		goto out_err;
	}
	pr_dbg("fuse: mounted at %s", mountpoint);
	__atomic_store_n(&mounted, true, __ATOMIC_RELEASE);
out:
	pthread_mutex_unlock(&start_lock);
	return &fuse_backend;

out_err:
	pthread_mutex_unlock(&start_lock);
	return ERR_PTR(err);
}

/* The mount point in use, or NULL before the start. */
static const char *fuse_backend_mountpoint(void)
{
	return __atomic_load_n(&mounted, __ATOMIC_ACQUIRE) ? mountpoint : NULL;
}

/* The mount point for the start (NULL: the default); -EBUSY once mounted elsewhere. */
static int fuse_backend_set_mountpoint(const char *dir)
{
	char *copy = dir && *dir ? strdup(dir) : NULL;
	int err = 0;

	if (dir && *dir && !copy)
		return -ENOMEM;
	pthread_mutex_lock(&start_lock);
	if (mounted) {
		/* A mount point does not move: only the one in use is accepted now. */
		err = copy && !strcmp(copy, mountpoint) ? 0 : -EBUSY;
		free(copy);
	} else {
		free(wanted_mountpoint);
		wanted_mountpoint = copy;
	}
	pthread_mutex_unlock(&start_lock);
	return err;
}

const struct libcdev_backend_type fuse_backend_type = {
	.name = "fuse",
	.label = "FUSE",
	.probe = fuse_probe,
	.start = fuse_backend_start,
	.location = fuse_backend_mountpoint,
	.set_location = fuse_backend_set_mountpoint,
	.stop = fuse_backend_stop,
};
