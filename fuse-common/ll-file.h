/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the CUSE and FUSE backends do alike for an open file: poll
 * notifications and the caller's memory during an ioctl. Both speak the FUSE
 * protocol, so a poll handle and an ioctl's buffers look the same to them.
 */
#ifndef LIBCDEV_LL_FILE_H
#define LIBCDEV_LL_FILE_H

#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>

#include <libcdev/libcdev.h>

struct fuse_pollhandle;

#define LL_POLL_QUEUES 16

/* The poll state of one open file. */
struct ll_poll {
	pthread_mutex_t poll_lock; /* serialises ->poll calls of this file */
	pthread_mutex_t ph_lock;   /* guards ph; taken by wake-ups */
	struct fuse_pollhandle *ph;
	int nr_queues;
	wait_queue_head_t *queues[LL_POLL_QUEUES];
	struct wait_queue_entry entries[LL_POLL_QUEUES];
};

void ll_poll_init(struct ll_poll *p);

/*
 * Call ->poll. With a handle (the kernel wants to hear of the next change),
 * the file's queues are watched anew and the first wake-up on one of them
 * notifies the kernel; the handle is the file's from now on.
 */
__poll_t ll_poll_run(struct ll_poll *p, struct file *file, struct fuse_pollhandle *ph);

/* Stop watching and free the handle: before ->release. */
void ll_poll_destroy(struct ll_poll *p);

/*
 * For a hang-up (vfs_set_unhook(), @data an ll_poll): off the driver's wait
 * queues before its ->release, and the kernel told to poll again, so that a
 * poller wakes and meets the hung-up file.
 */
void ll_poll_unhook(void *data);

/*
 * The caller's memory while a method runs: [base, base + size) is in buf
 * (the bytes the kernel passed, or will copy back); any other address is
 * read and written in process pid with process_vm_readv/writev, or with
 * pid 0 is a bad address (a read or write reaches only its buffer).
 */
struct ll_user_mem {
	pid_t pid;
	unsigned long base;
	size_t size;
	char *buf;
	struct ll_dirty *dirty; /* or NULL: see ll_dirty */
};

/*
 * Which bytes of a reused reply buffer may be other than zero: [lo, hi),
 * empty when lo == hi. The buffer is zero outside, so clear_user() there
 * writes nothing, as the kernel's read of /dev/zero maps its zero page
 * rather than write zeros: a driver that only clears (a zero device) has
 * its reply sent from a buffer that nothing wrote.
 */
struct ll_dirty {
	size_t lo, hi;
};

/* Make copy_*_user() on this thread go through @m until ll_uaccess_end(). */
void ll_uaccess_begin(struct ll_user_mem *m);
void ll_uaccess_end(void);

/*
 * copy_*_user() on exactly @buf: the request buffer of a read or write;
 * with @dirty, what of @buf is not zero, kept up to date (struct ll_dirty).
 */
void ll_uaccess_buffer(struct ll_user_mem *m, void *buf, size_t size, struct ll_dirty *dirty);

#endif
