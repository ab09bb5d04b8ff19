/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * memdev - a family of memory devices, after LDD3's scull (chapters 3 and 6).
 *
 * What it shows:
 *   - a dynamic major by default (alloc_chrdev_region()), or a fixed one with
 *     major=M (register_chrdev_region()), for count=N devices /dev/memdev0 ..
 *     /dev/memdev<N-1> on minors 0..N-1;
 *   - one struct cdev per device, embedded in the driver's own struct and
 *     found again in open() with container_of(inode->i_cdev, ...);
 *   - data kept in a linked list of blocks of block_size bytes, allocated as
 *     writes reach them. As in scull, one read or write stops at the end of a
 *     block, so callers see short counts (cat, dd and shells loop on them); a
 *     block never written (a hole left by seeking past the end) reads as zeros.
 *     A device holds at most MEMDEV_MAX_BLOCKS blocks: a write past that is EFBIG;
 *   - opening write-only (without O_APPEND) frees the data: `echo x > node`
 *     truncates; O_RDWR keeps it; with O_APPEND each write goes to the end;
 *   - llseek() as the driver defines it: SEEK_SET, SEEK_CUR and SEEK_END (the
 *     end being the size of the data); past the end is allowed, a negative
 *     result is EINVAL, other whence values are EINVAL;
 *   - ioctls on the block size in every way LDD3 shows an integer travel
 *     (memdev.h: Set/Tell/Get/Query/eXchange/sHift, reset, and two queries on
 *     the device's own blocks); the ones that change it check
 *     capable(CAP_SYS_ADMIN) and fail with EPERM otherwise. A new block size
 *     applies to a device from its next truncation, as scull's quantum does.
 *
 * Reaching llseek: through CUSE, lseek(2) never reaches the driver (the kernel
 * answers it by itself, returning 0, and passes no offsets with reads and
 * writes), so on /dev/memdevN the position only moves by reading and writing,
 * and pread(2)/pwrite(2) ignore their offset. The driver's llseek is reachable
 * through the direct backend, cdev_direct_llseek(); tests/test-memdev.c loads
 * this module that way and checks it.
 *
 * Build (libcdev installed; pkg-config must find libcdev.pc):
 *   cc -Wall -Wextra -shared -fPIC -o memdev.so memdev.c $(pkg-config --cflags --libs libcdev)
 * The build tree makes it as examples/.libs/memdev.so; `make install` puts it
 * in $(pkglibdir), by default /usr/local/lib/libcdev/memdev.so. Programs that
 * use the ioctls include examples/memdev.h.
 *
 * Run (as root, in a kernel with CUSE):
 *   cdevctl run ./memdev.so [major=0] [count=4] [block_size=4000]
 * In a second terminal:
 *   echo hello > /dev/memdev0; cat /dev/memdev0       prints hello
 *   ls -l /dev/memdev*                                count nodes, one major
 *   cdevctl devices | grep memdev                     the major it got
 *   seq 1000 > /dev/memdev1; wc -c < /dev/memdev1     3893, read in blocks
 * and, with a program using memdev.h (tests/examples/client is one):
 *   client ioctl /dev/memdev0 query                   4000
 *   client ioctl /dev/memdev0 tell 64                 ok; EPERM without CAP_SYS_ADMIN
 *   seq 1000 > /dev/memdev1; client ioctl /dev/memdev1 blocks    61
 */
#include <errno.h>
#include <linux/capability.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/libcdev.h>

#include "memdev.h"

MODULE_LICENSE("LGPL-2.1-or-later");
MODULE_AUTHOR("The libcdev authors");
MODULE_DESCRIPTION("Memory devices kept in linked blocks, after LDD3's scull");
MODULE_VERSION("1.0");

#define MEMDEV_MAX_DEVS	  256
#define MEMDEV_MAX_BLOCKS 65536

static int memdev_major;
module_param_named(major, memdev_major, int, 0444);
MODULE_PARM_DESC(major, "major number (default 0: allocate one)");

static int memdev_nr_devs = 4;
module_param_named(count, memdev_nr_devs, int, 0444);
MODULE_PARM_DESC(count, "number of devices, 1-256 (default 4)");

/* The block size for newly truncated devices; the ioctls change it. */
static int memdev_block_size = MEMDEV_BLOCK_DEFAULT;
module_param_named(block_size, memdev_block_size, int, 0444);
MODULE_PARM_DESC(block_size, "size of a data block in bytes, 1-1048576 (default 4000)");

static int memdev_block_size_load; /* the value given at load time, for MEMDEV_IOCRESET */

struct memdev_block {
	struct memdev_block *next;
	char *data; /* block_size bytes, or NULL: never written */
};

struct memdev {
	pthread_mutex_t lock;	     /* protects everything below */
	struct memdev_block *blocks; /* the data, block after block */
	int block_size;		     /* the size of this device's blocks */
	loff_t size;		     /* bytes of data */
	struct cdev cdev;
};

static dev_t memdev_first;
static struct memdev *memdevs;

static int block_size_get(void)
{
	return __atomic_load_n(&memdev_block_size, __ATOMIC_RELAXED);
}

static int block_size_valid(long val)
{
	return val >= 1 && val <= MEMDEV_BLOCK_MAX ? 0 : -EINVAL;
}

/* Free all data; the device takes the current block size. Called with the lock held. */
static void memdev_trim(struct memdev *dev)
{
	struct memdev_block *b, *next;

	for (b = dev->blocks; b; b = next) {
		next = b->next;
		free(b->data);
		free(b);
	}
	dev->blocks = NULL;
	dev->size = 0;
	dev->block_size = block_size_get();
}

/* Block @n of the list, making the missing list items when @create. */
static struct memdev_block *memdev_follow(struct memdev *dev, loff_t n, bool create)
{
	struct memdev_block **pp = &dev->blocks;

	for (;;) {
		if (!*pp) {
			if (!create)
				return NULL;
			*pp = calloc(1, sizeof(**pp));
			if (!*pp)
				return NULL;
		}
		if (n-- == 0)
			return *pp;
		pp = &(*pp)->next;
	}
}

static long memdev_nr_blocks(struct memdev *dev)
{
	struct memdev_block *b;
	long n = 0;

	pthread_mutex_lock(&dev->lock);
	for (b = dev->blocks; b; b = b->next)
		n++;
	pthread_mutex_unlock(&dev->lock);
	return n;
}

static int copy_zeros_to_user(char __user *buf, size_t count)
{
	static const char zeros[4096];
	size_t chunk;

	while (count) {
		chunk = count < sizeof(zeros) ? count : sizeof(zeros);
		if (copy_to_user(buf, zeros, chunk))
			return -EFAULT;
		buf += chunk;
		count -= chunk;
	}
	return 0;
}

static int memdev_open(struct inode *inode, struct file *filp)
{
	struct memdev *dev = container_of(inode->i_cdev, struct memdev, cdev);

	filp->private_data = dev;
	if ((filp->f_flags & O_ACCMODE) == O_WRONLY && !(filp->f_flags & O_APPEND)) {
		pthread_mutex_lock(&dev->lock);
		memdev_trim(dev);
		pthread_mutex_unlock(&dev->lock);
	}
	return 0;
}

static int memdev_release(struct inode *inode, struct file *filp)
{
	(void)inode, (void)filp;
	return 0;
}

static ssize_t memdev_read(struct file *filp, char __user *buf, size_t count, loff_t *f_pos)
{
	struct memdev *dev = filp->private_data;
	struct memdev_block *b;
	size_t bs, off;
	ssize_t ret = 0;

	pthread_mutex_lock(&dev->lock);
	if (*f_pos >= dev->size)
		goto out;
	if (count > (size_t)(dev->size - *f_pos))
		count = dev->size - *f_pos;
	bs = dev->block_size;
	off = *f_pos % bs;
	if (count > bs - off)
		count = bs - off; /* only up to the end of this block */
	b = memdev_follow(dev, *f_pos / bs, false);
	if (b && b->data)
		ret = copy_to_user(buf, b->data + off, count) ? -EFAULT : 0;
	else
		ret = copy_zeros_to_user(buf, count);
	if (ret)
		goto out;
	*f_pos += count;
	ret = count;
out:
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

static ssize_t memdev_write(struct file *filp, const char __user *buf, size_t count, loff_t *f_pos)
{
	struct memdev *dev = filp->private_data;
	struct memdev_block *b;
	size_t bs, off;
	ssize_t ret;

	pthread_mutex_lock(&dev->lock);
	if (filp->f_flags & O_APPEND)
		*f_pos = dev->size;
	bs = dev->block_size;
	off = *f_pos % bs;
	ret = -EFBIG;
	if (*f_pos / bs >= MEMDEV_MAX_BLOCKS)
		goto out;
	ret = -ENOMEM;
	b = memdev_follow(dev, *f_pos / bs, true);
	if (!b)
		goto out;
	if (!b->data)
		b->data = calloc(1, bs);
	if (!b->data)
		goto out;
	if (count > bs - off)
		count = bs - off; /* only up to the end of this block */
	ret = -EFAULT;
	if (copy_from_user(b->data + off, buf, count))
		goto out;
	*f_pos += count;
	if (dev->size < *f_pos)
		dev->size = *f_pos;
	ret = count;
out:
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

static loff_t memdev_llseek(struct file *filp, loff_t off, int whence)
{
	struct memdev *dev = filp->private_data;
	loff_t base, newpos;

	switch (whence) {
	case SEEK_SET:
		base = 0;
		break;
	case SEEK_CUR:
		base = filp->f_pos;
		break;
	case SEEK_END:
		pthread_mutex_lock(&dev->lock);
		base = dev->size;
		pthread_mutex_unlock(&dev->lock);
		break;
	default:
		return -EINVAL;
	}
	if (__builtin_add_overflow(base, off, &newpos) || newpos < 0)
		return -EINVAL;
	filp->f_pos = newpos;
	return newpos;
}

static bool memdev_ioctl_privileged(unsigned int cmd)
{
	switch (cmd) {
	case MEMDEV_IOCRESET:
	case MEMDEV_IOCSBLOCK:
	case MEMDEV_IOCTBLOCK:
	case MEMDEV_IOCXBLOCK:
	case MEMDEV_IOCHBLOCK:
		return true;
	default:
		return false;
	}
}

/* The commands that change the block size; the caller checked the capability. */
static long memdev_ioctl_set(unsigned int cmd, unsigned long arg)
{
	int __user *uarg = (int __user *)arg;
	int val, err;

	switch (cmd) {
	case MEMDEV_IOCRESET:
		__atomic_store_n(&memdev_block_size, memdev_block_size_load, __ATOMIC_RELAXED);
		return 0;
	case MEMDEV_IOCSBLOCK: /* Set: the value through a pointer */
		err = get_user(val, uarg);
		if (!err)
			err = block_size_valid(val);
		if (!err)
			__atomic_store_n(&memdev_block_size, val, __ATOMIC_RELAXED);
		return err;
	case MEMDEV_IOCTBLOCK: /* Tell: the value is the argument */
		err = block_size_valid((long)arg);
		if (!err)
			__atomic_store_n(&memdev_block_size, (int)arg, __ATOMIC_RELAXED);
		return err;
	case MEMDEV_IOCXBLOCK: /* eXchange: in and out through a pointer */
		err = get_user(val, uarg);
		if (!err)
			err = block_size_valid(val);
		if (err)
			return err;
		val = __atomic_exchange_n(&memdev_block_size, val, __ATOMIC_RELAXED);
		return put_user(val, uarg);
	case MEMDEV_IOCHBLOCK: /* sHift: in by value, out as the result */
		err = block_size_valid((long)arg);
		if (err)
			return err;
		return __atomic_exchange_n(&memdev_block_size, (int)arg, __ATOMIC_RELAXED);
	default:
		return -ENOTTY;
	}
}

static long memdev_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct memdev *dev = filp->private_data;
	int bs;

	if (_IOC_TYPE(cmd) != MEMDEV_IOC_MAGIC || _IOC_NR(cmd) > MEMDEV_IOC_MAXNR)
		return -ENOTTY;
	if (memdev_ioctl_privileged(cmd))
		return capable(CAP_SYS_ADMIN) ? memdev_ioctl_set(cmd, arg) : -EPERM;

	switch (cmd) {
	case MEMDEV_IOCGBLOCK: /* Get: the value through a pointer */
		return put_user(block_size_get(), (int __user *)arg);
	case MEMDEV_IOCQBLOCK: /* Query: the value is the result */
		return block_size_get();
	case MEMDEV_IOCQBLOCKS:
		return memdev_nr_blocks(dev);
	case MEMDEV_IOCQDEVBLOCK:
		pthread_mutex_lock(&dev->lock);
		bs = dev->block_size;
		pthread_mutex_unlock(&dev->lock);
		return bs;
	default:
		return -ENOTTY;
	}
}

static const struct file_operations memdev_fops = {
	.owner = THIS_MODULE,
	.llseek = memdev_llseek,
	.read = memdev_read,
	.write = memdev_write,
	.unlocked_ioctl = memdev_ioctl,
	.open = memdev_open,
	.release = memdev_release,
};

static int memdev_setup(struct memdev *dev, int index)
{
	int err;

	pthread_mutex_init(&dev->lock, NULL);
	dev->block_size = memdev_block_size;
	cdev_init(&dev->cdev, &memdev_fops);
	dev->cdev.owner = THIS_MODULE;
	err = kobject_set_name(&dev->cdev.kobj, "memdev%d", index);
	if (!err)
		err = cdev_add(&dev->cdev, memdev_first + index, 1);
	if (err) {
		pr_err("cannot add memdev%d: %d\n", index, err);
		kobject_put(&dev->cdev.kobj); /* never added: no cdev_del() */
		pthread_mutex_destroy(&dev->lock);
	}
	return err;
}

static void memdev_teardown(struct memdev *dev)
{
	cdev_del(&dev->cdev);
	pthread_mutex_lock(&dev->lock);
	memdev_trim(dev);
	pthread_mutex_unlock(&dev->lock);
	pthread_mutex_destroy(&dev->lock);
}

static int memdev_get_region(void)
{
	int err;

	if (memdev_major) {
		memdev_first = MKDEV(memdev_major, 0);
		err = register_chrdev_region(memdev_first, memdev_nr_devs, "memdev");
	} else {
		err = alloc_chrdev_region(&memdev_first, 0, memdev_nr_devs, "memdev");
	}
	if (err)
		pr_err("cannot get major %d: %d\n", memdev_major, err);
	return err;
}

static int memdev_init(void)
{
	int err, i;

	if (memdev_nr_devs < 1 || memdev_nr_devs > MEMDEV_MAX_DEVS || memdev_major < 0 ||
	    memdev_major >= CHRDEV_MAJOR_MAX || block_size_valid(memdev_block_size)) {
		pr_err("bad parameters: major=%d count=%d block_size=%d\n", memdev_major,
		       memdev_nr_devs, memdev_block_size);
		return -EINVAL;
	}
	memdev_block_size_load = memdev_block_size;
	err = memdev_get_region();
	if (err)
		return err;
	err = -ENOMEM;
	memdevs = calloc(memdev_nr_devs, sizeof(*memdevs));
	if (!memdevs)
		goto fail_region;
	for (i = 0; i < memdev_nr_devs; i++) {
		err = memdev_setup(&memdevs[i], i);
		if (err)
			goto fail_devices;
	}
	pr_info("%d devices on major %u, blocks of %d bytes\n", memdev_nr_devs, MAJOR(memdev_first),
		memdev_block_size);
	return 0;

fail_devices:
	while (i--)
		memdev_teardown(&memdevs[i]);
	free(memdevs);
	memdevs = NULL;
fail_region:
	unregister_chrdev_region(memdev_first, memdev_nr_devs);
	return err;
}

static void memdev_exit(void)
{
	int i;

	for (i = 0; i < memdev_nr_devs; i++)
		memdev_teardown(&memdevs[i]);
	free(memdevs);
	memdevs = NULL;
	unregister_chrdev_region(memdev_first, memdev_nr_devs);
}

module_init(memdev_init);
module_exit(memdev_exit);
