/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kscull.h - the ioctl numbers of kscull.c, shared with user programs, in
 * the conventions of Linux Device Drivers: one magic number, sequential
 * numbers, _IOW/_IOR for pointers, _IO for values passed or returned.
 */
#ifndef KSCULL_H
#define KSCULL_H

#include <linux/ioctl.h>

#define KSCULL_IOC_MAGIC   'K'
#define KSCULL_IOCRESET	   _IO(KSCULL_IOC_MAGIC, 0)
/* S: set through a pointer, T: tell by value, G: get through a pointer, */
/* Q: query as the return value, X: exchange through a pointer. */
#define KSCULL_IOCSQUANTUM _IOW(KSCULL_IOC_MAGIC, 1, int)
#define KSCULL_IOCTQUANTUM _IO(KSCULL_IOC_MAGIC, 2)
#define KSCULL_IOCGQUANTUM _IOR(KSCULL_IOC_MAGIC, 3, int)
#define KSCULL_IOCQQUANTUM _IO(KSCULL_IOC_MAGIC, 4)
#define KSCULL_IOCXQUANTUM _IOWR(KSCULL_IOC_MAGIC, 5, int)
#define KSCULL_IOC_MAXNR   5

#endif
