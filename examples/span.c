/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * span - one region of device numbers that spans two majors.
 *
 * What it shows: "If the count argument exceeds the number of minor numbers
 * available, the allocation will continue on into the next major number;
 * this is a design feature" (LWN, "Driver porting: Char devices and large
 * dev_t"). The driver asks register_chrdev_region() for 4 numbers from
 * MKDEV(M, 0xFFFFE), the second-to-last minor of major M: the region becomes
 * two chunks, M:1048574-1048575 and (M+1):0-1, both named "span" (two lines
 * in `cdevctl devices`), and one cdev_add() of 4 numbers makes all of them
 * live. The cdev comes from cdev_alloc() (the other examples embed theirs
 * and use cdev_init()). Through CUSE each number becomes a node named after
 * the cdev with its offset in it:
 *
 *   /dev/span0  M:1048574     /dev/span2  (M+1):0
 *   /dev/span1  M:1048575     /dev/span3  (M+1):1
 *
 * Each reads as one line, "span MAJOR:MINOR OFFSET", from the inode the
 * driver is given, so reading all four shows the driver seeing both majors.
 *
 * Parameter major=M (default 240; 240-254 are the majors Linux reserves for
 * local and experimental use, and the dynamic allocator takes 254 down, so
 * 240 and 241 are free on most machines). M and M+1 must both be free and
 * M+1 must exist: major=511 fails to load with EINVAL (there is no major 512),
 * numbers that another driver holds make it fail with EBUSY; major=0 is
 * refused (EINVAL), since this driver is about a fixed start.
 *
 * Build (libcdev installed; pkg-config must find libcdev.pc):
 *   cc -Wall -Wextra -shared -fPIC -o span.so span.c $(pkg-config --cflags --libs libcdev)
 * The build tree makes it as examples/.libs/span.so; `make install` puts it
 * in $(pkglibdir), by default /usr/local/lib/libcdev/span.so.
 *
 * Run (as root, in a kernel with CUSE):
 *   cdevctl run ./span.so [major=240]
 * In a second terminal:
 *   ls -l /dev/span*                 majors 240 and 241
 *   cat /dev/span1 /dev/span2        span 240:1048575 1, then span 241:0 2
 *   cdevctl devices | grep span      240 span, 241 span
 */
#include <errno.h>
#include <stdio.h>

#include <libcdev/libcdev.h>

MODULE_LICENSE("LGPL-2.1-or-later");
MODULE_AUTHOR("The libcdev authors");
MODULE_DESCRIPTION("A region of 4 device numbers across two majors");
MODULE_VERSION("1.0");

#define SPAN_FIRST_MINOR (MINORMASK - 1) /* 0xFFFFE: two minors before the end */
#define SPAN_COUNT	 4

static int span_major = 240;
module_param_named(major, span_major, int, 0444);
MODULE_PARM_DESC(major, "first major M: the region is M:1048574 to (M+1):1 (default 240)");

static dev_t span_first;
static struct cdev *span_cdev;

static ssize_t span_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	char line[48];
	size_t len;

	len = snprintf(line, sizeof(line), "span %u:%u %u\n", imajor(inode), iminor(inode),
		       (unsigned int)(inode->i_rdev - inode->i_cdev->dev));
	if (*ppos >= (loff_t)len)
		return 0;
	if (count > len - *ppos)
		count = len - *ppos;
	if (copy_to_user(buf, line + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static const struct file_operations span_fops = {
	.owner = THIS_MODULE,
	.read = span_read,
	.llseek = noop_llseek,
};

/* The article's first way: a cdev from cdev_alloc(), freed by its last kobject_put(). */
static int span_add_cdev(void)
{
	int err;

	span_cdev = cdev_alloc();
	if (!span_cdev)
		return -ENOMEM;
	span_cdev->ops = &span_fops;
	span_cdev->owner = THIS_MODULE;
	err = kobject_set_name(&span_cdev->kobj, "span");
	if (!err)
		err = cdev_add(span_cdev, span_first, SPAN_COUNT);
	if (err) {
		kobject_put(&span_cdev->kobj); /* never added: this frees it */
		span_cdev = NULL;
	}
	return err;
}

static int span_init(void)
{
	int err;

	if (span_major <= 0 || span_major >= CHRDEV_MAJOR_MAX) {
		pr_err("major must be 1-511 (got %d)\n", span_major);
		return -EINVAL;
	}
	span_first = MKDEV(span_major, SPAN_FIRST_MINOR);
	err = register_chrdev_region(span_first, SPAN_COUNT, "span");
	if (err) {
		pr_err("register_chrdev_region(%d:%u, %d): %d\n", span_major, SPAN_FIRST_MINOR,
		       SPAN_COUNT, err);
		return err;
	}
	err = span_add_cdev();
	if (err) {
		pr_err("cannot add the cdev: %d\n", err);
		unregister_chrdev_region(span_first, SPAN_COUNT);
		return err;
	}
	pr_info("numbers %u:%u to %u:%u\n", MAJOR(span_first), MINOR(span_first),
		MAJOR(span_first + SPAN_COUNT - 1), MINOR(span_first + SPAN_COUNT - 1));
	return 0;
}

static void span_exit(void)
{
	cdev_del(span_cdev);
	unregister_chrdev_region(span_first, SPAN_COUNT);
}

module_init(span_init);
module_exit(span_exit);
