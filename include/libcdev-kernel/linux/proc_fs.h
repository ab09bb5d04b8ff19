/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/proc_fs.h>, from libcdev's <libcdev/proc_fs.h>:
 * a driver's /proc entries, served by the driver's own process as device
 * nodes under /dev/proc/: the entry "kscull/stats" (proc_mkdir("kscull",
 * NULL), then proc_create("stats", ..., dir, ...)) is read as
 * /dev/proc/kscull/stats. Each entry takes one device number, of a region
 * named "proc". Its proc_ops run as the file operations of that node;
 * pde_data() gives the data of proc_create_data(). Entries are the
 * module's own: unloading it removes those it left.
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
#include <linux/seq_file.h>
#include <libcdev/proc_fs.h>

#define proc_mkdir(name, parent) libcdev_proc_mkdir(name, parent, THIS_MODULE)
#define proc_create_data(name, mode, parent, proc_ops, data) \
	libcdev_proc_create_data(name, mode, parent, proc_ops, data, THIS_MODULE)
#define proc_create(name, mode, parent, proc_ops) \
	libcdev_proc_create_data(name, mode, parent, proc_ops, NULL, THIS_MODULE)
#define proc_create_seq_private(name, mode, parent, ops, state_size, data) \
	libcdev_proc_create_seq_private(name, mode, parent, ops, state_size, data, THIS_MODULE)
#define proc_create_seq_data(name, mode, parent, ops, data) \
	proc_create_seq_private(name, mode, parent, ops, 0, data)
#define proc_create_seq(name, mode, parent, ops) \
	proc_create_seq_private(name, mode, parent, ops, 0, NULL)
#define proc_create_single_data(name, mode, parent, show, data) \
	libcdev_proc_create_single_data(name, mode, parent, show, data, THIS_MODULE)
#define proc_create_single(name, mode, parent, show) \
	proc_create_single_data(name, mode, parent, show, NULL)
#define remove_proc_entry(name, parent)	  libcdev_remove_proc_entry(name, parent, THIS_MODULE)
#define remove_proc_subtree(name, parent) remove_proc_entry(name, parent)
#define PDE_DATA(inode)			  pde_data(inode)

#endif
