/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - a driver's /proc entries (include/linux/proc_fs.h,
 * fs/proc/generic.c), served by the driver's own process as device nodes
 * under /dev/proc/: the entry "kscull/stats" (proc_mkdir("kscull", NULL),
 * then proc_create("stats", ..., dir, ...)) is read as /dev/proc/kscull/stats.
 * Each entry takes one device number, of a region named "proc". Its
 * proc_ops run as the file operations of that node; pde_data() gives the
 * data of proc_create_data().
 *
 * Entries belong to the module that made them: remove_proc_entry() looks
 * among that module's own, and unloading a module removes, and reports,
 * those it left.
 *
 * Not in <libcdev/libcdev.h>; <linux/proc_fs.h> carries the kernel's
 * spellings (they record THIS_MODULE).
 */
#ifndef LIBCDEV_PROC_FS_H
#define LIBCDEV_PROC_FS_H

#include <libcdev/fs.h>
#include <libcdev/module.h>

struct seq_file;

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

#define PROC_ENTRY_PERMANENT 1U

/* An entry (a node) or a directory (only a name prefix); opaque. */
struct proc_dir_entry;

/** libcdev_proc_mkdir - what proc_mkdir() does, for @owner; NULL on failure */
struct proc_dir_entry *libcdev_proc_mkdir(const char *name, struct proc_dir_entry *parent,
					  struct module *owner);
/**
 * libcdev_proc_create_data - what proc_create_data() does, for @owner: the
 * node /dev/proc/[PARENT/]NAME, served by @proc_ops; NULL on failure
 *
 * @mode is not used: the node's mode comes from udev rules.
 */
struct proc_dir_entry *libcdev_proc_create_data(const char *name, unsigned short mode,
						struct proc_dir_entry *parent,
						const struct proc_ops *proc_ops, void *data,
						struct module *owner);
/*
 * An entry read as records: a seq_file of @ops, with @state_size bytes of
 * zeroed state as its private data when not 0 (proc_create_seq_private()),
 * or of one record made by @show (proc_create_single_data()). pde_data()
 * gives @data in either.
 */
struct seq_operations;
struct proc_dir_entry *libcdev_proc_create_seq_private(const char *name, unsigned short mode,
						       struct proc_dir_entry *parent,
						       const struct seq_operations *ops,
						       size_t state_size, void *data,
						       struct module *owner);
struct proc_dir_entry *libcdev_proc_create_single_data(const char *name, unsigned short mode,
						       struct proc_dir_entry *parent,
						       int (*show)(struct seq_file *, void *),
						       void *data, struct module *owner);
/** proc_remove - remove @pde and, first, the entries below it; NULL is ignored */
void proc_remove(struct proc_dir_entry *pde);
/** libcdev_remove_proc_entry - proc_remove() of @owner's entry NAME below @parent, if any */
void libcdev_remove_proc_entry(const char *name, struct proc_dir_entry *parent,
			       struct module *owner);

/* In proc_open() and after: the data of proc_create_data(). */
static inline void *pde_data(const struct inode *inode)
{
	return inode->i_private;
}

#endif
