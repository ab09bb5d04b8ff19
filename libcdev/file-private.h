/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the dispatcher's calls, shared by the backends.
 */
#ifndef LIBCDEV_FILE_PRIVATE_H
#define LIBCDEV_FILE_PRIVATE_H

#include <libcdev/libcdev.h>
#include <libcdev/uio.h>

struct open_file {
	struct file file;
	struct cdev *cdev;	/* the reference chrdev_open() took */
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

#endif
