/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A small driver for the tests: a fixed-size memory device with an embedded
 * cdev, written the way a kernel driver would be, used through the direct
 * backend. Counters let tests see which methods ran.
 */
#ifndef LIBCDEV_TESTDRV_H
#define LIBCDEV_TESTDRV_H

#include <pthread.h>
#include <sys/ioctl.h>

#include <libcdev/libcdev.h>

#define TESTDRV_SIZE 64

#define TESTDRV_IOC_MAGIC   'T'
#define TESTDRV_IOC_GETSIZE _IOR(TESTDRV_IOC_MAGIC, 1, int) /* copy_to_user */
#define TESTDRV_IOC_SETFILL _IOW(TESTDRV_IOC_MAGIC, 2, int) /* get_user, then fill */
#define TESTDRV_IOC_ADD1    _IO(TESTDRV_IOC_MAGIC, 3)	    /* returns arg + 1 */

struct testdrv {
	struct cdev cdev;
	pthread_mutex_t lock;
	char data[TESTDRV_SIZE];
	size_t size; /* bytes written so far */
	int opens;
	int releases;
	int flushes;
	int open_error; /* when set, ->open fails with it */
	struct inode *last_inode;
};

extern const struct file_operations testdrv_fops;

/* cdev_init() the embedded cdev with testdrv_fops and @owner; counters zeroed. */
void testdrv_init(struct testdrv *d, struct module *owner);

#endif
