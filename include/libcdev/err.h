/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - errors inside pointers, after include/linux/err.h: functions that
 * return a pointer return ERR_PTR(-Exxx) on failure.
 */
#ifndef LIBCDEV_ERR_H
#define LIBCDEV_ERR_H

#include <stdbool.h>

#define MAX_ERRNO 4095

#define IS_ERR_VALUE(x) ((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR_VALUE((unsigned long)ptr);
}

#endif
