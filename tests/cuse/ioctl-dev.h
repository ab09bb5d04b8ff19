/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ioctls of the ioctl test driver (ioctl-testdrv.c), shared with its
 * client (ioctl-client.c): how arg and the caller's memory reach a driver.
 */
#ifndef LIBCDEV_IOCTL_DEV_H
#define LIBCDEV_IOCTL_DEV_H

#include <stdint.h>
#include <sys/ioctl.h>

struct it_pair {
	int32_t a;
	int32_t b;
};

#define IT_MAGIC   'i'
/* arg is a number: the byte arg of "libcdev" (-EINVAL past it); never a pointer */
#define IT_VAL_W   _IOW(IT_MAGIC, 1, int)
#define IT_VAL_R   _IOR(IT_MAGIC, 2, int)
#define IT_VAL_WR  _IOWR(IT_MAGIC, 3, int)
#define IT_VAL_IO  _IO(IT_MAGIC, 4)
#define IT_LAST	   _IOR(IT_MAGIC, 5, uint64_t) /* the arg of the last IT_VAL_* */
/* a string at arg, longer than _IOC_SIZE: get_user byte by byte / strncpy_from_user */
#define IT_STR	   _IOW(IT_MAGIC, 6, char[4])
#define IT_STRNCPY _IOW(IT_MAGIC, 7, char[4])
/* writes "0123456789ab" then clear_user() of 4 bytes: 16 bytes at arg */
#define IT_FILL	   _IOR(IT_MAGIC, 8, char[4])
/* waits for IT_GO, then writes only .b = 99 */
#define IT_PAIR	   _IOWR(IT_MAGIC, 9, struct it_pair)
#define IT_ENTERED _IO(IT_MAGIC, 10) /* returns once an IT_PAIR waits */
#define IT_GO	   _IO(IT_MAGIC, 11)
/* arg points at a pointer; returns the byte there, or 1000 - the error get_user gave */
#define IT_PEEK	   _IOW(IT_MAGIC, 12, uint64_t)
/* waits for an interrupt, then (ignoring it) for IT_LATE_GO, then put_user(0x1234) */
#define IT_LATE	   _IOR(IT_MAGIC, 13, int)
#define IT_LATE_GO _IO(IT_MAGIC, 14)

#define IT_MSG		"libcdev"
#define IT_LATE_VALUE	0x1234
#define IT_PEEK_ERRBASE 1000

#endif
