/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the direct backend: the dispatcher called from the same process.
 *
 * Buffers passed here are "user" memory of this process, so a driver's
 * copy_to_user() into a bad address fails with -EFAULT here as it would
 * through the kernel.
 */
#include <errno.h>

#include "libcdev-private.h"
#include "file-private.h"

_public_ int cdev_direct_open(dev_t dev, int flags, struct file **filp)
{
	return vfs_open(dev, flags, filp);
}

_public_ int cdev_direct_release(struct file *filp)
{
	int err;

	if (!filp)
		return -EBADF;
	err = vfs_flush(filp);
	vfs_release(filp);
	return err;
}

_public_ ssize_t cdev_direct_read(struct file *filp, void *buf, size_t count)
{
	return vfs_read(filp, buf, count);
}

_public_ ssize_t cdev_direct_write(struct file *filp, const void *buf, size_t count)
{
	return vfs_write(filp, buf, count);
}

_public_ loff_t cdev_direct_llseek(struct file *filp, loff_t offset, int whence)
{
	return vfs_llseek(filp, offset, whence);
}

_public_ long cdev_direct_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	return vfs_ioctl(filp, cmd, arg);
}

_public_ __poll_t cdev_direct_poll(struct file *filp)
{
	return vfs_poll(filp, NULL);
}

_public_ int cdev_direct_fsync(struct file *filp, int datasync)
{
	return vfs_fsync(filp, datasync);
}
