/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hello - the smallest driver module, after LDD3's hello world.
 *
 * What it shows:
 *   - module_init()/module_exit(), MODULE_LICENSE() and friends;
 *   - parameters: howmany (int) and whom (charp), with MODULE_PARM_DESC(),
 *     set at load time as name=value; a bad value makes init fail (EINVAL);
 *   - pr_info(): the greeting howmany times at init and a goodbye at exit,
 *     on the host's standard error as "hello: ...";
 *   - the minimal char device: a dynamic major from alloc_chrdev_region(),
 *     one struct cdev, and a read-only /dev/hello that returns the greeting
 *     (opening it for writing fails with EACCES).
 *
 * Build (libcdev installed; pkg-config must find libcdev.pc):
 *   cc -Wall -Wextra -shared -fPIC -o hello.so hello.c $(pkg-config --cflags --libs libcdev)
 * The build tree makes it as examples/.libs/hello.so; `make install` puts it
 * in $(pkglibdir), by default /usr/local/lib/libcdev/hello.so.
 *
 * Run (as root, in a kernel with CUSE; Ctrl-C runs module_exit and stops):
 *   cdevctl run ./hello.so howmany=3 whom=Linus
 *     hello: Hello, Linus
 *     hello: Hello, Linus
 *     hello: Hello, Linus
 * In a second terminal:
 *   cat /dev/hello                   prints "Hello, Linus"
 *   echo hi > /dev/hello             fails: Permission denied
 *   cdevctl modinfo ./hello.so       shows both parameters and their descriptions
 * Ctrl-C in the first terminal prints "hello: Goodbye, Linus".
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libcdev/libcdev.h>

MODULE_LICENSE("LGPL-2.1-or-later");
MODULE_AUTHOR("The libcdev authors");
MODULE_DESCRIPTION("Hello world: parameters, messages at init and exit, /dev/hello");
MODULE_VERSION("1.0");

#define HELLO_MAX 256

static int howmany = 1;
module_param(howmany, int, 0444);
MODULE_PARM_DESC(howmany, "how many times to greet at init (0 or more; default 1)");

/* charp is `char *`; a writable array keeps -Wwrite-strings quiet. */
static char whom_default[] = "world";
static char *whom = whom_default;
module_param(whom, charp, 0444);
MODULE_PARM_DESC(whom, "whom to greet (default \"world\")");

static dev_t hello_dev;
static struct cdev hello_cdev;
static char greeting[HELLO_MAX];
static size_t greeting_len;

static int hello_open(struct inode *inode, struct file *filp)
{
	(void)inode;
	if ((filp->f_flags & O_ACCMODE) != O_RDONLY)
		return -EACCES;
	return 0;
}

/* The greeting as a file: reads continue from *ppos and end at its end. */
static ssize_t hello_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp;
	if (*ppos >= (loff_t)greeting_len)
		return 0;
	if (count > greeting_len - *ppos)
		count = greeting_len - *ppos;
	if (copy_to_user(buf, greeting + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static const struct file_operations hello_fops = {
	.owner = THIS_MODULE,
	.open = hello_open,
	.read = hello_read,
	.llseek = noop_llseek,
};

static int hello_add_device(void)
{
	int err;

	err = alloc_chrdev_region(&hello_dev, 0, 1, "hello");
	if (err)
		return err;
	cdev_init(&hello_cdev, &hello_fops);
	hello_cdev.owner = THIS_MODULE;
	err = kobject_set_name(&hello_cdev.kobj, "hello");
	if (err)
		goto out_put;
	err = cdev_add(&hello_cdev, hello_dev, 1);
	if (err)
		goto out_put;
	return 0;

out_put:
	kobject_put(&hello_cdev.kobj); /* never added: drop it, do not cdev_del() */
	unregister_chrdev_region(hello_dev, 1);
	return err;
}

static int hello_init(void)
{
	int err, i;

	if (howmany < 0) {
		pr_err("howmany must not be negative (got %d)\n", howmany);
		return -EINVAL;
	}
	greeting_len = snprintf(greeting, sizeof(greeting), "Hello, %s\n", whom);
	if (greeting_len >= sizeof(greeting)) {
		pr_err("whom is too long\n");
		return -EINVAL;
	}
	for (i = 0; i < howmany; i++)
		pr_info("Hello, %s\n", whom);
	err = hello_add_device();
	if (err) {
		pr_err("cannot add /dev/hello: %s\n", strerror(-err));
		return err;
	}
	return 0;
}

static void hello_exit(void)
{
	cdev_del(&hello_cdev);
	unregister_chrdev_region(hello_dev, 1);
	pr_info("Goodbye, %s\n", whom);
}

module_init(hello_init);
module_exit(hello_exit);
