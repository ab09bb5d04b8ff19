/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * nullzero - null, zero and full with the kernel's semantics, after
 * drivers/char/mem.c.
 *
 *   /dev/libcdev-null  reads: end of file at once; writes: swallowed whole
 *   /dev/libcdev-zero  reads: as many zero bytes as asked for; writes: swallowed
 *   /dev/libcdev-full  reads: zeros, as zero; writes: fail with ENOSPC
 *
 * llseek of all three puts the position back to 0 and returns 0, as the
 * kernel's null_lseek() does (reachable only through the direct backend: on a
 * CUSE node the kernel answers lseek by itself).
 *
 * What it shows, besides the semantics:
 *   - one cdev for three minors whose open() picks the real file_operations
 *     by minor and puts them in filp->f_op, as the kernel's memory_open() does;
 *     later calls on that file go straight to them;
 *   - class_create() and device_create() giving the nodes their names (the
 *     names do not clash with the system's /dev/null, /dev/zero, /dev/full);
 *   - a long read of zeros that stops early, with what it has, when the caller
 *     gets a signal (signal_pending()), as the kernel's read_iter_zero() does.
 *
 * Build (libcdev installed; pkg-config must find libcdev.pc):
 *   cc -Wall -Wextra -shared -fPIC -o nullzero.so nullzero.c $(pkg-config --cflags --libs libcdev)
 * The build tree makes it as examples/.libs/nullzero.so; `make install` puts
 * it in $(pkglibdir), by default /usr/local/lib/libcdev/nullzero.so.
 *
 * Run (as root, in a kernel with CUSE):
 *   cdevctl run ./nullzero.so
 * In a second terminal:
 *   cat /dev/libcdev-null | wc -c                          0
 *   echo hello > /dev/libcdev-null                         succeeds
 *   head -c 1000000 /dev/libcdev-zero | tr -d '\0' | wc -c 0 (all zeros)
 *   echo hello > /dev/libcdev-full                         No space left on device
 */
#include <errno.h>

#include <libcdev/libcdev.h>

MODULE_LICENSE("LGPL-2.1-or-later");
MODULE_AUTHOR("The libcdev authors");
MODULE_DESCRIPTION("null, zero and full with the kernel's semantics");
MODULE_VERSION("1.0");

#define ZERO_CHUNK 4096

static ssize_t read_null(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)count, (void)ppos;
	return 0;
}

static ssize_t write_null(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)ppos;
	return count;
}

/* As the kernel's read_zero(): clear_user() a page at a time, so a signal stops it early. */
static ssize_t read_zero(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	size_t written = 0, chunk, left;

	(void)filp, (void)ppos;
	while (written < count) {
		chunk = count - written < ZERO_CHUNK ? count - written : ZERO_CHUNK;
		left = clear_user(buf + written, chunk);
		written += chunk - left;
		if (left)
			return written ? (ssize_t)written : -EFAULT;
		if (signal_pending(current))
			return written; /* at least one chunk is done */
	}
	return written;
}

static ssize_t write_full(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)count, (void)ppos;
	return -ENOSPC;
}

static loff_t null_lseek(struct file *filp, loff_t offset, int whence)
{
	(void)offset, (void)whence;
	filp->f_pos = 0;
	return 0;
}

static const struct file_operations null_fops = {
	.owner = THIS_MODULE,
	.llseek = null_lseek,
	.read = read_null,
	.write = write_null,
};

static const struct file_operations zero_fops = {
	.owner = THIS_MODULE,
	.llseek = null_lseek,
	.read = read_zero,
	.write = write_null,
};

static const struct file_operations full_fops = {
	.owner = THIS_MODULE,
	.llseek = null_lseek,
	.read = read_zero,
	.write = write_full,
};

/* The devices by minor, as mem.c's devlist. */
static const struct memdev_info {
	const char *name;
	const struct file_operations *fops;
} devlist[] = {
	{ "null", &null_fops },
	{ "zero", &zero_fops },
	{ "full", &full_fops },
};

#define NR_DEVS ARRAY_SIZE(devlist)

static dev_t nullzero_first;
static struct cdev nullzero_cdev;
static struct class *nullzero_class;

static int memory_open(struct inode *inode, struct file *filp)
{
	unsigned int index = inode->i_rdev - nullzero_first;

	if (index >= NR_DEVS)
		return -ENXIO;
	filp->f_op = devlist[index].fops;
	if (filp->f_op->open)
		return filp->f_op->open(inode, filp);
	return 0;
}

static const struct file_operations memory_fops = {
	.owner = THIS_MODULE,
	.open = memory_open,
	.llseek = null_lseek,
};

static void nullzero_destroy_devices(unsigned int n)
{
	while (n--)
		device_destroy(nullzero_class, nullzero_first + n);
	class_destroy(nullzero_class);
}

/* Name the nodes before cdev_add(), so they are made with these names. */
static int nullzero_create_devices(void)
{
	struct device *dev;
	unsigned int i;

	nullzero_class = class_create("libcdev-mem");
	if (IS_ERR(nullzero_class))
		return PTR_ERR(nullzero_class);
	for (i = 0; i < NR_DEVS; i++) {
		dev = device_create(nullzero_class, NULL, nullzero_first + i, NULL, "libcdev-%s",
				    devlist[i].name);
		if (IS_ERR(dev)) {
			nullzero_destroy_devices(i);
			return PTR_ERR(dev);
		}
	}
	return 0;
}

static int nullzero_init(void)
{
	int err;

	err = alloc_chrdev_region(&nullzero_first, 0, NR_DEVS, "libcdev-mem");
	if (err)
		return err;
	err = nullzero_create_devices();
	if (err)
		goto fail_region;
	cdev_init(&nullzero_cdev, &memory_fops);
	nullzero_cdev.owner = THIS_MODULE;
	err = cdev_add(&nullzero_cdev, nullzero_first, NR_DEVS);
	if (err)
		goto fail_devices;
	return 0;

fail_devices:
	kobject_put(&nullzero_cdev.kobj);
	nullzero_destroy_devices(NR_DEVS);
fail_region:
	pr_err("cannot set up the devices: %d\n", err);
	unregister_chrdev_region(nullzero_first, NR_DEVS);
	return err;
}

static void nullzero_exit(void)
{
	cdev_del(&nullzero_cdev);
	nullzero_destroy_devices(NR_DEVS);
	unregister_chrdev_region(nullzero_first, NR_DEVS);
}

module_init(nullzero_init);
module_exit(nullzero_exit);
