/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - moving data between a driver and its caller, after
 * include/linux/uaccess.h.
 *
 * The "user" is whoever called the driver: the same process with the direct
 * backend, another process through CUSE. Addresses are checked, never trusted:
 * a bad one yields a short copy (and -EFAULT from get_user/put_user), never a
 * crash of the driver.
 */
#ifndef LIBCDEV_UACCESS_H
#define LIBCDEV_UACCESS_H

#include <errno.h>
#include <stddef.h>

#include <libcdev/compiler.h>
#include <libcdev/names.h>

/**
 * copy_from_user - copy a block of data from the caller
 * Return: the number of bytes that could NOT be copied; 0 on success.
 */
unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);

/**
 * copy_to_user - copy a block of data to the caller
 * Return: the number of bytes that could NOT be copied; 0 on success.
 */
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);

/**
 * clear_user - write @n zero bytes to the caller at @to
 * Return: the number of bytes that could NOT be cleared; 0 on success.
 */
unsigned long clear_user(void __user *to, unsigned long n);

/**
 * strncpy_from_user - copy a NUL-terminated string from the caller
 * Reads at most @count bytes into @dst; the NUL is copied when it comes
 * within them (else @dst is not terminated).
 * Return: the string's length (without the NUL), @count if there was no NUL
 * in the first @count bytes, or -EFAULT if a byte before that was unreachable.
 */
long strncpy_from_user(char *dst, const char __user *src, long count);

/*
 * get_user(x, ptr) / put_user(x, ptr): one scalar; 0 or -EFAULT. ptr may
 * point to const (a cast yields the unqualified type, so __gu_val is writable).
 */
#define get_user(x, ptr)                                                                         \
	__extension__({                                                                          \
		__typeof__((__typeof__(*(ptr)))0) __gu_val;                                      \
		int __gu_err = copy_from_user(&__gu_val, (ptr), sizeof(__gu_val)) ? -EFAULT : 0; \
		(x) = __gu_err ? (__typeof__(*(ptr)))0 : __gu_val;                               \
		__gu_err;                                                                        \
	})

#define put_user(x, ptr)                                                        \
	__extension__({                                                         \
		__typeof__(*(ptr)) __pu_val = (x);                              \
		copy_to_user((ptr), &__pu_val, sizeof(__pu_val)) ? -EFAULT : 0; \
	})

#endif
