/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/string.h>: the C library's string functions plus
 * the kernel's own: strscpy() (-E2BIG when truncated), strlcpy(), kstrdup()
 * and kmemdup() (in <linux/slab.h>), memzero_explicit(), sysfs_streq() and
 * the lookups of a word in an array, match_string() and sysfs_match_string(),
 * and the copies of the caller's memory into kmalloc()'d memory, memdup_user()
 * and memdup_user_nul() (an ERR_PTR() on failure: -ENOMEM or -EFAULT).
 */
#ifndef LIBCDEV_KERNEL_LINUX_STRING_H
#define LIBCDEV_KERNEL_LINUX_STRING_H

#include <stdbool.h>
#include <string.h>
#include <sys/types.h>

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <libcdev/uaccess.h>

static inline ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}

/* glibc 2.38 declares its own strlcpy(): keep ours apart. */
#define strlcpy(dest, src, size) __libcdev_strlcpy(dest, src, size)
static inline size_t __libcdev_strlcpy(char *dest, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len >= size ? size - 1 : len;

		memcpy(dest, src, n);
		dest[n] = '\0';
	}
	return len;
}

static inline void memzero_explicit(void *s, size_t count)
{
	memset(s, 0, count);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

/*
 * sysfs_streq - @s1 and @s2 are equal but for one newline at the end of
 * either: what a ->store() compares a written word with ("on\n" is "on").
 */
static inline bool sysfs_streq(const char *s1, const char *s2)
{
	while (*s1 && *s1 == *s2) {
		s1++;
		s2++;
	}
	if (*s1 == *s2)
		return true;
	if (!*s1 && *s2 == '\n' && !s2[1])
		return true;
	return *s1 == '\n' && !s1[1] && !*s2;
}

/*
 * match_string - the index of @string among the first @n entries of @array
 * (or up to its first NULL: @n may be -1), or -EINVAL
 */
static inline int match_string(const char *const *array, size_t n, const char *string)
{
	for (size_t i = 0; i < n && array[i]; i++)
		if (!strcmp(array[i], string))
			return (int)i;
	return -EINVAL;
}

/* __sysfs_match_string - match_string() with sysfs_streq(): "high\n" finds "high" */
static inline int __sysfs_match_string(const char *const *array, size_t n, const char *str)
{
	for (size_t i = 0; i < n && array[i]; i++)
		if (sysfs_streq(array[i], str))
			return (int)i;
	return -EINVAL;
}

/* @len bytes of the caller's at @src and @nul zero bytes after them, in kmalloc()'d memory */
static inline void *__libcdev_memdup_user_at(const void __user *src, size_t len, size_t nul,
					     const char *file, int line)
{
	char *p = (char *)__libcdev_kmalloc_at(len + nul, GFP_KERNEL, file, line);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(p, src, len)) {
		kfree(p);
		return ERR_PTR(-EFAULT);
	}
	memset(p + len, 0, nul);
	return p;
}

#define memdup_user(src, len)	  __libcdev_memdup_user_at(src, len, 0, __FILE__, __LINE__)
#define vmemdup_user(src, len)	  memdup_user(src, len)
#define memdup_user_nul(src, len) __libcdev_memdup_user_at(src, len, 1, __FILE__, __LINE__)

/* sysfs_match_string - the index of written word @s in the array @a, or -EINVAL */
#define sysfs_match_string(a, s) __sysfs_match_string(a, ARRAY_SIZE(a), s)

#endif
