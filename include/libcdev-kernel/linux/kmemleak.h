/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kmemleak.h>: marks on allocations for the leak
 * report. The report here is made at module unload, from the accounting of
 * every kmalloc() (libcdev-kernel(7), "The kernel's rules, checked"):
 * kmemleak_not_leak() and kmemleak_ignore() keep a block out of it,
 * kmemleak_alloc() adds a block allocated otherwise, kmemleak_free() takes
 * it out. There is no scanning for references: what a module has not freed
 * when it is unloaded is its leak.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KMEMLEAK_H
#define LIBCDEV_KERNEL_LINUX_KMEMLEAK_H

#include <stddef.h>
#include <stdint.h>

#include <linux/gfp.h>
#include <linux/module.h>
#include <linux/types.h>
#include <libcdev/instrument.h>
#include <libcdev/kcheck.h>

/* min_count 0: never reported (as kmemleak_not_leak()); -1: ignored as well. */
#define kmemleak_alloc(ptr, size, min_count, gfp)                                              \
	do {                                                                                   \
		const void *__kml_p = (ptr);                                                   \
		libcdev_kmem_track((uintptr_t)__kml_p, size, THIS_MODULE, __FILE__, __LINE__); \
		if ((min_count) <= 0)                                                          \
			kmemleak_not_leak(__kml_p);                                            \
	} while (0)

static inline void kmemleak_free(const void *ptr)
{
	libcdev_kmem_untrack((uintptr_t)ptr);
}

#define kmemleak_alloc_recursive(ptr, size, min_count, flags, gfp) \
	kmemleak_alloc(ptr, size, min_count, gfp)
#define kmemleak_free_recursive(ptr, flags)   kmemleak_free(ptr)
#define kmemleak_free_part(ptr, size)	      ((void)(ptr), (void)(size))
#define kmemleak_ignore(ptr)		      kmemleak_not_leak(ptr)
/* Scanning: nothing is scanned here. */
#define kmemleak_scan_area(ptr, size, gfp)    ((void)(ptr), (void)(size))
#define kmemleak_no_scan(ptr)		      ((void)(ptr))
#define kmemleak_alloc_percpu(ptr, size, gfp) ((void)(ptr), (void)(size))
#define kmemleak_free_percpu(ptr)	      ((void)(ptr))
#define kmemleak_vmalloc(area, size, gfp)     ((void)(area), (void)(size))
#define kmemleak_update_trace(ptr)	      ((void)(ptr))

static inline void kmemleak_erase(void **ptr)
{
	*ptr = NULL;
}

#endif
