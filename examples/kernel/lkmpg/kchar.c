// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kchar - a character driver in the style of The Linux Kernel Module
 * Programming Guide's chardev: written for the kernel, built unchanged
 * against libcdev (only the kernel's linux/ headers, no libcdev name).
 *
 * What it shows:
 *   - register_chrdev() with a dynamic major, class_create() (one argument,
 *     Linux 6.4 and later) and device_create(), which names /dev/kchar;
 *   - one opener at a time (atomic_cmpxchg(), -EBUSY), try_module_get();
 *   - read(): "I already told you N times: MESSAGE" with put_user(), byte by
 *     byte; write() sets the message;
 *   - ioctl with user pointers: KCHAR_IOCTL_SET_MSG reads a string from the
 *     caller with get_user() until its NUL, KCHAR_IOCTL_GET_MSG writes it back
 *     with copy_to_user(), KCHAR_IOCTL_GET_NTH_BYTE takes a value argument;
 *   - pr_fmt() with KBUILD_MODNAME, pr_info()/pr_alert().
 *
 * Build in the kernel: the Kbuild file beside it (obj-m += kchar.o).
 * Build against libcdev (installed):
 *   cdev-kbuild .            makes kchar.so
 * or by hand:
 *   cc -shared -fPIC -DKBUILD_MODNAME='"kchar"' -o kchar.so kchar.c \
 *      $(pkg-config --cflags --libs libcdev-kernel)
 * Run (root, a kernel with CUSE):  cdevctl run ./kchar.so
 *   cat /dev/kchar                  I already told you 1 times: Hello world!
 *   echo -n hi > /dev/kchar; cat /dev/kchar
 *                                   I already told you 3 times: hi
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cdev.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <linux/version.h>

#include "kchar_ioctl.h"

#define DEVICE_NAME "kchar"
#define BUF_LEN	    160

static int major;

enum {
	KCHAR_NOT_USED = 0,
	KCHAR_EXCLUSIVE_OPEN = 1,
};

static atomic_t already_open = ATOMIC_INIT(KCHAR_NOT_USED);

static char message[KCHAR_MSG_MAX] = "Hello world!";
static char reply[BUF_LEN]; /* what read() returns, made at open */
static int counter;

static struct class *cls;

static int device_open(struct inode *inode, struct file *file)
{
	if (atomic_cmpxchg(&already_open, KCHAR_NOT_USED, KCHAR_EXCLUSIVE_OPEN))
		return -EBUSY;
	counter++;
	snprintf(reply, sizeof(reply), "I already told you %d times: %s\n", counter, message);
	try_module_get(THIS_MODULE);
	pr_info("opened minor %u\n", iminor(inode));
	return 0;
}

static int device_release(struct inode *inode, struct file *file)
{
	atomic_set(&already_open, KCHAR_NOT_USED);
	module_put(THIS_MODULE);
	return 0;
}

static ssize_t device_read(struct file *filp, char __user *buffer, size_t length, loff_t *offset)
{
	int bytes_read = 0;
	const char *p = reply + *offset;

	if (*offset >= (loff_t)strlen(reply))
		return 0;
	while (length && *p) {
		if (put_user(*p, buffer + bytes_read))
			return bytes_read ? bytes_read : -EFAULT;
		p++;
		length--;
		bytes_read++;
	}
	*offset += bytes_read;
	return bytes_read;
}

/* Read a NUL-terminated message from the caller, byte by byte. */
static long set_message(const char __user *from)
{
	char tmp[KCHAR_MSG_MAX];
	int i;

	for (i = 0; i < KCHAR_MSG_MAX - 1; i++) {
		char c;

		if (get_user(c, (char __user *)from + i))
			return -EFAULT;
		tmp[i] = c;
		if (!c)
			break;
	}
	tmp[i] = '\0';
	memcpy(message, tmp, sizeof(message));
	pr_info("message set to \"%s\"\n", message);
	return 0;
}

static ssize_t device_write(struct file *filp, const char __user *buff, size_t len, loff_t *off)
{
	char tmp[KCHAR_MSG_MAX];
	size_t n = min(len, sizeof(tmp) - 1);

	if (copy_from_user(tmp, buff, n))
		return -EFAULT;
	tmp[n] = '\0';
	memcpy(message, tmp, sizeof(message));
	return len;
}

static long device_ioctl(struct file *file, unsigned int ioctl_num, unsigned long ioctl_param)
{
	switch (ioctl_num) {
	case KCHAR_IOCTL_SET_MSG:
		return set_message((const char __user *)ioctl_param);
	case KCHAR_IOCTL_GET_MSG:
		if (copy_to_user((char __user *)ioctl_param, message, strlen(message) + 1))
			return -EFAULT;
		return 0;
	case KCHAR_IOCTL_GET_NTH_BYTE:
		if (ioctl_param >= strlen(message))
			return -EINVAL;
		return message[ioctl_param];
	default:
		return -ENOTTY;
	}
}

static struct file_operations chardev_fops = {
	.owner = THIS_MODULE,
	.read = device_read,
	.write = device_write,
	.unlocked_ioctl = device_ioctl,
	.open = device_open,
	.release = device_release,
};

static int __init chardev_init(void)
{
	major = register_chrdev(0, DEVICE_NAME, &chardev_fops);
	if (major < 0) {
		pr_alert("Registering char device failed with %d\n", major);
		return major;
	}
	pr_info("I was assigned major number %d.\n", major);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
	cls = class_create(DEVICE_NAME);
#else
	cls = class_create(THIS_MODULE, DEVICE_NAME);
#endif
	if (IS_ERR(cls)) {
		unregister_chrdev(major, DEVICE_NAME);
		return PTR_ERR(cls);
	}
	device_create(cls, NULL, MKDEV(major, 0), NULL, DEVICE_NAME);
	pr_info("Device created on /dev/%s\n", DEVICE_NAME);
	return 0;
}

static void __exit chardev_exit(void)
{
	device_destroy(cls, MKDEV(major, 0));
	class_destroy(cls);
	unregister_chrdev(major, DEVICE_NAME);
	pr_info("Goodbye after %d opens\n", counter);
}

module_init(chardev_init);
module_exit(chardev_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("An LKMPG-style character device with ioctls on user pointers");
