/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/open.c, fs/read_write.c, fs/ioctl.c:
 * the dispatcher: what the kernel's VFS does around a char driver
 * (chrdev_open() in fs/char_dev.c, fs/open.c, fs/read_write.c, fs/ioctl.c).
 * Every backend turns its requests into these calls.
 *
 * The helpers drivers call from their own methods (no_llseek() and the
 * like) are in libfs.c.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "core/core.h"
#include "backend/backend.h"

/* The kernel's restart codes never reach user space: a caller sees EINTR. */
/* A driver's method returned: the kernel's rules say it holds no lock now (checks.c). */
static long op_done(long ret, const void *fn)
{
	kcheck_on_return("file operation", fn);
	return ret;
}

static long syscall_exit(long ret)
{
	if (ret <= -ERESTARTSYS && ret >= -ERESTART_RESTARTBLOCK)
		return -EINTR;
	return ret;
}

/* One inode per device number with open files, shared by its opens as a node's inode is. */
struct inode_entry {
	struct inode inode;
	struct inode_entry *next;
	unsigned int users;
};

static pthread_mutex_t inode_lock = PTHREAD_MUTEX_INITIALIZER;
static struct inode_entry *inodes;

/*
 * As the kernel caches i_cdev in the inode until the cdev is purged, an inode
 * here belongs to one number served by one cdev: i_cdev never changes under
 * an open file, even when another cdev takes over the number for new opens.
 */
static struct inode *inode_get(dev_t dev, struct cdev *cdev)
{
	struct inode_entry *e;

	pthread_mutex_lock(&inode_lock);
	for (e = inodes; e; e = e->next)
		if (e->inode.i_rdev == dev && e->inode.i_cdev == cdev)
			break;
	if (!e) {
		e = calloc(1, sizeof(*e));
		if (!e)
			goto out;
		e->inode.i_rdev = dev;
		e->inode.i_cdev = cdev;
		e->next = inodes;
		inodes = e;
	}
	e->users++;
out:
	pthread_mutex_unlock(&inode_lock);
	return e ? &e->inode : NULL;
}

static void inode_put(struct inode *inode)
{
	struct inode_entry *e = container_of(inode, struct inode_entry, inode);
	struct inode_entry **pp;

	pthread_mutex_lock(&inode_lock);
	if (--e->users == 0) {
		for (pp = &inodes; *pp != e; pp = &(*pp)->next)
			;
		*pp = e->next;
		free(e);
	}
	pthread_mutex_unlock(&inode_lock);
}

/* fops_get(): the file holds its operations' owner for as long as it is open. */
static const struct file_operations *fops_get(const struct file_operations *fops)
{
	return fops && try_module_get(fops->owner) ? fops : NULL;
}

static void file_free(struct open_file *of)
{
	if (of->file.f_inode)
		inode_put(of->file.f_inode);
	pthread_spin_destroy(&of->calls_lock);
	free(of);
}

/*
 * Every open file and the methods running on each, so that a forced unload
 * can hang a module's files up (vfs_hangup_module()). Lock order: files_lock,
 * then a file's calls_lock, then a task's wait lock.
 */
static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t files_idle = PTHREAD_COND_INITIALIZER;
static struct open_file *open_files;

struct file_call {
	struct task_struct *task; /* interrupted by a hang-up */
	struct file_call *next;
};

static void files_link(struct open_file *of)
{
	const struct task_struct *opener = current;

	of->opener_pid = opener->pid;
	of->opener_tgid = opener->tgid;
	of->opener_uid = opener->uid;
	of->opener_gid = opener->gid;
	pthread_mutex_lock(&files_lock);
	of->next = open_files;
	if (open_files)
		open_files->prev = of;
	open_files = of;
	pthread_mutex_unlock(&files_lock);
}

static void files_unlink_locked(struct open_file *of)
{
	if (of->prev)
		of->prev->next = of->next;
	else
		open_files = of->next;
	if (of->next)
		of->next->prev = of->prev;
}

/* A driver method is about to run on @file: -EIO once the file is hung up. */
static int call_begin(struct file *file, struct file_call *c)
{
	struct open_file *of = container_of(file, struct open_file, file);
	int err = 0;

	jiffies_touch();
	pthread_spin_lock(&of->calls_lock);
	if (of->hung_up) {
		err = -EIO;
	} else {
		c->task = task_current(); /* only to interrupt it: no /proc */
		c->next = of->calls;
		of->calls = c;
	}
	pthread_spin_unlock(&of->calls_lock);
	return err;
}

/* The method returned @ret; a call a hang-up interrupted fails EIO, not EINTR. */
static long call_end(struct file *file, struct file_call *c, long ret)
{
	struct open_file *of = container_of(file, struct open_file, file);
	struct file_call **pp;
	bool last_of_hung_up = false;

	pthread_spin_lock(&of->calls_lock);
	for (pp = &of->calls; *pp != c; pp = &(*pp)->next)
		;
	*pp = c->next;
	if (of->hung_up) {
		if (ret == -EINTR)
			ret = -EIO;
		last_of_hung_up = !of->calls;
	}
	pthread_spin_unlock(&of->calls_lock);
	/* Under the files lock, which the hang-up holds from its look until it waits. */
	if (last_of_hung_up) {
		pthread_mutex_lock(&files_lock);
		pthread_cond_broadcast(&files_idle);
		pthread_mutex_unlock(&files_lock);
	}
	return ret;
}

int vfs_open(dev_t dev, int flags, struct file **filp)
{
	const struct file_operations *fops;
	struct open_file *of;
	struct cdev *cdev;
	int err;

	if (!filp)
		return -EINVAL;
	cdev = cdev_lookup_get(dev);
	if (!cdev)
		return -ENXIO;

	err = -ENXIO;
	fops = fops_get(cdev->ops);
	if (!fops)
		goto out_cdev_put;
	err = -ENOMEM;
	of = calloc(1, sizeof(*of));
	if (!of)
		goto out_fops_put;
	pthread_spin_init(&of->calls_lock, PTHREAD_PROCESS_PRIVATE);
	of->cdev = cdev;
	of->file.f_op = fops;
	of->file.f_flags = flags & ~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC);
	/* O_RDONLY/O_WRONLY/O_RDWR -> 1/2/3, as the kernel's OPEN_FMODE() does. */
	of->file.f_mode = ((flags + 1) & O_ACCMODE) | FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE;
	of->file.f_inode = inode_get(dev, cdev);
	if (!of->file.f_inode)
		goto out_free;

	if (fops->open) {
		err = syscall_exit(
			op_done(fops->open(of->file.f_inode, &of->file), (const void *)fops->open));
		if (err)
			goto out_free;
	}
	files_link(of);
	*filp = &of->file;
	return 0;

out_free:
	file_free(of);
out_fops_put:
	module_put(fops->owner);
out_cdev_put:
	cdev_put(cdev);
	return err;
}

static int do_flush(struct file *file)
{
	return file->f_op->flush ? syscall_exit(op_done(file->f_op->flush(file, NULL),
							(const void *)file->f_op->flush)) :
				   0;
}

int vfs_flush(struct file *file)
{
	struct file_call c;
	int ret;

	if (!file)
		return -EBADF;
	if (call_begin(file, &c))
		return 0; /* a hung-up file has nothing left to flush */
	ret = do_flush(file);
	return (int)call_end(file, &c, ret);
}

/* The driver's ->release and the references the file held: its last close. */
static void file_release(struct open_file *of)
{
	struct file *file = &of->file;
	struct module *owner = file->f_op->owner;

	if (file->f_op->release)
		op_done(file->f_op->release(file->f_inode, file),
			(const void *)file->f_op->release);
	/* The owner's code ran last in ->release: only now may the module and cdev go. */
	module_put(owner);
	cdev_put(of->cdev);
}

void vfs_release(struct file *file)
{
	struct open_file *of;
	bool released;

	if (!file)
		return;
	of = container_of(file, struct open_file, file);
	pthread_mutex_lock(&files_lock);
	/* A hang-up running its ->release finishes first. */
	while (of->releasing)
		pthread_cond_wait(&files_idle, &files_lock);
	released = of->released;
	of->released = true;
	files_unlink_locked(of);
	pthread_mutex_unlock(&files_lock);
	if (!released)
		file_release(of);
	file_free(of);
}

void vfs_set_unhook(struct file *file, void (*unhook)(void *data), void *data)
{
	struct open_file *of = container_of(file, struct open_file, file);

	of->unhook = unhook;
	of->unhook_data = data;
}

/* Flush and release @of as its opener: the process that holds it is as good as gone. */
static void release_as_opener(struct open_file *of)
{
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	struct task_struct opener;

	if (of->unhook)
		of->unhook(of->unhook_data);
	task_init(&opener, of->opener_pid, of->opener_tgid, of->opener_uid, of->opener_gid, &lock);
	task_set_current(&opener);
	do_flush(&of->file);
	file_release(of);
	task_set_current(NULL);
	pthread_mutex_destroy(&lock);
}

static bool file_of_module(const struct open_file *of, const struct module *mod)
{
	return of->file.f_op->owner == mod && !of->released;
}

/* Mark @mod's files hung up and interrupt their running methods; true if any runs. */
static bool hangup_mark_locked(struct module *mod)
{
	bool running = false;

	for (struct open_file *of = open_files; of; of = of->next) {
		if (!file_of_module(of, mod))
			continue;
		pthread_spin_lock(&of->calls_lock);
		of->hung_up = true;
		for (struct file_call *c = of->calls; c; c = c->next) {
			running = true;
			if (c->task && c->task->wait_lock)
				libcdev_task_interrupt(c->task);
		}
		pthread_spin_unlock(&of->calls_lock);
	}
	return running;
}

static bool file_calls_running(struct open_file *of)
{
	bool running;

	pthread_spin_lock(&of->calls_lock);
	running = of->calls != NULL;
	pthread_spin_unlock(&of->calls_lock);
	return running;
}

static bool hangup_running_locked(struct module *mod)
{
	for (struct open_file *of = open_files; of; of = of->next)
		if (file_of_module(of, mod) && file_calls_running(of))
			return true;
	return false;
}

/* One file of @mod that no method runs on, now marked released; NULL when none is left. */
static struct open_file *hangup_next_locked(struct module *mod)
{
	for (struct open_file *of = open_files; of; of = of->next) {
		if (file_of_module(of, mod) && !file_calls_running(of)) {
			of->released = of->releasing = true;
			return of;
		}
	}
	return NULL;
}

int vfs_hangup_module(struct module *mod, int timeout_ms)
{
	struct timespec deadline;
	struct open_file *of;
	int stuck = 0;

	libcdev_wait_deadline(&deadline, timeout_ms);
	pthread_mutex_lock(&files_lock);
	if (hangup_mark_locked(mod))
		while (hangup_running_locked(mod) &&
		       pthread_cond_clockwait(&files_idle, &files_lock, CLOCK_MONOTONIC,
					      &deadline) != ETIMEDOUT)
			;
	while ((of = hangup_next_locked(mod))) {
		pthread_mutex_unlock(&files_lock);
		release_as_opener(of);
		pthread_mutex_lock(&files_lock);
		of->releasing = false;
		pthread_cond_broadcast(&files_idle);
	}
	for (of = open_files; of; of = of->next)
		stuck += file_of_module(of, mod);
	pthread_mutex_unlock(&files_lock);
	return stuck;
}

#define MAX_RW_COUNT ((size_t)(INT_MAX & ~4095))

/* ->read_iter or ->write_iter over @iov, as the kernel's new_sync_read()/do_iter_readv_writev(). */
static ssize_t call_iter(struct file *file, const struct iovec *iov, unsigned long nr, size_t count,
			 loff_t *ppos, bool write)
{
	struct kiocb kiocb;
	struct iov_iter iter;
	ssize_t ret;

	init_sync_kiocb(&kiocb, file);
	kiocb.ki_pos = ppos ? *ppos : 0;
	iov_iter_init(&iter, write ? ITER_SOURCE : ITER_DEST, iov, nr, count);
	ret = write ? op_done(file->f_op->write_iter(&kiocb, &iter),
			      (const void *)file->f_op->write_iter) :
		      op_done(file->f_op->read_iter(&kiocb, &iter),
			      (const void *)file->f_op->read_iter);
	if (ppos)
		*ppos = kiocb.ki_pos;
	return ret;
}

/* ->read or ->write once per segment, as the kernel's do_loop_readv_writev(). */
static ssize_t call_loop(struct file *file, const struct iovec *iov, unsigned long nr, size_t count,
			 loff_t *ppos, bool write)
{
	ssize_t ret = 0, n;

	for (unsigned long k = 0; k < nr && (size_t)ret < count; k++) {
		size_t len = iov[k].iov_len;

		if (len > count - (size_t)ret)
			len = count - (size_t)ret;
		n = write ? op_done(file->f_op->write(file, iov[k].iov_base, len, ppos),
				    (const void *)file->f_op->write) :
			    op_done(file->f_op->read(file, iov[k].iov_base, len, ppos),
				    (const void *)file->f_op->read);
		if (n < 0)
			return ret ? ret : n;
		ret += n;
		if ((size_t)n != len)
			break;
	}
	return ret;
}

/*
 * read(2)/write(2) (@vectored false) and readv(2)/writev(2): the plain
 * method is preferred for one buffer and the iterator one for segments,
 * as the kernel's VFS chooses.
 */
static ssize_t do_rw(struct file *file, const struct iovec *iov, unsigned long nr, bool write,
		     bool vectored)
{
	bool plain, iter;
	size_t count = 0;
	loff_t pos, *ppos = NULL;
	ssize_t ret;

	if (!(file->f_mode & (write ? FMODE_WRITE : FMODE_READ)))
		return -EBADF;
	plain = write ? file->f_op->write != NULL : file->f_op->read != NULL;
	iter = write ? file->f_op->write_iter != NULL : file->f_op->read_iter != NULL;
	if (!plain && !iter)
		return -EINVAL;
	for (unsigned long k = 0; k < nr; k++) {
		if (iov[k].iov_len > MAX_RW_COUNT - count) {
			count = MAX_RW_COUNT;
			break;
		}
		count += iov[k].iov_len;
	}
	if (!(file->f_mode & FMODE_STREAM)) {
		pos = pos_load(file);
		ppos = &pos;
	}
	if (iter && (vectored || !plain))
		ret = call_iter(file, iov, nr, count, ppos, write);
	else
		ret = call_loop(file, iov, nr, count, ppos, write);
	if (ret >= 0 && ppos)
		pos_store(file, pos);
	return syscall_exit(ret);
}

static ssize_t vfs_rw(struct file *file, const struct iovec *iov, unsigned long nr, bool write,
		      bool vectored)
{
	struct file_call c;
	ssize_t ret;

	if (!file)
		return -EBADF;
	ret = call_begin(file, &c);
	if (ret)
		return ret;
	ret = do_rw(file, iov, nr, write, vectored);
	return call_end(file, &c, ret);
}

ssize_t vfs_read(struct file *file, void __user *buf, size_t count)
{
	struct iovec iov = { buf, count };

	return vfs_rw(file, &iov, 1, false, false);
}

ssize_t vfs_write(struct file *file, const void __user *buf, size_t count)
{
	struct iovec iov = { (void *)buf, count };

	return vfs_rw(file, &iov, 1, true, false);
}

ssize_t vfs_readv(struct file *file, const struct iovec *iov, unsigned long nr)
{
	return vfs_rw(file, iov, nr, false, true);
}

ssize_t vfs_writev(struct file *file, const struct iovec *iov, unsigned long nr)
{
	return vfs_rw(file, iov, nr, true, true);
}

static loff_t do_llseek(struct file *file, loff_t offset, int whence)
{
	if (whence < SEEK_SET || whence > SEEK_HOLE)
		return -EINVAL;
	if (!(file->f_mode & FMODE_LSEEK) || !file->f_op->llseek)
		return -ESPIPE;
	return op_done(file->f_op->llseek(file, offset, whence), (const void *)file->f_op->llseek);
}

loff_t vfs_llseek(struct file *file, loff_t offset, int whence)
{
	struct file_call c;
	loff_t ret;

	if (!file)
		return -EBADF;
	ret = call_begin(file, &c);
	if (ret)
		return ret;
	ret = do_llseek(file, offset, whence);
	return call_end(file, &c, ret);
}

long vfs_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file_call c;
	long ret;

	if (!file)
		return -EBADF;
	ret = call_begin(file, &c);
	if (ret)
		return ret;
	ret = file->f_op->unlocked_ioctl ?
		      syscall_exit(op_done(file->f_op->unlocked_ioctl(file, cmd, arg),
					   (const void *)file->f_op->unlocked_ioctl)) :
		      -ENOTTY;
	return call_end(file, &c, ret);
}

__poll_t vfs_poll(struct file *file, struct poll_table_struct *pt)
{
	struct file_call c;
	__poll_t mask;

	if (!file)
		return POLLNVAL;
	/* As a hung-up tty: readable and writable, so a waiter wakes and meets EIO. */
	if (call_begin(file, &c))
		return POLLIN | POLLOUT | POLLERR | POLLHUP | POLLRDNORM | POLLWRNORM;
	mask = file->f_op->poll ? (__poll_t)op_done(file->f_op->poll(file, pt),
						    (const void *)file->f_op->poll) :
				  POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM;
	call_end(file, &c, 0);
	return mask;
}

int vfs_fsync(struct file *file, int datasync)
{
	struct file_call c;
	int ret;

	if (!file)
		return -EBADF;
	ret = call_begin(file, &c);
	if (ret)
		return ret;
	ret = file->f_op->fsync ?
		      syscall_exit(op_done(file->f_op->fsync(file, 0, LLONG_MAX, datasync),
					   (const void *)file->f_op->fsync)) :
		      -EINVAL;
	return (int)call_end(file, &c, ret);
}
