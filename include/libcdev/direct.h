/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the direct backend: use a driver from the same process, with no
 * kernel involved, through the same dispatcher the CUSE backend uses.
 *
 * Meant for unit tests of drivers: cdev_direct_open() finds the cdev exactly
 * as open(2) of a node would (smallest live range, owner reference, ->open),
 * and the calls below behave as the kernel's VFS does around a driver,
 * including file->f_pos. Errors are negative errno values.
 */
#ifndef LIBCDEV_DIRECT_H
#define LIBCDEV_DIRECT_H

#include <sys/types.h>
#include <sys/uio.h>

#include <libcdev/fs.h>

/**
 * cdev_direct_open - open device number @dev
 * @dev: kernel-encoded device number (MKDEV())
 * @flags: open(2) flags: O_RDONLY, O_WRONLY or O_RDWR, plus O_NONBLOCK etc.
 * @filp: set to the open file on success
 *
 * Return: 0; -ENXIO if no live cdev serves @dev or its owner is going;
 * -EINVAL for bad arguments; -ENOMEM; or what the driver's ->open returned.
 */
int cdev_direct_open(dev_t dev, int flags, struct file **filp);

/** cdev_direct_release - close the file: ->flush, ->release, then the cdev reference is dropped */
int cdev_direct_release(struct file *filp);

/** Return: bytes read, or -EBADF (not open for reading), -EINVAL (no ->read), or the driver's error. */
ssize_t cdev_direct_read(struct file *filp, void *buf, size_t count);

/** Return: bytes written, or -EBADF (not open for writing), -EINVAL (no ->write), or the driver's error. */
ssize_t cdev_direct_write(struct file *filp, const void *buf, size_t count);

/**
 * cdev_direct_readv - readv(2): ->read_iter sees the @iovcnt segments; without
 * it, ->read is called for each segment until one comes back short
 *
 * Return: bytes read, or the errors of cdev_direct_read().
 */
ssize_t cdev_direct_readv(struct file *filp, const struct iovec *iov, int iovcnt);

/** cdev_direct_writev - writev(2), as cdev_direct_readv() */
ssize_t cdev_direct_writev(struct file *filp, const struct iovec *iov, int iovcnt);

/** Return: the new position, or -ESPIPE (no ->llseek), -EINVAL, or the driver's error. */
loff_t cdev_direct_llseek(struct file *filp, loff_t offset, int whence);

/** Return: what ->unlocked_ioctl returned, or -ENOTTY without one. @arg is an address in this process or a value. */
long cdev_direct_ioctl(struct file *filp, unsigned int cmd, unsigned long arg);

/** Return: the poll mask (POLLIN etc.); without ->poll, readable and writable. Does not block. */
__poll_t cdev_direct_poll(struct file *filp);

/**
 * cdev_direct_poll_wait - wait until the driver reports one of @events
 * @timeout_ms: how long at most; negative waits for ever
 *
 * The driver's ->poll registers its wait queues with poll_wait(); a wake-up on
 * any of them makes this ask ->poll again, as poll(2) does.
 *
 * Return: the mask when it holds one of @events (or POLLERR/POLLHUP/POLLNVAL),
 * 0 when the time ran out, or a negative errno.
 */
int cdev_direct_poll_wait(struct file *filp, __poll_t events, int timeout_ms);

/** Return: 0, -EINVAL (no ->fsync), or the driver's error. */
int cdev_direct_fsync(struct file *filp, int datasync);

#endif
