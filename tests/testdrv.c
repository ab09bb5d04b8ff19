/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <string.h>

#include "testdrv.h"

static int testdrv_open(struct inode *inode, struct file *filp)
{
	struct testdrv *d = container_of(inode->i_cdev, struct testdrv, cdev);

	if (d->open_error)
		return d->open_error;
	filp->private_data = d;
	pthread_mutex_lock(&d->lock);
	d->opens++;
	d->last_inode = inode;
	/* As scull: opening write-only truncates. */
	if ((filp->f_flags & O_ACCMODE) == O_WRONLY)
		d->size = 0;
	pthread_mutex_unlock(&d->lock);
	return 0;
}

static int testdrv_release(struct inode *inode, struct file *filp)
{
	struct testdrv *d = filp->private_data;

	(void)inode;
	pthread_mutex_lock(&d->lock);
	d->releases++;
	pthread_mutex_unlock(&d->lock);
	return 0;
}

static int testdrv_flush(struct file *filp, void *id)
{
	struct testdrv *d = filp->private_data;

	(void)id;
	pthread_mutex_lock(&d->lock);
	d->flushes++;
	pthread_mutex_unlock(&d->lock);
	return 0;
}

static ssize_t testdrv_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct testdrv *d = filp->private_data;
	ssize_t ret = 0;

	pthread_mutex_lock(&d->lock);
	if (*ppos >= (loff_t)d->size)
		goto out;
	if (count > (size_t)(d->size - *ppos))
		count = d->size - *ppos;
	if (copy_to_user(buf, d->data + *ppos, count)) {
		ret = -EFAULT;
		goto out;
	}
	*ppos += count;
	ret = count;
out:
	pthread_mutex_unlock(&d->lock);
	return ret;
}

static ssize_t testdrv_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	struct testdrv *d = filp->private_data;
	ssize_t ret;

	pthread_mutex_lock(&d->lock);
	ret = -ENOSPC;
	if (*ppos >= TESTDRV_SIZE)
		goto out;
	if (count > (size_t)(TESTDRV_SIZE - *ppos))
		count = TESTDRV_SIZE - *ppos;
	ret = -EFAULT;
	if (copy_from_user(d->data + *ppos, buf, count))
		goto out;
	*ppos += count;
	if ((size_t)*ppos > d->size)
		d->size = *ppos;
	ret = count;
out:
	pthread_mutex_unlock(&d->lock);
	return ret;
}

static loff_t testdrv_llseek(struct file *filp, loff_t off, int whence)
{
	struct testdrv *d = filp->private_data;
	loff_t size;

	pthread_mutex_lock(&d->lock);
	size = d->size;
	pthread_mutex_unlock(&d->lock);
	return fixed_size_llseek(filp, off, whence, size);
}

static long testdrv_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct testdrv *d = filp->private_data;
	int size, fill;

	switch (cmd) {
	case TESTDRV_IOC_GETSIZE:
		size = (int)d->size;
		return copy_to_user((void __user *)arg, &size, sizeof(size)) ? -EFAULT : 0;
	case TESTDRV_IOC_SETFILL:
		if (get_user(fill, (int __user *)arg))
			return -EFAULT;
		pthread_mutex_lock(&d->lock);
		memset(d->data, fill, TESTDRV_SIZE);
		d->size = TESTDRV_SIZE;
		pthread_mutex_unlock(&d->lock);
		return 0;
	case TESTDRV_IOC_ADD1:
		return (long)arg + 1;
	default:
		return -ENOTTY;
	}
}

const struct file_operations testdrv_fops = {
	.open = testdrv_open,
	.release = testdrv_release,
	.flush = testdrv_flush,
	.read = testdrv_read,
	.write = testdrv_write,
	.llseek = testdrv_llseek,
	.unlocked_ioctl = testdrv_ioctl,
};

void testdrv_init(struct testdrv *d, struct module *owner)
{
	memset(d, 0, sizeof(*d));
	pthread_mutex_init(&d->lock, NULL);
	cdev_init(&d->cdev, &testdrv_fops);
	d->cdev.owner = owner;
}
