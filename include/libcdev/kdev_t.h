/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - device numbers in the kernel's internal encoding.
 *
 * Inside libcdev (and in driver code) a dev_t holds the kernel's encoding:
 * 12 bits of major above 20 bits of minor, exactly as include/linux/kdev_t.h.
 * The C library's makedev()/major()/minor() use another encoding; convert
 * with new_encode_dev()/new_decode_dev() at the boundary with the system
 * (stat(2)'s st_rdev, mknod(2)).
 */
#ifndef LIBCDEV_KDEV_T_H
#define LIBCDEV_KDEV_T_H

#include <stdint.h>
#include <sys/types.h>

#include <libcdev/names.h>

#define MINORBITS 20
#define MINORMASK ((1U << MINORBITS) - 1)

#define MAJOR(dev)    ((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)    ((unsigned int)((dev)&MINORMASK))
#define MKDEV(ma, mi) ((dev_t)(((dev_t)(ma) << MINORBITS) | (mi)))

/* Majors 0..CHRDEV_MAJOR_MAX-1 exist, as in fs/char_dev.c. */
#define CHRDEV_MAJOR_MAX 512

/**
 * new_encode_dev - convert a kernel-encoded device number to the system's dev_t
 * @dev: device number made with MKDEV()
 *
 * Return: the value makedev(MAJOR(dev), MINOR(dev)) of the C library, as used
 * by stat(2) and mknod(2).
 */
dev_t new_encode_dev(dev_t dev);

/**
 * new_decode_dev - convert the system's dev_t to the kernel encoding
 * @sysdev: a device number as stat(2) reports it
 *
 * Return: MKDEV(major(sysdev), minor(sysdev)).
 */
dev_t new_decode_dev(dev_t sysdev);

#endif
