/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the dispatcher's calls, shared by the backends.
 */
#ifndef LIBCDEV_FILE_PRIVATE_H
#define LIBCDEV_FILE_PRIVATE_H

#include <libcdev/libcdev.h>
#include <libcdev/uio.h>

struct file_call;

struct open_file {
	struct file file;
	struct cdev *cdev;	/* the reference chrdev_open() took */
	/* For a hang-up (vfs_hangup_module()), under the dispatcher's files lock: */
	struct open_file *prev, *next;	/* every open file */
	/*
	 * Under calls_lock, the file's own, so that a call on one file takes no
	 * lock another file's calls take (a hang-up takes both, files lock first).
	 * A spin lock: every call takes it twice for a few stores, where a
	 * mutex's lock and unlock cost four times the instructions and one more
	 * atomic operation; only a hang-up holds it longer.
	 */
	pthread_spinlock_t calls_lock;
	struct file_call *calls;	/* the driver methods running on it */
	bool hung_up;			/* calls fail EIO; no driver code runs for it again */
	bool released;			/* ->release has run; the backend's release frees it */
	bool releasing;			/* a hang-up is running ->release */
	void (*unhook)(void *data);	/* the backend's, before a hang-up's ->release */
	void *unhook_data;
	pid_t opener_pid, opener_tgid;	/* `current` for a release by a hang-up */
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
 * The file position, for the dispatcher (file.c) and the drivers' seek
 * helpers (file-helpers.c).
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

#endif
