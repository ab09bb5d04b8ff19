/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/debugfs.h>: debugfs files served as nodes below
 * /dev/sys/kernel/debug/ (<libcdev/sysfs.h>), and DEFINE_SHOW_ATTRIBUTE().
 */
#ifndef LIBCDEV_KERNEL_LINUX_DEBUGFS_H
#define LIBCDEV_KERNEL_LINUX_DEBUGFS_H

#include <linux/fs.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/types.h>
#include <libcdev/sysfs.h>

#define debugfs_remove_recursive(dentry) debugfs_remove(dentry)

#define DEFINE_SHOW_ATTRIBUTE(__name)                                      \
	static int __name##_open(struct inode *inode, struct file *file)   \
	{                                                                  \
		return single_open(file, __name##_show, inode->i_private); \
	}                                                                  \
	static const struct file_operations __name##_fops = {              \
		.owner = THIS_MODULE,                                      \
		.open = __name##_open,                                     \
		.read = seq_read,                                          \
		.llseek = seq_lseek,                                       \
		.release = single_release,                                 \
	}

#endif
