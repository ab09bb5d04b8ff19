/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/errno.h>: the system's codes (glibc's <errno.h>
 * itself includes this header, so it must chain to the system's) plus the
 * kernel-internal ones. A driver returning -ERESTARTSYS makes the caller see
 * EINTR (FUSE cannot restart a call); the other internal codes never reach a
 * caller in the kernel and should not here.
 */
#ifndef LIBCDEV_KERNEL_LINUX_ERRNO_H
#define LIBCDEV_KERNEL_LINUX_ERRNO_H

#include_next <linux/errno.h>

#ifndef ERESTARTSYS
#define ERESTARTSYS 512
#endif
#define ERESTARTNOINTR	      513
#define ERESTARTNOHAND	      514
#define ENOIOCTLCMD	      515
#define ERESTART_RESTARTBLOCK 516
#define EPROBE_DEFER	      517
#define EOPENSTALE	      518
#define ENOPARAM	      519
#define EBADHANDLE	      521
#define ENOTSYNC	      522
#define EBADCOOKIE	      523
#define ENOTSUPP	      524
#define ETOOSMALL	      525
#define ESERVERFAULT	      526
#define EBADTYPE	      527
#define EJUKEBOX	      528
#define EIOCBQUEUED	      529
#define ERECALLCONFLICT	      530

#endif
