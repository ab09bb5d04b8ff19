/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/major.h>: the majors drivers name. */
#ifndef LIBCDEV_KERNEL_LINUX_MAJOR_H
#define LIBCDEV_KERNEL_LINUX_MAJOR_H

#define UNNAMED_MAJOR 0
#define MEM_MAJOR     1
#define TTY_MAJOR     4
#define TTYAUX_MAJOR  5
#define LP_MAJOR      6
#define MISC_MAJOR    10
#define INPUT_MAJOR   13
#define SOUND_MAJOR   14

#endif
