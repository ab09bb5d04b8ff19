/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the caller's memory during an ioctl on a CUSE node.
 *
 * As in the kernel, the driver gets arg exactly as the caller passed it, and
 * caller memory is touched only when the driver asks (copy_from_user,
 * copy_to_user, get_user, put_user, clear_user, strncpy_from_user): only the
 * bytes asked, directly in the caller with process_vm_readv/writev.
 *
 * Where that is impossible (the request carries pid 0: the caller is in
 * another pid namespace; or the ptrace policy refuses it) or when
 * LIBCDEV_IOCTL_ACCESS=retry asks for it, the CUSE retry protocol is the
 * fallback: the kernel fetches the _IOC_SIZE bytes at arg before the driver
 * runs, and a last round stores back exactly the bytes the driver wrote.
 * Every other address is then a bad one (-EFAULT), and a value argument of a
 * command with direction bits fails EFAULT in the kernel's fetch.
 */
#ifndef LIBCDEV_LL_IOCTL_H
#define LIBCDEV_LL_IOCTL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/uio.h>

struct ll_ioctl_result;

/* The ioctl state of one open file: results waiting for the retry's last round. */
struct ll_ioctl_file {
	pthread_mutex_t lock;
	struct ll_ioctl_result *results;
};

void ll_ioctl_file_init(struct ll_ioctl_file *f);
void ll_ioctl_file_destroy(struct ll_ioctl_file *f);

/* One ioctl request as it arrived. */
struct ll_ioctl_req {
	pid_t pid;		/* the caller's thread (0: not in our pid namespace) */
	pid_t tgid;		/* its process */
	const int *interrupted; /* set (atomically) once the kernel sent FUSE_INTERRUPT */
	unsigned int cmd;
	unsigned long arg;
	const void *in_buf; /* what a retry round fetched */
	size_t in_bufsz, out_bufsz;
};

/*
 * What to answer the kernel with, after ll_ioctl_run():
 * LL_IOCTL_REPLY: ret (negative: an error), and out/out_len for the
 * caller (the retry's last round); LL_IOCTL_RETRY: ask again for in_iov /
 * out_iov (nr_in, nr_out entries).
 */
enum ll_ioctl_answer { LL_IOCTL_REPLY, LL_IOCTL_RETRY };

struct ll_ioctl_out {
	enum ll_ioctl_answer answer;
	long ret;
	void *out; /* malloc'ed; the caller frees it */
	size_t out_len;
	struct iovec *in_iov, *out_iov; /* malloc'ed; the caller frees them */
	size_t nr_in, nr_out;
};

/*
 * Run the request: call @call (the driver's ioctl, through the dispatcher)
 * with the caller's memory reachable as described above, or decide on a
 * retry round first. @o is filled for the reply.
 */
void ll_ioctl_run(struct ll_ioctl_file *f, const struct ll_ioctl_req *r,
		  long (*call)(void *ctx, unsigned int cmd, unsigned long arg), void *ctx,
		  struct ll_ioctl_out *o);

void ll_ioctl_out_free(struct ll_ioctl_out *o);

/* Whether LIBCDEV_IOCTL_ACCESS=retry forces the fallback. */
bool ll_ioctl_force_retry(void);

#endif
