/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - /proc entries, after fs/proc/generic.c and fs/proc/inode.c.
 *
 * An entry is a node /dev/proc/PATH with a device number of its own, of a
 * region named "proc", and a class "proc" of its module; a directory is only
 * the name its children's paths start with. Entries are kept by module, as
 * each module's entries went with it: remove_proc_entry() looks among the
 * caller's own, the class goes with a module's last entry, and what a
 * module leaves at unload is removed then, so no node calls unmapped code.
 * The proc_ops run behind file operations of the entry's own (inode.c's
 * proc_reg_*), which pass to them or give the kernel's defaults.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/poll.h>
#include <libcdev/proc_fs.h>
#include <libcdev/seq_file.h>

#define PROC_PATH_MAX 96 /* below /dev/proc/; 47 bytes a level at most */

/* A module's entries, oldest first, and the class of their nodes. */
struct proc_owner {
	struct proc_owner *next;
	struct module *mod;
	struct proc_dir_entry *entries;
	struct class *class;
};

struct proc_dir_entry {
	struct proc_dir_entry *next; /* the owner's entries */
	struct proc_dir_entry *parent;
	struct proc_owner *owner;
	const struct proc_ops *proc_ops; /* NULL for a directory */
	void *data;
	/* proc_create_seq*() and proc_create_single*(): what the open sets up. */
	const struct seq_operations *seq_ops;
	size_t state_size;
	int (*single_show)(struct seq_file *, void *);
	dev_t devt;
	struct cdev cdev;
	struct file_operations fops;
	char path[PROC_PATH_MAX];
};

static pthread_mutex_t proc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct proc_owner *proc_owners;

/* ---- the file operations of an entry (fs/proc/inode.c) ---- */

static const struct proc_ops *pde_ops(const struct file *file)
{
	return container_of(file->f_inode->i_cdev, struct proc_dir_entry, cdev)->proc_ops;
}

static int proc_reg_open(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *pde = container_of(inode->i_cdev, struct proc_dir_entry, cdev);

	inode->i_private = pde->data;
	return pde->proc_ops->proc_open ? pde->proc_ops->proc_open(inode, file) : 0;
}

static ssize_t proc_reg_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_read ? ops->proc_read(file, buf, count, ppos) : -EIO;
}

static ssize_t proc_reg_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_write ? ops->proc_write(file, buf, count, ppos) : -EIO;
}

static loff_t proc_reg_llseek(struct file *file, loff_t offset, int whence)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_lseek ? ops->proc_lseek(file, offset, whence) : -ESPIPE;
}

static int proc_reg_release(struct inode *inode, struct file *file)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_release ? ops->proc_release(inode, file) : 0;
}

static __poll_t proc_reg_poll(struct file *file, struct poll_table_struct *pt)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_poll ? ops->proc_poll(file, pt) : (POLLIN | POLLRDNORM);
}

static long proc_reg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_ioctl ? ops->proc_ioctl(file, cmd, arg) : -ENOTTY;
}

static struct proc_dir_entry *pde_of(const struct inode *inode)
{
	return container_of(inode->i_cdev, struct proc_dir_entry, cdev);
}

/* A record file: the seq_file, with zeroed private state of state_size bytes. */
static int proc_seq_open(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *pde = pde_of(inode);
	struct seq_file *seq;
	int err;

	err = libcdev_seq_open(file, pde->seq_ops, pde->fops.owner);
	if (err || !pde->state_size)
		return err;
	seq = file->private_data;
	seq->private = kmem_alloc(pde->state_size, KMEM_ZERO | KMEM_MAY_SLEEP, pde->fops.owner);
	if (!seq->private) {
		seq_release(inode, file);
		return -ENOMEM;
	}
	return 0;
}

static int proc_seq_release(struct inode *inode, struct file *file)
{
	if (pde_of(inode)->state_size)
		kmem_free(((struct seq_file *)file->private_data)->private);
	return seq_release(inode, file);
}

static int proc_single_open(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *pde = pde_of(inode);

	return libcdev_single_open(file, pde->single_show, pde->data, pde->fops.owner);
}

static const struct proc_ops proc_seq_ops = {
	.proc_open = proc_seq_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = proc_seq_release,
};

static const struct proc_ops proc_single_ops = {
	.proc_open = proc_single_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
};

static void proc_fops_init(struct proc_dir_entry *pde, struct module *mod)
{
	pde->fops.owner = mod;
	pde->fops.open = proc_reg_open;
	pde->fops.read = proc_reg_read;
	pde->fops.write = proc_reg_write;
	pde->fops.llseek = proc_reg_llseek;
	pde->fops.release = proc_reg_release;
	pde->fops.poll = proc_reg_poll;
	pde->fops.unlocked_ioctl = proc_reg_ioctl;
}

/* ---- the entries of each module ---- */

static void proc_path(char *path, const char *name, const struct proc_dir_entry *parent)
{
	if (parent)
		snprintf(path, PROC_PATH_MAX, "%.47s/%.47s", parent->path, name);
	else
		snprintf(path, PROC_PATH_MAX, "%.95s", name);
}

/* Under proc_lock: @mod's record, made on first use if @make; NULL if none. */
static struct proc_owner *proc_owner_find(struct module *mod, bool make)
{
	struct proc_owner *po;

	for (po = proc_owners; po; po = po->next)
		if (po->mod == mod)
			return po;
	if (!make)
		return NULL;
	po = calloc(1, sizeof(*po));
	if (!po)
		return NULL;
	po->mod = mod;
	po->next = proc_owners;
	proc_owners = po;
	return po;
}

/* Under proc_lock: once a module has no entry left, its class and record go. */
static void proc_owner_put(struct proc_owner *po)
{
	struct proc_owner **pp;

	if (po->entries)
		return;
	if (po->class)
		class_destroy(po->class);
	for (pp = &proc_owners; *pp != po; pp = &(*pp)->next)
		;
	*pp = po->next;
	free(po);
}

static void proc_link(struct proc_owner *po, struct proc_dir_entry *pde)
{
	struct proc_dir_entry **pp;

	for (pp = &po->entries; *pp; pp = &(*pp)->next)
		;
	pde->next = NULL;
	pde->owner = po;
	*pp = pde;
}

static void proc_unlink(struct proc_dir_entry *pde)
{
	struct proc_dir_entry **pp;

	for (pp = &pde->owner->entries; *pp != pde; pp = &(*pp)->next)
		;
	*pp = pde->next;
}

/* A new entry of @mod, not yet linked; NULL on failure. */
static struct proc_dir_entry *proc_new(const char *name, struct proc_dir_entry *parent,
				       struct module *mod)
{
	struct proc_dir_entry *pde;

	pde = kmem_alloc(sizeof(*pde), KMEM_ZERO | KMEM_MAY_SLEEP, mod);
	if (!pde)
		return NULL;
	pde->parent = parent;
	proc_path(pde->path, name, parent);
	return pde;
}

_public_ struct proc_dir_entry *libcdev_proc_mkdir(const char *name, struct proc_dir_entry *parent,
						   struct module *owner)
{
	struct proc_dir_entry *pde = proc_new(name, parent, owner);
	struct proc_owner *po;

	if (!pde)
		return NULL;
	pthread_mutex_lock(&proc_lock);
	po = proc_owner_find(owner, true);
	if (po)
		proc_link(po, pde);
	pthread_mutex_unlock(&proc_lock);
	if (!po) {
		kmem_free(pde);
		return NULL;
	}
	return pde;
}

/* Under proc_lock: @po's class, made with its first node; 0 or a negative errno. */
static int proc_class_get(struct proc_owner *po)
{
	struct class *cls;

	if (po->class)
		return 0;
	cls = class_create("proc");
	if (IS_ERR(cls))
		return (int)PTR_ERR(cls);
	po->class = cls;
	return 0;
}

/* Under proc_lock: give @pde a device number and its node /dev/proc/PATH. */
static int proc_publish(struct proc_owner *po, struct proc_dir_entry *pde, struct module *mod)
{
	struct device *dev;
	int err;

	err = alloc_chrdev_region(&pde->devt, 0, 1, "proc");
	if (err)
		return err;
	err = proc_class_get(po);
	if (err)
		goto out_region;
	dev = device_create(po->class, NULL, pde->devt, NULL, "proc/%s", pde->path);
	if (IS_ERR(dev)) {
		err = (int)PTR_ERR(dev);
		goto out_region;
	}
	cdev_init(&pde->cdev, &pde->fops);
	pde->cdev.owner = mod;
	err = cdev_add(&pde->cdev, pde->devt, 1);
	if (err)
		goto out_device;
	return 0;

out_device:
	device_destroy(po->class, pde->devt);
out_region:
	unregister_chrdev_region(pde->devt, 1);
	return err;
}

/* Give @pde, made by proc_new() and filled in, its node; @pde is freed on failure. */
static struct proc_dir_entry *proc_add(struct proc_dir_entry *pde, struct module *owner)
{
	struct proc_owner *po;
	int err = -ENOMEM;

	proc_fops_init(pde, owner);
	pthread_mutex_lock(&proc_lock);
	po = proc_owner_find(owner, true);
	if (po)
		err = proc_publish(po, pde, owner);
	if (!err)
		proc_link(po, pde);
	else if (po)
		proc_owner_put(po);
	pthread_mutex_unlock(&proc_lock);
	if (err) {
		kmem_free(pde);
		return NULL;
	}
	return pde;
}

/* The node's mode is not taken: it comes from udev rules. */
_public_ struct proc_dir_entry *libcdev_proc_create_data(const char *name, unsigned short mode,
							 struct proc_dir_entry *parent,
							 const struct proc_ops *proc_ops,
							 void *data, struct module *owner)
{
	struct proc_dir_entry *pde = proc_new(name, parent, owner);

	(void)mode;
	if (!pde)
		return NULL;
	pde->proc_ops = proc_ops;
	pde->data = data;
	return proc_add(pde, owner);
}

_public_ struct proc_dir_entry *
libcdev_proc_create_seq_private(const char *name, unsigned short mode,
				struct proc_dir_entry *parent, const struct seq_operations *ops,
				size_t state_size, void *data, struct module *owner)
{
	struct proc_dir_entry *pde = proc_new(name, parent, owner);

	(void)mode;
	if (!pde)
		return NULL;
	pde->proc_ops = &proc_seq_ops;
	pde->data = data;
	pde->seq_ops = ops;
	pde->state_size = state_size;
	return proc_add(pde, owner);
}

_public_ struct proc_dir_entry *libcdev_proc_create_single_data(
	const char *name, unsigned short mode, struct proc_dir_entry *parent,
	int (*show)(struct seq_file *, void *), void *data, struct module *owner)
{
	struct proc_dir_entry *pde;

	(void)mode;
	if (!show)
		return NULL;
	pde = proc_new(name, parent, owner);
	if (!pde)
		return NULL;
	pde->proc_ops = &proc_single_ops;
	pde->data = data;
	pde->single_show = show;
	return proc_add(pde, owner);
}

/* Under proc_lock: remove @pde and, first, its owner's entries below it. */
static void proc_remove_locked(struct proc_dir_entry *pde)
{
	struct proc_owner *po = pde->owner;
	struct proc_dir_entry *child;

	/* Each removal may take more than one entry: look again from the start. */
	do {
		for (child = po->entries; child && child->parent != pde; child = child->next)
			;
		if (child)
			proc_remove_locked(child);
	} while (child);
	proc_unlink(pde);
	if (pde->proc_ops) {
		cdev_del(&pde->cdev);
		device_destroy(po->class, pde->devt);
		unregister_chrdev_region(pde->devt, 1);
	}
	kmem_free(pde);
	proc_owner_put(po);
}

_public_ void proc_remove(struct proc_dir_entry *pde)
{
	if (!pde)
		return;
	pthread_mutex_lock(&proc_lock);
	proc_remove_locked(pde);
	pthread_mutex_unlock(&proc_lock);
}

_public_ void libcdev_remove_proc_entry(const char *name, struct proc_dir_entry *parent,
					struct module *owner)
{
	struct proc_dir_entry *pde = NULL;
	struct proc_owner *po;
	char path[PROC_PATH_MAX];

	proc_path(path, name, parent);
	pthread_mutex_lock(&proc_lock);
	po = proc_owner_find(owner, false);
	for (pde = po ? po->entries : NULL; pde && strcmp(pde->path, path); pde = pde->next)
		;
	if (pde)
		proc_remove_locked(pde);
	pthread_mutex_unlock(&proc_lock);
}

int proc_module_stop(struct module *mod)
{
	struct proc_owner *po;
	int n = 0;

	pthread_mutex_lock(&proc_lock);
	/* The oldest first: a directory takes the entries below it along. */
	while ((po = proc_owner_find(mod, false)) && po->entries) {
		printk(KERN_WARNING "proc entry %s still present at module unload: removed\n",
		       po->entries->path);
		proc_remove_locked(po->entries);
		n++;
	}
	pthread_mutex_unlock(&proc_lock);
	return n;
}
