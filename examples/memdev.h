/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * memdev - the ioctl interface of the memory devices (examples/memdev.c),
 * shared by the driver and the programs that use it, after LDD3's scull.h.
 *
 * The block size is the size of the blocks a device's data is kept in. It is
 * one value for the whole module; a device takes it when its data is freed
 * (opened write-only, or at load time). The commands come in the pairs LDD3
 * uses to show the ways an ioctl can carry an integer:
 *
 *	S  Set       the new value through a pointer           privileged
 *	T  Tell      the new value in the argument itself      privileged
 *	G  Get       the value returned through a pointer
 *	Q  Query     the value as the ioctl's return value
 *	X  eXchange  set and get the old value, both through a pointer  privileged
 *	H  sHift     set by value, the old value as the return value    privileged
 *
 * Privileged commands need CAP_SYS_ADMIN in the caller (EPERM otherwise);
 * a block size below 1 or above MEMDEV_BLOCK_MAX is EINVAL.
 */
#ifndef MEMDEV_H
#define MEMDEV_H

#include <sys/ioctl.h>

#define MEMDEV_BLOCK_DEFAULT 4000
#define MEMDEV_BLOCK_MAX     (1 << 20)

#define MEMDEV_IOC_MAGIC 'M'

#define MEMDEV_IOCRESET	    _IO(MEMDEV_IOC_MAGIC, 0) /* back to the load-time size; privileged */
#define MEMDEV_IOCSBLOCK    _IOW(MEMDEV_IOC_MAGIC, 1, int)
#define MEMDEV_IOCTBLOCK    _IO(MEMDEV_IOC_MAGIC, 2)
#define MEMDEV_IOCGBLOCK    _IOR(MEMDEV_IOC_MAGIC, 3, int)
#define MEMDEV_IOCQBLOCK    _IO(MEMDEV_IOC_MAGIC, 4)
#define MEMDEV_IOCXBLOCK    _IOWR(MEMDEV_IOC_MAGIC, 5, int)
#define MEMDEV_IOCHBLOCK    _IO(MEMDEV_IOC_MAGIC, 6)
#define MEMDEV_IOCQBLOCKS   _IO(MEMDEV_IOC_MAGIC, 7) /* blocks this device's data uses */
#define MEMDEV_IOCQDEVBLOCK _IO(MEMDEV_IOC_MAGIC, 8) /* block size this device's data uses */

#define MEMDEV_IOC_MAXNR 8

#endif
