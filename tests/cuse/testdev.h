/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ioctls of the CUSE test driver (cuse-testdrv.c), shared with the
 * client (cdev-client.c) that the device tests run against its nodes.
 */
#ifndef LIBCDEV_TESTDEV_H
#define LIBCDEV_TESTDEV_H

#include <stdint.h>
#include <sys/ioctl.h>

struct td_nested {
	uint64_t ptr; /* a buffer in the caller, reached through copy_*_user */
	uint32_t len;
};

struct td_who {
	int32_t pid;
	uint32_t uid;
	uint32_t gid;
};

#define TD_MAGIC  'k'
#define TD_SET	  _IOW(TD_MAGIC, 1, int)	      /* in */
#define TD_GET	  _IOR(TD_MAGIC, 2, int)	      /* out */
#define TD_XCHG	  _IOWR(TD_MAGIC, 3, int)	      /* in and out */
#define TD_ADD	  _IO(TD_MAGIC, 4)		      /* arg by value, result returned */
#define TD_NESTED _IOW(TD_MAGIC, 5, struct td_nested) /* uppercases *ptr in place */
#define TD_WHOAMI _IOR(TD_MAGIC, 6, struct td_who)    /* the caller as `current` */

#endif
