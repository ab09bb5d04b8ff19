/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/gfp.h>: the allocation flags. All memory is the
 * host process's; only __GFP_ZERO changes anything (the memory is zeroed).
 * GFP_ATOMIC allocations may sleep in malloc(), which no context here forbids.
 */
#ifndef LIBCDEV_KERNEL_LINUX_GFP_H
#define LIBCDEV_KERNEL_LINUX_GFP_H

#include <linux/types.h>

#define __GFP_DMA	     ((gfp_t)0x01u)
#define __GFP_HIGHMEM	     ((gfp_t)0x02u)
#define __GFP_DMA32	     ((gfp_t)0x04u)
#define __GFP_RECLAIMABLE    ((gfp_t)0x10u)
#define __GFP_HIGH	     ((gfp_t)0x20u)
#define __GFP_IO	     ((gfp_t)0x40u)
#define __GFP_FS	     ((gfp_t)0x80u)
#define __GFP_ZERO	     ((gfp_t)0x100u)
#define __GFP_NOWARN	     ((gfp_t)0x2000u)
#define __GFP_RETRY_MAYFAIL  ((gfp_t)0x4000u)
#define __GFP_NOFAIL	     ((gfp_t)0x8000u)
#define __GFP_NORETRY	     ((gfp_t)0x10000u)
#define __GFP_ACCOUNT	     ((gfp_t)0x400000u)
#define __GFP_DIRECT_RECLAIM ((gfp_t)0x400u)
#define __GFP_KSWAPD_RECLAIM ((gfp_t)0x800u)
#define __GFP_RECLAIM	     (__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)

#define GFP_ATOMIC	   (__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL	   (__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT (GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOWAIT	   (__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO	   (__GFP_RECLAIM)
#define GFP_NOFS	   (__GFP_RECLAIM | __GFP_IO)
#define GFP_USER	   (__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_DMA		   __GFP_DMA
#define GFP_DMA32	   __GFP_DMA32
#define GFP_HIGHUSER	   (GFP_USER | __GFP_HIGHMEM)

#endif
