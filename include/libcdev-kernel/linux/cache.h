/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/cache.h>: the CPU's cache line, 64 bytes as on
 * every x86-64 the kernel configures for (X86_L1_CACHE_SHIFT 6), and the
 * alignments and section marks drivers put on their data. The marks for
 * sections the kernel treats specially (read mostly) only say so here.
 */
#ifndef LIBCDEV_KERNEL_LINUX_CACHE_H
#define LIBCDEV_KERNEL_LINUX_CACHE_H

#define L1_CACHE_SHIFT	  6
#define L1_CACHE_BYTES	  (1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES	  L1_CACHE_BYTES
#define L1_CACHE_ALIGN(x) (((x) + L1_CACHE_BYTES - 1) & ~(__typeof__(x))(L1_CACHE_BYTES - 1))
#define cache_line_size() L1_CACHE_BYTES

#define INTERNODE_CACHE_SHIFT L1_CACHE_SHIFT

#define __read_mostly
#define ____cacheline_aligned		      __attribute__((__aligned__(SMP_CACHE_BYTES)))
#define ____cacheline_aligned_in_smp	      ____cacheline_aligned
#define __cacheline_aligned		      ____cacheline_aligned
#define __cacheline_aligned_in_smp	      __cacheline_aligned
#define ____cacheline_internodealigned_in_smp ____cacheline_aligned

#endif
