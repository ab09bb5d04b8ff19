/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/fs.h>: struct file, struct inode, struct
 * file_operations with every member of the kernel's (6.6), device number
 * regions and register_chrdev(), the llseek helpers, simple_read_from_buffer(),
 * and the fasync helpers.
 *
 * Through CUSE, read/write/ioctl/poll/open/release/flush/fsync reach the
 * driver; the position of each open file is kept here, since lseek(2) and
 * pread(2) on the node never reach the server. mmap, fasync, the _iter and
 * splice members are never called (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_FS_H
#define LIBCDEV_KERNEL_LINUX_FS_H

#include <limits.h>
#include <signal.h>

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/init.h>
#include <linux/ioctl.h>
#include <linux/kdev_t.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/semaphore.h>
#include <linux/slab.h>
#include <linux/stat.h>
#include <linux/types.h>
#include <linux/uidgid.h>
#include <linux/uio.h>
#include <linux/wait.h>
#include <libcdev/fs.h>
#include <libcdev/module.h>
#include <libcdev/printk.h>
#include <libcdev/uaccess.h>

#define MAX_LFS_FILESIZE ((loff_t)LLONG_MAX)

/* @fops with a reference on its module, or NULL when the module is going away. */
#define fops_get(fops) ((fops) && try_module_get((fops)->owner) ? (fops) : NULL)
#define fops_put(fops)                                         \
	do {                                                   \
		const struct file_operations *__fops = (fops); \
		if (__fops)                                    \
			module_put(__fops->owner);             \
	} while (0)
/*
 * From now on @f is served by @fops, whose module reference the caller took
 * (fops_get()); the old operations' reference is dropped. misc_open() hands
 * a file over to the driver so.
 */
#define replace_fops(f, fops)                     \
	do {                                      \
		struct file *__file = (f);        \
		fops_put(__file->f_op);           \
		BUG_ON(!(__file->f_op = (fops))); \
	} while (0)
/* The seeks past SEEK_END, as the kernel's uapi <linux/fs.h> numbers them (<unistd.h> may too). */
#ifndef SEEK_DATA
#define SEEK_DATA 3
#endif
#ifndef SEEK_HOLE
#define SEEK_HOLE 4
#endif
#define SEEK_MAX SEEK_HOLE

/* How many bytes from @pos a simple_*_buffer() call moves: 0 at the end, -EINVAL before the start. */
static inline ssize_t __simple_buffer_span(loff_t pos, size_t available, size_t count)
{
	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= available || !count)
		return 0;
	return (ssize_t)(available - (size_t)pos < count ? available - (size_t)pos : count);
}

/* @n bytes asked, @left of them not copied: -EFAULT if none was, else advance *@ppos. */
static inline ssize_t __simple_buffer_done(loff_t *ppos, size_t n, unsigned long left)
{
	if (left == n)
		return -EFAULT;
	n -= left;
	*ppos += (loff_t)n;
	return (ssize_t)n;
}

/**
 * simple_read_from_buffer - copy from @from (@available bytes) at *@ppos to the caller
 * Return: the bytes copied (0 at the end), or -EFAULT if none could be.
 */
static inline ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos,
					      const void *from, size_t available)
{
	ssize_t n = __simple_buffer_span(*ppos, available, count);

	if (n <= 0)
		return n;
	return __simple_buffer_done(ppos, (size_t)n,
				    (copy_to_user)(to, (const char *)from + *ppos, (size_t)n));
}

/** simple_write_to_buffer - copy from the caller into @to (@available bytes) at *@ppos */
static inline ssize_t simple_write_to_buffer(void *to, size_t available, loff_t *ppos,
					     const void __user *from, size_t count)
{
	ssize_t n = __simple_buffer_span(*ppos, available, count);

	if (n <= 0)
		return n;
	return __simple_buffer_done(ppos, (size_t)n,
				    (copy_from_user)((char *)to + *ppos, from, (size_t)n));
}

/* They touch the caller's memory, which may sleep: checked at the driver's line (kcheck.h). */
#define simple_read_from_buffer(to, count, ppos, from, available) \
	(__libcdev_might_sleep(__FILE__, __LINE__),               \
	 simple_read_from_buffer(to, count, ppos, from, available))
#define simple_write_to_buffer(to, available, ppos, from, count) \
	(__libcdev_might_sleep(__FILE__, __LINE__),              \
	 simple_write_to_buffer(to, available, ppos, from, count))

/*
 * SIGIO to O_ASYNC readers: the kernel's CUSE never calls ->fasync and
 * gives the server no way to signal the file's owner. The helpers keep the
 * driver's bookkeeping compiling and say once that no signal goes out.
 */
struct fasync_struct {
	int fa_fd;
	struct file *fa_file;
};

static inline void __libcdev_fasync_unsupported(void)
{
	static int said;

	if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
		printk(KERN_NOTICE
		       "fasync: SIGIO cannot be sent through CUSE; O_ASYNC readers get no signal");
}

static inline int fasync_helper(int fd, struct file *filp, int on, struct fasync_struct **fapp)
{
	(void)fd, (void)filp, (void)on, (void)fapp;
	__libcdev_fasync_unsupported();
	return 0;
}

static inline void kill_fasync(struct fasync_struct **fp, int sig, int band)
{
	(void)fp, (void)sig, (void)band;
	__libcdev_fasync_unsupported();
}

/*
 * The ->compat_ioctl of drivers whose ioctls take a pointer or nothing (as
 * fs/ioctl.c's): the 32-bit pointer widened, then ->unlocked_ioctl. No
 * request reaches ->compat_ioctl here (a 32-bit caller's ioctls come to
 * ->unlocked_ioctl, <linux/compat.h>), but a driver names it in its fops.
 */
static inline long compat_ptr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (!file->f_op->unlocked_ioctl)
		return -ENOIOCTLCMD;
	return file->f_op->unlocked_ioctl(file, cmd, (unsigned long)(u32)arg);
}

#endif
