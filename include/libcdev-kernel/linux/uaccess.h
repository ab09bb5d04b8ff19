/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/uaccess.h>: copy_to_user()/copy_from_user(), clear_user(),
 * get_user()/put_user() and their __ forms, and access_ok() (two arguments,
 * since 5.0), over libcdev's <libcdev/uaccess.h>. The caller's memory is
 * another process's: every access is checked as it happens; a bad address
 * gives a short copy or -EFAULT, never a crash.
 */
#ifndef LIBCDEV_KERNEL_LINUX_UACCESS_H
#define LIBCDEV_KERNEL_LINUX_UACCESS_H

#include <stdbool.h>

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <libcdev/kcheck.h>
#include <libcdev/uaccess.h>

/* The end of user space on x86-64 (4-level page tables), as TASK_SIZE_MAX. */
#define __LIBCDEV_TASK_SIZE 0x00007ffffffff000UL

/* Whether [addr, addr + size) can be user memory at all; the copy still checks. */
static inline bool __libcdev_access_ok(unsigned long addr, unsigned long size)
{
	return size <= __LIBCDEV_TASK_SIZE && addr <= __LIBCDEV_TASK_SIZE - size;
}
#define access_ok(addr, size) __libcdev_access_ok((unsigned long)(addr), (unsigned long)(size))

/*
 * Touching user memory may fault and sleep: reported in atomic context
 * (kcheck.h). On the library's names, which <libcdev/names.h> maps to.
 */
#define libcdev_copy_to_user(to, from, n) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_copy_to_user)(to, from, n))
#define libcdev_copy_from_user(to, from, n) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_copy_from_user)(to, from, n))
#define libcdev_clear_user(to, n) \
	(__libcdev_might_sleep(__FILE__, __LINE__), (libcdev_clear_user)(to, n))

#define __get_user(x, ptr)	      get_user(x, ptr)
#define __put_user(x, ptr)	      put_user(x, ptr)
#define __copy_from_user(to, from, n) copy_from_user(to, from, n)
#define __copy_to_user(to, from, n)   copy_to_user(to, from, n)
#define __clear_user(to, n)	      clear_user(to, n)

#endif
