/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * legacy - a driver that registers the pre-2.6 way, with register_chrdev().
 *
 * What it shows: register_chrdev(major, name, fops) "continues to work as it
 * always did" (LWN, "Driver porting: Char devices and large dev_t"). One call
 * reserves minors 0-255 of a major (dynamic with major=0, the default; the
 * call then returns it) and adds one cdev for all 256 of them, so every one
 * of those minors is a device: through CUSE each becomes a node, named after
 * the region with its minor, /dev/legacy0 .. /dev/legacy255. Such a driver
 * "will never see minor device numbers greater than 255": a node made with
 * mknod for minor 256 of the same major fails to open with ENXIO ("No such
 * device or address") before any driver code runs, so the range check that
 * old drivers did in open() is not needed.
 *
 * Each device reads as one line naming the number it was opened as,
 * "legacy MAJOR:MINOR", from imajor() and iminor() of the inode.
 *
 * Build (libcdev installed; pkg-config must find libcdev.pc):
 *   cc -Wall -Wextra -shared -fPIC -o legacy.so legacy.c $(pkg-config --cflags --libs libcdev)
 * The build tree makes it as examples/.libs/legacy.so; `make install` puts it
 * in $(pkglibdir), by default /usr/local/lib/libcdev/legacy.so.
 *
 * Run (as root, in a kernel with CUSE; 256 nodes take a few seconds to appear):
 *   cdevctl run ./legacy.so [major=0]
 * In a second terminal:
 *   ls /dev/legacy* | wc -l          256
 *   cat /dev/legacy7                 legacy M:7
 *   mknod /tmp/l256 c M 256          with M the major (stat -c %t /dev/legacy0 in hex)
 *   cat /tmp/l256                    fails: No such device or address
 */
#include <errno.h>
#include <stdio.h>

#include <libcdev/libcdev.h>

MODULE_LICENSE("LGPL-2.1-or-later");
MODULE_AUTHOR("The libcdev authors");
MODULE_DESCRIPTION("A register_chrdev() driver: minors 0-255 of one major");
MODULE_VERSION("1.0");

static int legacy_major;
module_param_named(major, legacy_major, int, 0444);
MODULE_PARM_DESC(major, "major number (default 0: allocate one)");

static ssize_t legacy_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	char line[32];
	size_t len;

	len = snprintf(line, sizeof(line), "legacy %u:%u\n", imajor(inode), iminor(inode));
	if (*ppos >= (loff_t)len)
		return 0;
	if (count > len - *ppos)
		count = len - *ppos;
	if (copy_to_user(buf, line + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static const struct file_operations legacy_fops = {
	.owner = THIS_MODULE,
	.read = legacy_read,
	.llseek = noop_llseek,
};

static int legacy_init(void)
{
	int ret;

	if (legacy_major < 0 || legacy_major >= CHRDEV_MAJOR_MAX)
		return -EINVAL;
	ret = register_chrdev(legacy_major, "legacy", &legacy_fops);
	if (ret < 0) {
		pr_err("register_chrdev(%d): %d\n", legacy_major, ret);
		return ret;
	}
	if (legacy_major == 0)
		legacy_major = ret; /* dynamic: the call returned the major */
	pr_info("major %d, minors 0-255\n", legacy_major);
	return 0;
}

static void legacy_exit(void)
{
	unregister_chrdev(legacy_major, "legacy");
}

module_init(legacy_init);
module_exit(legacy_exit);
