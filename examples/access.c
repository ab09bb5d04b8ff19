/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * access - access control in open(), after LDD3's scullsingle, sculluid and
 * scullwuid (chapter 6, "Access Control on a Device File").
 *
 * Three devices on a dynamic major, each a small memory (4096 bytes; opening
 * write-only empties it), each its own cdev with its own file_operations:
 *
 *   /dev/access-single  one open file at a time: while it is open, every
 *                       other open fails with EBUSY, whoever asks;
 *   /dev/access-uid     one user at a time: the first opener's uid owns the
 *                       device until its last file is closed; the owner may
 *                       open it as often as it likes, another uid gets EBUSY;
 *   /dev/access-wait    as access-uid, but another uid waits in open() until
 *                       the owner has closed its last file; the wait is
 *                       interruptible (a signal: open fails with EINTR) and
 *                       O_NONBLOCK makes it fail with EAGAIN instead.
 *
 * As in LDD3, a caller with CAP_DAC_OVERRIDE (root) passes the uid checks of
 * access-uid and access-wait. The uid is the caller's (current_uid()), which
 * the kernel reports with each request.
 *
 * Build (libcdev installed; pkg-config must find libcdev.pc):
 *   cc -Wall -Wextra -shared -fPIC -o access.so access.c $(pkg-config --cflags --libs libcdev)
 * The build tree makes it as examples/.libs/access.so; `make install` puts it
 * in $(pkglibdir), by default /usr/local/lib/libcdev/access.so.
 *
 * Run (as root, in a kernel with CUSE):
 *   cdevctl run ./access.so
 *   chmod 666 /dev/access-*          so that other users can try
 * In a second terminal:
 *   sleep 60 < /dev/access-single &  holds it open
 *   cat /dev/access-single           fails: Device or resource busy
 *   su nobody -s /bin/sh -c 'sleep 60 < /dev/access-uid' &
 *   su nobody -s /bin/sh -c 'cat /dev/access-uid'        works: the same user
 *   su daemon -s /bin/sh -c 'cat /dev/access-uid'        fails: Device or resource busy
 *   su nobody -s /bin/sh -c 'sleep 10 < /dev/access-wait' &
 *   su daemon -s /bin/sh -c 'cat /dev/access-wait'       waits until the sleep ends
 */
#include <errno.h>
#include <linux/capability.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include <libcdev/libcdev.h>

MODULE_LICENSE("LGPL-2.1-or-later");
MODULE_AUTHOR("The libcdev authors");
MODULE_DESCRIPTION("Access control in open(): single open, one user, wait until free");
MODULE_VERSION("1.0");

#define ACCESS_DATA_SIZE 4096

enum { ACCESS_SINGLE, ACCESS_UID, ACCESS_WAIT, ACCESS_NR_DEVS };

struct access_dev {
	pthread_mutex_t lock; /* protects everything below */
	char data[ACCESS_DATA_SIZE];
	size_t size;
	int users;		/* open files */
	kuid_t owner;		/* uid and wait: the uid that owns the device */
	wait_queue_head_t wait; /* wait: openers waiting for the owner to go */
	struct cdev cdev;
};

static dev_t access_first;
static struct access_dev access_devs[ACCESS_NR_DEVS];

/* ---- what all three share: a small memory ---- */

static void access_opened(struct access_dev *dev, struct file *filp)
{
	filp->private_data = dev;
	if ((filp->f_flags & O_ACCMODE) == O_WRONLY) {
		pthread_mutex_lock(&dev->lock);
		dev->size = 0;
		pthread_mutex_unlock(&dev->lock);
	}
}

static ssize_t access_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct access_dev *dev = filp->private_data;
	ssize_t ret = 0;

	pthread_mutex_lock(&dev->lock);
	if (*ppos < (loff_t)dev->size) {
		if (count > dev->size - *ppos)
			count = dev->size - *ppos;
		ret = copy_to_user(buf, dev->data + *ppos, count) ? -EFAULT : (ssize_t)count;
		if (ret > 0)
			*ppos += ret;
	}
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

static ssize_t access_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	struct access_dev *dev = filp->private_data;
	ssize_t ret = -ENOSPC;

	pthread_mutex_lock(&dev->lock);
	if (*ppos < ACCESS_DATA_SIZE) {
		if (count > (size_t)(ACCESS_DATA_SIZE - *ppos))
			count = ACCESS_DATA_SIZE - *ppos;
		ret = copy_from_user(dev->data + *ppos, buf, count) ? -EFAULT : (ssize_t)count;
		if (ret > 0) {
			*ppos += ret;
			if ((size_t)*ppos > dev->size)
				dev->size = *ppos;
		}
	}
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

/* ---- access-single: one open file at a time ---- */

static int single_open(struct inode *inode, struct file *filp)
{
	struct access_dev *dev = container_of(inode->i_cdev, struct access_dev, cdev);
	int expected = 0;

	if (!__atomic_compare_exchange_n(&dev->users, &expected, 1, false, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED))
		return -EBUSY; /* already open */
	access_opened(dev, filp);
	return 0;
}

static int single_release(struct inode *inode, struct file *filp)
{
	struct access_dev *dev = filp->private_data;

	(void)inode;
	__atomic_store_n(&dev->users, 0, __ATOMIC_RELEASE);
	return 0;
}

/* ---- access-uid and access-wait: one owning uid at a time ---- */

/* Whether current may open @dev now. Lock held. */
static bool uid_may_open(struct access_dev *dev)
{
	return dev->users == 0 || uid_eq(dev->owner, current_uid()) ||
	       uid_eq(dev->owner, current_euid()) ||
	       capable(CAP_DAC_OVERRIDE); /* still allow root */
}

/* Count one more open file; the first makes current the owner. Lock held. */
static void uid_take(struct access_dev *dev)
{
	if (dev->users++ == 0)
		dev->owner = current_uid();
}

static int uid_open(struct inode *inode, struct file *filp)
{
	struct access_dev *dev = container_of(inode->i_cdev, struct access_dev, cdev);

	pthread_mutex_lock(&dev->lock);
	if (!uid_may_open(dev)) {
		pthread_mutex_unlock(&dev->lock);
		return -EBUSY;
	}
	uid_take(dev);
	pthread_mutex_unlock(&dev->lock);
	access_opened(dev, filp);
	return 0;
}

static int uid_release(struct inode *inode, struct file *filp)
{
	struct access_dev *dev = filp->private_data;

	(void)inode;
	pthread_mutex_lock(&dev->lock);
	dev->users--;
	pthread_mutex_unlock(&dev->lock);
	wake_up_interruptible(&dev->wait); /* access-wait: the next user may go */
	return 0;
}

static bool wait_free_for_current(struct access_dev *dev)
{
	bool ok;

	pthread_mutex_lock(&dev->lock);
	ok = uid_may_open(dev);
	pthread_mutex_unlock(&dev->lock);
	return ok;
}

static int wait_open(struct inode *inode, struct file *filp)
{
	struct access_dev *dev = container_of(inode->i_cdev, struct access_dev, cdev);

	pthread_mutex_lock(&dev->lock);
	while (!uid_may_open(dev)) {
		pthread_mutex_unlock(&dev->lock);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(dev->wait, wait_free_for_current(dev)))
			return -ERESTARTSYS;	/* a signal: open(2) fails with EINTR */
		pthread_mutex_lock(&dev->lock); /* and test again: another may have won */
	}
	uid_take(dev);
	pthread_mutex_unlock(&dev->lock);
	access_opened(dev, filp);
	return 0;
}

/* ---- set-up ---- */

static const struct file_operations access_fops[ACCESS_NR_DEVS] = {
	[ACCESS_SINGLE] = {
		.owner = THIS_MODULE,
		.open = single_open,
		.release = single_release,
		.read = access_read,
		.write = access_write,
		.llseek = noop_llseek,
	},
	[ACCESS_UID] = {
		.owner = THIS_MODULE,
		.open = uid_open,
		.release = uid_release,
		.read = access_read,
		.write = access_write,
		.llseek = noop_llseek,
	},
	[ACCESS_WAIT] = {
		.owner = THIS_MODULE,
		.open = wait_open,
		.release = uid_release,
		.read = access_read,
		.write = access_write,
		.llseek = noop_llseek,
	},
};

static const char *const access_names[ACCESS_NR_DEVS] = {
	[ACCESS_SINGLE] = "access-single",
	[ACCESS_UID] = "access-uid",
	[ACCESS_WAIT] = "access-wait",
};

static int access_setup(int index)
{
	struct access_dev *dev = &access_devs[index];
	int err;

	pthread_mutex_init(&dev->lock, NULL);
	init_waitqueue_head(&dev->wait);
	cdev_init(&dev->cdev, &access_fops[index]);
	dev->cdev.owner = THIS_MODULE;
	err = kobject_set_name(&dev->cdev.kobj, "%s", access_names[index]);
	if (!err)
		err = cdev_add(&dev->cdev, access_first + index, 1);
	if (err) {
		pr_err("cannot add %s: %d\n", access_names[index], err);
		kobject_put(&dev->cdev.kobj);
		pthread_mutex_destroy(&dev->lock);
	}
	return err;
}

static void access_teardown(int index)
{
	cdev_del(&access_devs[index].cdev);
	pthread_mutex_destroy(&access_devs[index].lock);
}

static int access_init(void)
{
	int err, i;

	err = alloc_chrdev_region(&access_first, 0, ACCESS_NR_DEVS, "access");
	if (err)
		return err;
	for (i = 0; i < ACCESS_NR_DEVS; i++) {
		err = access_setup(i);
		if (err)
			goto fail;
	}
	return 0;

fail:
	while (i--)
		access_teardown(i);
	unregister_chrdev_region(access_first, ACCESS_NR_DEVS);
	return err;
}

static void access_exit(void)
{
	int i;

	for (i = 0; i < ACCESS_NR_DEVS; i++)
		access_teardown(i);
	unregister_chrdev_region(access_first, ACCESS_NR_DEVS);
}

module_init(access_init);
module_exit(access_exit);
