/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/types.h>: the kernel's fixed-width names over the
 * system's UAPI header, which UAPI headers such as <linux/capability.h> need,
 * and loff_t, the kernel's long long (<libcdev/compiler.h>).
 */
#ifndef LIBCDEV_KERNEL_LINUX_TYPES_H
#define LIBCDEV_KERNEL_LINUX_TYPES_H

#include_next <linux/types.h>

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <libcdev/compiler.h>
#include <libcdev/list_head.h>

typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;

typedef unsigned int gfp_t;
typedef unsigned int fmode_t;
typedef unsigned short umode_t;
typedef u64 phys_addr_t;
typedef u64 dma_addr_t;
typedef u64 resource_size_t;
typedef s64 time64_t;
typedef s64 ktime_t;

/* atomic.h's counters and list.h's nodes live here, as in the kernel. */
typedef struct {
	int counter;
} atomic_t;

typedef struct {
	s64 counter;
} atomic64_t;

typedef struct {
	long counter;
} atomic_long_t;

/* A bitmap of @bits bits (<linux/bitmap.h>). */
#define DECLARE_BITMAP(name, bits) \
	unsigned long name[((bits) + 8 * sizeof(long) - 1) / (8 * sizeof(long))]

/* The functions of sort() and sort_r() (<linux/sort.h>). */
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);
typedef void (*swap_func_t)(void *a, void *b, int size);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef int (*cmp_func_t)(const void *a, const void *b);
#endif

#endif
