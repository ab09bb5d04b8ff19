/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/fdtable.h>: a process's table of open files.
 * The callers' tables are the host kernel's, out of a driver's reach here;
 * what is left is the structure and the slab cache the kernel allocates it
 * from (files_cachep), whose objects are kmalloc() memory of the module
 * that allocates them, accounted as such.
 */
#ifndef LIBCDEV_KERNEL_LINUX_FDTABLE_H
#define LIBCDEV_KERNEL_LINUX_FDTABLE_H

#include <limits.h>

#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define NR_OPEN_DEFAULT (sizeof(long) * CHAR_BIT)

struct files_struct {
	atomic_t count;
	spinlock_t file_lock;
	unsigned int next_fd;
	unsigned long close_on_exec_init[1];
	unsigned long open_fds_init[1];
	struct file *fd_array[NR_OPEN_DEFAULT];
};

/* One cache for every user in the file, as the kernel's one for all. */
static inline struct kmem_cache *__libcdev_files_cachep(void)
{
	static struct kmem_cache cache = {
		.name = "files_cache",
		.size = sizeof(struct files_struct),
		.align = __alignof__(struct files_struct),
	};

	return &cache;
}
#define files_cachep (__libcdev_files_cachep())

#endif
