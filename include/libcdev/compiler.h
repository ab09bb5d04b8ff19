/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel-style helpers that driver code expects to find.
 */
#ifndef LIBCDEV_COMPILER_H
#define LIBCDEV_COMPILER_H

#include <stddef.h>

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

#endif
