/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/proc_fs.h>: a driver's /proc entries, served by
 * the driver's own process as device nodes under /dev/proc/: the entry
 * "kscull/stats" (proc_mkdir("kscull", NULL), then proc_create("stats", ...,
 * dir, ...)) is read as /dev/proc/kscull/stats. Each entry takes one device
 * number, of a region named "proc". Its proc_ops run as the file
 * operations of that node; pde_data() gives the data of proc_create_data().
 * Written for libcdev.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PROC_FS_H
#define LIBCDEV_KERNEL_LINUX_PROC_FS_H

#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/slab.h>

struct proc_ops {
	unsigned int proc_flags;
	int (*proc_open)(struct inode *, struct file *);
	ssize_t (*proc_read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*proc_read_iter)(struct kiocb *, struct iov_iter *);
	ssize_t (*proc_write)(struct file *, const char __user *, size_t, loff_t *);
	loff_t (*proc_lseek)(struct file *, loff_t, int);
	int (*proc_release)(struct inode *, struct file *);
	__poll_t (*proc_poll)(struct file *, struct poll_table_struct *);
	long (*proc_ioctl)(struct file *, unsigned int, unsigned long);
	long (*proc_compat_ioctl)(struct file *, unsigned int, unsigned long);
	int (*proc_mmap)(struct file *, struct vm_area_struct *);
	unsigned long (*proc_get_unmapped_area)(struct file *, unsigned long, unsigned long,
						unsigned long, unsigned long);
};

#define PROC_ENTRY_PERMANENT	1U

/* An entry (a node) or a directory (only a name prefix). */
struct proc_dir_entry {
	struct list_head list;		/* this module's entries */
	struct proc_dir_entry *parent;
	const struct proc_ops *proc_ops;	/* NULL for a directory */
	void *data;
	dev_t devt;
	struct cdev cdev;
	struct file_operations fops;
	char path[96];			/* below /dev/proc/; 47 bytes a level at most */
};

/* This module's entries and the class their nodes belong to. */
static LIST_HEAD(__libcdev_proc_entries);
static DEFINE_MUTEX(__libcdev_proc_lock);
static struct class *__libcdev_proc_class;

static inline struct proc_dir_entry *__libcdev_pde(const struct file *file)
{
	return container_of(file->f_inode->i_cdev, struct proc_dir_entry, cdev);
}

static inline void *pde_data(const struct inode *inode)
{
	return inode->i_private;
}
#define PDE_DATA(inode)	pde_data(inode)

static inline int __libcdev_proc_open(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *pde = container_of(inode->i_cdev, struct proc_dir_entry, cdev);

	inode->i_private = pde->data;
	return pde->proc_ops->proc_open ? pde->proc_ops->proc_open(inode, file) : 0;
}

static inline ssize_t __libcdev_proc_read(struct file *file, char __user *buf, size_t count,
					  loff_t *ppos)
{
	const struct proc_ops *ops = __libcdev_pde(file)->proc_ops;

	return ops->proc_read ? ops->proc_read(file, buf, count, ppos) : -EIO;
}

static inline ssize_t __libcdev_proc_write(struct file *file, const char __user *buf,
					   size_t count, loff_t *ppos)
{
	const struct proc_ops *ops = __libcdev_pde(file)->proc_ops;

	return ops->proc_write ? ops->proc_write(file, buf, count, ppos) : -EIO;
}

static inline loff_t __libcdev_proc_lseek(struct file *file, loff_t offset, int whence)
{
	const struct proc_ops *ops = __libcdev_pde(file)->proc_ops;

	return ops->proc_lseek ? ops->proc_lseek(file, offset, whence) : -ESPIPE;
}

static inline int __libcdev_proc_release(struct inode *inode, struct file *file)
{
	const struct proc_ops *ops = __libcdev_pde(file)->proc_ops;

	return ops->proc_release ? ops->proc_release(inode, file) : 0;
}

static inline __poll_t __libcdev_proc_poll(struct file *file, struct poll_table_struct *pt)
{
	const struct proc_ops *ops = __libcdev_pde(file)->proc_ops;

	return ops->proc_poll ? ops->proc_poll(file, pt) : (POLLIN | POLLRDNORM);
}

static inline long __libcdev_proc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	const struct proc_ops *ops = __libcdev_pde(file)->proc_ops;

	return ops->proc_ioctl ? ops->proc_ioctl(file, cmd, arg) : -ENOTTY;
}

static inline void __libcdev_proc_path(struct proc_dir_entry *pde, const char *name,
				       struct proc_dir_entry *parent)
{
	if (parent)
		snprintf(pde->path, sizeof(pde->path), "%.47s/%.47s", parent->path, name);
	else
		snprintf(pde->path, sizeof(pde->path), "%.95s", name);
}

static inline struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent)
{
	struct proc_dir_entry *pde = (struct proc_dir_entry *)kzalloc(sizeof(*pde), GFP_KERNEL);

	if (!pde)
		return NULL;
	pde->parent = parent;
	__libcdev_proc_path(pde, name, parent);
	mutex_lock(&__libcdev_proc_lock);
	list_add_tail(&pde->list, &__libcdev_proc_entries);
	mutex_unlock(&__libcdev_proc_lock);
	return pde;
}

/* Give @pde a device number and its node /dev/proc/PATH. */
static inline int __libcdev_proc_publish(struct proc_dir_entry *pde)
{
	struct device *dev;
	int err;

	err = alloc_chrdev_region(&pde->devt, 0, 1, "proc");
	if (err)
		return err;
	if (!__libcdev_proc_class) {
		__libcdev_proc_class = class_create("proc");
		if (IS_ERR(__libcdev_proc_class)) {
			err = PTR_ERR(__libcdev_proc_class);
			__libcdev_proc_class = NULL;
			goto out_region;
		}
	}
	dev = device_create(__libcdev_proc_class, NULL, pde->devt, NULL, "proc/%s", pde->path);
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto out_region;
	}
	cdev_init(&pde->cdev, &pde->fops);
	pde->cdev.owner = THIS_MODULE;
	err = cdev_add(&pde->cdev, pde->devt, 1);
	if (err)
		goto out_device;
	return 0;

out_device:
	device_destroy(__libcdev_proc_class, pde->devt);
out_region:
	unregister_chrdev_region(pde->devt, 1);
	return err;
}

static inline struct proc_dir_entry *proc_create_data(const char *name, umode_t mode,
						      struct proc_dir_entry *parent,
						      const struct proc_ops *proc_ops, void *data)
{
	struct proc_dir_entry *pde = (struct proc_dir_entry *)kzalloc(sizeof(*pde), GFP_KERNEL);

	(void)mode;	/* the node's mode comes from udev rules */
	if (!pde)
		return NULL;
	pde->parent = parent;
	pde->proc_ops = proc_ops;
	pde->data = data;
	__libcdev_proc_path(pde, name, parent);
	pde->fops.owner = THIS_MODULE;
	pde->fops.open = __libcdev_proc_open;
	pde->fops.read = __libcdev_proc_read;
	pde->fops.write = __libcdev_proc_write;
	pde->fops.llseek = __libcdev_proc_lseek;
	pde->fops.release = __libcdev_proc_release;
	pde->fops.poll = __libcdev_proc_poll;
	pde->fops.unlocked_ioctl = __libcdev_proc_ioctl;
	if (__libcdev_proc_publish(pde)) {
		kfree(pde);
		return NULL;
	}
	mutex_lock(&__libcdev_proc_lock);
	list_add_tail(&pde->list, &__libcdev_proc_entries);
	mutex_unlock(&__libcdev_proc_lock);
	return pde;
}

static inline struct proc_dir_entry *proc_create(const char *name, umode_t mode,
						 struct proc_dir_entry *parent,
						 const struct proc_ops *proc_ops)
{
	return proc_create_data(name, mode, parent, proc_ops, NULL);
}

/* Remove @pde and, first, the entries below it (as remove_proc_subtree()). */
static inline void __libcdev_proc_remove_locked(struct proc_dir_entry *pde)
{
	struct proc_dir_entry *child, *next;

	list_for_each_entry_safe(child, next, &__libcdev_proc_entries, list)
		if (child->parent == pde)
			__libcdev_proc_remove_locked(child);
	list_del(&pde->list);
	if (pde->proc_ops) {
		cdev_del(&pde->cdev);
		device_destroy(__libcdev_proc_class, pde->devt);
		unregister_chrdev_region(pde->devt, 1);
	}
	kfree(pde);
	if (list_empty(&__libcdev_proc_entries) && __libcdev_proc_class) {
		class_destroy(__libcdev_proc_class);
		__libcdev_proc_class = NULL;
	}
}

static inline void proc_remove(struct proc_dir_entry *pde)
{
	if (!pde)
		return;
	mutex_lock(&__libcdev_proc_lock);
	__libcdev_proc_remove_locked(pde);
	mutex_unlock(&__libcdev_proc_lock);
}

static inline void remove_proc_entry(const char *name, struct proc_dir_entry *parent)
{
	struct proc_dir_entry *pde, *found = NULL;
	char path[96];

	if (parent)
		snprintf(path, sizeof(path), "%.47s/%.47s", parent->path, name);
	else
		snprintf(path, sizeof(path), "%.95s", name);
	mutex_lock(&__libcdev_proc_lock);
	list_for_each_entry(pde, &__libcdev_proc_entries, list)
		if (!strcmp(pde->path, path)) {
			found = pde;
			break;
		}
	if (found)
		__libcdev_proc_remove_locked(found);
	mutex_unlock(&__libcdev_proc_lock);
}
#define remove_proc_subtree(name, parent)	remove_proc_entry(name, parent)

#endif
