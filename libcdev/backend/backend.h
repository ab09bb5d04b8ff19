/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the seam between the core and the backends: how a backend is
 * told that numbers became live or went away, and what it calls for a
 * request (open, read, write, ioctl, ... on the dispatcher of fs/vfs.c), with
 * `current` (kernel/sched/wait.c) and the caller's memory (lib/usercopy.c)
 * set for it. The core includes no backend's header.
 *
 * Included by: the backends (cuse-backend/, fuse-backend/ and the FUSE
 * protocol code they share, fuse-common/), and the files of libcdev/ that
 * implement this interface. It brings core/core.h (attributes, the log) with it.
 */
#ifndef LIBCDEV_BACKEND_SEAM_H
#define LIBCDEV_BACKEND_SEAM_H

#include <stdbool.h>
#include <sys/types.h>

#include <libcdev/libcdev.h>
#include <libcdev/uio.h>

#include "core/core.h"

/* ---- backends, as the core knows them (backend/backend.c) ---- */

/* The cdev map (char_dev.c): number -> the smallest live range holding it. */
struct cdev *cdev_lookup_get(dev_t dev);

/* Backends: told when ranges become live and when they go away. */
struct libcdev_backend {
	const char *name;
	int (*add)(struct cdev *cdev); /* 0, or negative errno; nothing left on failure */
	void (*del)(struct cdev *cdev);
	void (*rename)(dev_t dev); /* device_create() named a number */
};

/*
 * A backend as the core knows it (backend.c): each backend defines one in
 * its own folder, and the core includes none of their headers.
 */
struct libcdev_backend_type {
	const char *name;  /* as libcdev_backend_select() takes it */
	const char *label; /* in messages */
	/* 0 when it can start here, else a negative errno; *what names what was tried. */
	int (*probe)(const char **what);
	/* Start once (later calls return the same); the backend, or ERR_PTR(-errno). */
	const struct libcdev_backend *(*start)(void);
	const char *(*location)(void);	      /* where its nodes appear, once started */
	int (*set_location)(const char *dir); /* optional: before the start */
	void (*stop)(void);		      /* optional: for good, no cdev live */
};

/* A probe's test: whether @path can be opened read-write; 0 or a negative errno. */
int path_openable(const char *path);

/* Probe @type before its start, and say why it cannot start: "NAME: cannot open WHAT: ...". */
int backend_type_check(const struct libcdev_backend_type *type);

/* The backends built in; "auto" tries them in this order (backend.c). */
extern const struct libcdev_backend_type cuse_backend_type, fuse_backend_type;

/* Whether @name can name a node below /dev (drivers/base/core.c). */
bool node_name_valid(const char *name);

/* The name device_create() gave @devt; -ENOENT if none. */
int device_name_of(dev_t devt, char *buf, size_t size);

/* The device number device_create() gave the name @name; -ENOENT if none. */
int device_number_of(const char *name, dev_t *devt);

/* chmod() @dev's node to @mode (0: leave the backend's), as a udev rule would. */
void node_chmod(struct cdev *cdev, dev_t dev, unsigned short mode);

/* The path of @dev's node, below /dev or the FUSE mount (drivers/base/core.c). */
int node_name_for(struct cdev *cdev, dev_t dev, char *buf, size_t size);

/* Whether any cdev is live (a backend may not change under live cdevs). */
bool cdev_map_empty(void);

int libcdev_backend_set(const struct libcdev_backend *backend);
const struct libcdev_backend *libcdev_backend_get(void);

/* ---- a request on an open file: the dispatcher (fs/vfs.c) ---- */

struct file_call;

struct open_file {
	struct file file;
	struct cdev *cdev; /* the reference chrdev_open() took */
	/* For a hang-up (vfs_hangup_module()), under the dispatcher's files lock: */
	struct open_file *prev, *next; /* every open file */
	/*
	 * Under calls_lock, the file's own, so that a call on one file takes no
	 * lock another file's calls take (a hang-up takes both, files lock first).
	 * A spin lock: every call takes it twice for a few stores, where a
	 * mutex's lock and unlock cost four times the instructions and one more
	 * atomic operation; only a hang-up holds it longer.
	 */
	pthread_spinlock_t calls_lock;
	struct file_call *calls;    /* the driver methods running on it */
	bool hung_up;		    /* calls fail EIO; no driver code runs for it again */
	bool released;		    /* ->release has run; the backend's release frees it */
	bool releasing;		    /* a hang-up is running ->release */
	void (*unhook)(void *data); /* the backend's, before a hang-up's ->release */
	void *unhook_data;
	pid_t opener_pid, opener_tgid; /* `current` for a release by a hang-up */
	uid_t opener_uid;
	gid_t opener_gid;
};

int vfs_open(dev_t dev, int flags, struct file **filp);
int vfs_flush(struct file *file);
void vfs_release(struct file *file);
ssize_t vfs_read(struct file *file, void __user *buf, size_t count);
ssize_t vfs_write(struct file *file, const void __user *buf, size_t count);
/* readv(2)/writev(2): ->read_iter/->write_iter over the segments, else ->read/->write on each. */
ssize_t vfs_readv(struct file *file, const struct iovec *iov, unsigned long nr);
ssize_t vfs_writev(struct file *file, const struct iovec *iov, unsigned long nr);
loff_t vfs_llseek(struct file *file, loff_t offset, int whence);
long vfs_ioctl(struct file *file, unsigned int cmd, unsigned long arg);
__poll_t vfs_poll(struct file *file, struct poll_table_struct *pt);
int vfs_fsync(struct file *file, int datasync);

/*
 * Hang up every open file of @mod before a forced unload runs its exit (the
 * kernel never unloads a module in use; rmmod -f and a host's end do): later
 * calls on them fail EIO, running methods are interrupted as by a signal and
 * waited for up to @timeout_ms, then ->flush and ->release run as the opener,
 * as when a process holding a file dies. Returns how many files still had a
 * method running at the deadline: those keep their references, as before.
 */
int vfs_hangup_module(struct module *mod, int timeout_ms);

/* @unhook(@data) runs before a hang-up's ->release: the backend's hooks into the driver go. */
void vfs_set_unhook(struct file *file, void (*unhook)(void *data), void *data);

/*
 * The file position, for the dispatcher (vfs.c) and the drivers' seek
 * helpers (libfs.c).
 */
/* Char devices take no f_pos lock in the kernel: a blocked reader must not stall a writer. */
static inline loff_t pos_load(struct file *file)
{
	return __atomic_load_n(&file->f_pos, __ATOMIC_RELAXED);
}

static inline void pos_store(struct file *file, loff_t pos)
{
	__atomic_store_n(&file->f_pos, pos, __ATOMIC_RELAXED);
}

/* ---- the caller: `current` for the request (kernel/sched/wait.c) ---- */

/*
 * Fill a task for a request of process @tgid (thread @pid, @tgid 0 if not
 * known); @lock guards its wait state. Reads nothing: see task_fill().
 */
void task_init(struct task_struct *t, pid_t pid, pid_t tgid, uid_t uid, gid_t gid,
	       pthread_mutex_t *lock);

/*
 * Read what the request does not carry (comm, the real ids, the tgid if not
 * given) from /proc, unless done: task_init() leaves it to the first
 * libcdev_current() of the request, as most requests never ask.
 */
void task_fill(struct task_struct *t);

/* `current` without reading /proc: for what needs only the ids, the pid and the wait state. */
struct task_struct *task_current(void);

/*
 * Before an interruptible sleep, and when the driver asks for `current`
 * (to read signal_pending()): from now on an interrupt of the request must
 * reach @t, so the backend starts watching for them, once. Most requests
 * never get here, and watching costs locks of the protocol library.
 */
static inline void task_watch_interrupts(struct task_struct *t)
{
	void (*watch)(struct task_struct * task) = t->watch_interrupts;

	if (watch) {
		t->watch_interrupts = NULL;
		watch(t);
	}
}

/* Make @t the `current` of this thread (NULL: back to this thread's own task). */
void task_set_current(struct task_struct *t);

/* CLOCK_MONOTONIC_COARSE in ns: the age of what a thread remembers of a caller. */
long long monotonic_ns(void);
/* How long a thread trusts what it last read of a caller in /proc. */
#define TASK_CACHE_NS (100 * 1000 * 1000)

/* ---- the caller's memory (lib/usercopy.c) ---- */

/* How a backend reaches the memory of the process whose request runs on this thread. */
struct uaccess_ops {
	unsigned long (*copy_from)(void *ctx, void *to, const void *from, unsigned long n);
	unsigned long (*copy_to)(void *ctx, void *to, const void *from, unsigned long n);
	/* clear_user() where it can do better than copy_to() of zeros: true when done */
	bool (*clear)(void *ctx, void *to, unsigned long n);
};

void uaccess_set(const struct uaccess_ops *ops, void *ctx);
unsigned long uaccess_pid_copy(pid_t pid, void *local, const void *remote, unsigned long n,
			       bool to_remote);

#endif
