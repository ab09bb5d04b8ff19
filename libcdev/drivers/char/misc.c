/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - misc devices (drivers/char/misc.c): one region of 256 minors
 * shared by every misc device of the process, registered on first use; a
 * cdev of one number per device; open looks the device up by number and
 * hands the file to the driver's fops, as misc_open() does.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

#include "core/core.h"
#include "backend/backend.h"
#include <libcdev/miscdevice.h>
#include <libcdev/sysfs.h>

static pthread_mutex_t misc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct miscdevice *misc_list;
static dev_t misc_base; /* MKDEV(major, 0) once the region is registered */
static struct class *misc_class;
static unsigned char misc_used[256];

/* Under misc_lock: the region and the class, on first use. */
static int misc_region_get_locked(void)
{
	int err;

	if (misc_base)
		return 0;
	/* The kernel's own misc driver holds 10 on nearly every system. */
	err = -EBUSY;
	if (!registry_kernel_holds_major(MISC_MAJOR))
		err = register_chrdev_region(MKDEV(MISC_MAJOR, 0), 256, "misc");
	if (err == -EBUSY)
		err = alloc_chrdev_region(&misc_base, 0, 256, "misc");
	else if (!err)
		misc_base = MKDEV(MISC_MAJOR, 0);
	if (err)
		return err;
	misc_class = class_create("misc");
	if (IS_ERR(misc_class)) {
		err = PTR_ERR(misc_class);
		misc_class = NULL;
		unregister_chrdev_region(misc_base, 256);
		misc_base = 0;
	}
	return err;
}

/* Under misc_lock: the minor for @misc, by the kernel's rules. */
static int misc_minor_get_locked(int minor)
{
	if (minor == MISC_DYNAMIC_MINOR) {
		for (int m = MISC_DYNAMIC_MINORS - 1; m >= 0; m--)
			if (!misc_used[m]) {
				misc_used[m] = 1;
				return m;
			}
		return -EBUSY;
	}
	if (minor < 0 || minor > 255)
		return -EINVAL;
	if (misc_used[minor])
		return -EBUSY;
	misc_used[minor] = 1;
	return minor;
}

static struct miscdevice *misc_find_get(dev_t dev)
{
	struct miscdevice *m;

	pthread_mutex_lock(&misc_lock);
	for (m = misc_list; m; m = m->next)
		if (m->this_device && m->this_device->devt == dev)
			break;
	if (m && !try_module_get(m->fops->owner))
		m = NULL;
	pthread_mutex_unlock(&misc_lock);
	return m;
}

/* misc_open(): from now on the file is the driver's, with the miscdevice as private_data. */
static int misc_open(struct inode *inode, struct file *file)
{
	const struct file_operations *old = file->f_op;
	struct miscdevice *m = misc_find_get(inode->i_rdev);
	int err;

	if (!m)
		return -ENODEV;
	file->f_op = m->fops;
	file->private_data = m;
	if (!m->fops->open)
		return 0;
	err = m->fops->open(inode, file);
	if (err) {
		/* The caller drops the reference of the operations it opened with. */
		file->f_op = old;
		module_put(m->fops->owner);
	}
	return err;
}

static const struct file_operations misc_fops = {
	.open = misc_open,
};

static int misc_add_locked(struct miscdevice *misc, dev_t dev)
{
	struct device *d;
	int err;

	d = device_create_with_groups(misc_class, misc->parent, dev, misc, misc->groups, "%s",
				      misc->nodename ? misc->nodename : misc->name);
	if (IS_ERR(d))
		return PTR_ERR(d);
	misc->cdev = cdev_alloc();
	if (!misc->cdev) {
		err = -ENOMEM;
		goto out_destroy;
	}
	misc->cdev->ops = &misc_fops;
	misc->cdev->owner = misc->fops->owner;
	kobject_set_name(&misc->cdev->kobj, "%s", misc->name);
	misc->this_device = d;
	/* Listed before the node goes live: an open may come at once. */
	misc->next = misc_list;
	misc_list = misc;
	err = cdev_add(misc->cdev, dev, 1);
	if (err)
		goto out_unlist;
	return 0;

out_unlist:
	misc_list = misc->next;
	kobject_put(&misc->cdev->kobj);
	misc->cdev = NULL;
out_destroy:
	device_destroy(misc_class, dev);
	misc->this_device = NULL;
	return err;
}

_public_ int misc_register(struct miscdevice *misc)
{
	bool dynamic;
	int minor, err;

	if (!misc || !misc->name || !misc->fops)
		return -EINVAL;
	dynamic = misc->minor == MISC_DYNAMIC_MINOR;
	pthread_mutex_lock(&misc_lock);
	err = misc_region_get_locked();
	if (err)
		goto out_unlock;
	minor = misc_minor_get_locked(misc->minor);
	if (minor < 0) {
		err = minor;
		goto out_unlock;
	}
	misc->minor = minor;
	err = misc_add_locked(misc, misc_base + (dev_t)minor);
	if (err) {
		misc_used[minor] = 0;
		if (dynamic)
			misc->minor = MISC_DYNAMIC_MINOR;
	}
out_unlock:
	pthread_mutex_unlock(&misc_lock);
	if (!err)
		node_chmod(misc->cdev, misc_base + (dev_t)misc->minor, misc->mode);
	return err;
}

_public_ void misc_deregister(struct miscdevice *misc)
{
	struct miscdevice **pp;
	dev_t dev;

	if (!misc || !misc->cdev)
		return;
	pthread_mutex_lock(&misc_lock);
	for (pp = &misc_list; *pp && *pp != misc; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = misc->next;
	dev = misc->this_device->devt;
	pthread_mutex_unlock(&misc_lock);
	cdev_del(misc->cdev);
	pthread_mutex_lock(&misc_lock);
	device_destroy(misc_class, dev);
	misc->this_device = NULL;
	misc->cdev = NULL;
	misc_used[MINOR(dev) & 0xff] = 0;
	pthread_mutex_unlock(&misc_lock);
}
