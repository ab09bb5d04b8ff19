/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel-style helpers that driver code expects to find.
 */
#ifndef LIBCDEV_COMPILER_H
#define LIBCDEV_COMPILER_H

#include <stddef.h>
#include <sys/types.h> /* glibc's loff_t first: ours below takes the name over */

/* User-space pointers are ordinary pointers here; the annotation stays for the reader. */
#ifndef __user
#define __user
#endif

/**
 * container_of - cast a member of a structure out to the containing structure
 * @ptr: the pointer to the member
 * @type: the type of the container struct this is embedded in
 * @member: the name of the member within the struct
 */
#ifndef container_of
#define container_of(ptr, type, member) ((type *)(void *)((char *)(ptr)-offsetof(type, member)))
#endif

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/*
 * loff_t is the kernel's long long (glibc's is a long, also 64 bits), so a
 * driver's printk("%lld", *ppos) is right. glibc's typedef has been seen by
 * now (<sys/types.h> above, which never defines it again); from here on the
 * name is ours. A program that hands one to glibc (splice(), whose offsets
 * are glibc's off64_t) passes a pointer to its own variable of glibc's type.
 */
typedef long long __libcdev_loff_t;
#define loff_t __libcdev_loff_t

#endif
