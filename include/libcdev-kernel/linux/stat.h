/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/stat.h>: the mode bits and their groups, used as
 * module parameter permissions. Chains to the system's header, which glibc's
 * <sys/stat.h> may include.
 */
#ifndef LIBCDEV_KERNEL_LINUX_STAT_H
#define LIBCDEV_KERNEL_LINUX_STAT_H

#include_next <linux/stat.h>
#include <sys/stat.h>

#define S_IRWXUGO (S_IRWXU | S_IRWXG | S_IRWXO)
#define S_IALLUGO (S_ISUID | S_ISGID | S_ISVTX | S_IRWXUGO)
#define S_IRUGO	  (S_IRUSR | S_IRGRP | S_IROTH)
#define S_IWUGO	  (S_IWUSR | S_IWGRP | S_IWOTH)
#define S_IXUGO	  (S_IXUSR | S_IXGRP | S_IXOTH)

#endif
