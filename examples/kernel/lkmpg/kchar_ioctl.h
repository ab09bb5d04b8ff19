/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kchar_ioctl.h - the ioctl numbers of kchar.c, shared with user programs.
 * The message travels by user pointer, as in the Linux Kernel Module
 * Programming Guide's "talking to device files".
 */
#ifndef KCHAR_IOCTL_H
#define KCHAR_IOCTL_H

#include <linux/ioctl.h>

#define KCHAR_MAGIC   'k'
#define KCHAR_MSG_MAX 80

/* Set the message from a NUL-terminated string at the pointer. */
#define KCHAR_IOCTL_SET_MSG	 _IOW(KCHAR_MAGIC, 0, char *)
/* Copy the message, NUL-terminated, to the buffer at the pointer (KCHAR_MSG_MAX bytes). */
#define KCHAR_IOCTL_GET_MSG	 _IOR(KCHAR_MAGIC, 1, char *)
/* Return byte N of the message; N is the argument itself. */
#define KCHAR_IOCTL_GET_NTH_BYTE _IOWR(KCHAR_MAGIC, 2, int)

#endif
