/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/compat.h>: the 32-bit ABI's types on x86_64. No
 * call here is a compat system call: the CUSE and FUSE backends hand every
 * caller's ioctl to ->unlocked_ioctl (a 32-bit caller's arguments are its
 * own, as the kernel passes them), so in_compat_syscall() is false and
 * ->compat_ioctl is never called (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_COMPAT_H
#define LIBCDEV_KERNEL_LINUX_COMPAT_H

#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/types.h>

typedef u32 compat_uptr_t;
typedef u32 compat_ulong_t;
typedef s32 compat_long_t;
typedef s32 compat_int_t;
typedef u32 compat_uint_t;
typedef u16 compat_ushort_t;
typedef s16 compat_short_t;
typedef u32 compat_size_t;
typedef s32 compat_ssize_t;
typedef s32 compat_off_t;
typedef s64 compat_loff_t;
typedef s32 compat_time_t;
typedef s32 compat_pid_t;
typedef u32 compat_uid_t;
typedef u32 compat_gid_t;
typedef u32 compat_caddr_t;
typedef s64 __attribute__((aligned(4))) compat_s64;
typedef u64 __attribute__((aligned(4))) compat_u64;

static inline void __user *compat_ptr(compat_uptr_t uptr)
{
	return (void __user *)(unsigned long)uptr;
}

static inline compat_uptr_t ptr_to_compat(void __user *uptr)
{
	return (u32)(unsigned long)uptr;
}

static inline bool in_compat_syscall(void)
{
	return false;
}

#endif
