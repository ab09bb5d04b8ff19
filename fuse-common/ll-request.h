/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - one request of the FUSE protocol, as both backends serve it.
 *
 * CUSE and FUSE deliver an open file's requests alike (open, read, write,
 * poll, ioctl, release, each with a fuse_req_t), and both backends run a
 * request in the request thread that received it (leaders.h). A
 * request lives on that thread's stack; its data stay in the thread's
 * receive buffer until the reply. This module gives it a thread of its own
 * (or refuses it), the caller as `current`, interrupts, the reply, and the
 * methods that are the same for both: read, write and poll. Reads and
 * writes come from ll-fast.h (without libfuse's request object), the others
 * from libfuse.
 *
 * The request threads are bounded, so some requests are refused with EAGAIN
 * instead of waiting for a thread, which could be for ever (more
 * readers blocked on one pipe than the bound): one when all threads are in methods, and one
 * for a device number that already has a quarter of the threads in methods
 * of the same kind (reads, or other requests), so that one busy device
 * leaves threads for the others, and for the write that would wake its
 * readers. Closing requests (flush, release) are never refused: without a
 * free thread they run in the last idle one.
 */
#ifndef LIBCDEV_LL_REQUEST_H
#define LIBCDEV_LL_REQUEST_H

#define FUSE_USE_VERSION 31

#include <fuse3/fuse_lowlevel.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "backend/backend.h"
#include "ll-fast.h"
#include "ll-file.h"
#include "leaders.h"

enum ll_kind {
	LL_READ,  /* reads: what waits for a writer */
	LL_OTHER, /* open, write, poll, ioctl, fsync */
	LL_CLOSE, /* flush, release: never refused */
};

/* A device number's part of the request threads: methods running now, per kind. */
struct ll_share {
	dev_t dev;
	atomic_uint running[LL_CLOSE];
	atomic_bool refusing[LL_CLOSE]; /* said so in the log, until one returns */
};

void ll_share_init(struct ll_share *s, dev_t dev);

/* One request, on the stack of the thread that received and runs it. */
struct ll_req {
	fuse_req_t req;
	struct ll_share *share; /* the share taken, or NULL */
	enum ll_kind kind;
	/* the arguments: pointers into the thread's receive buffer */
	struct fuse_file_info fi;
	size_t size;
	const char *data;
	unsigned int cmd;
	unsigned long arg;
	size_t in_bufsz, out_bufsz;
	int datasync;
	struct fuse_pollhandle *ph;
	int interrupted; /* FUSE_INTERRUPT came: the caller may be going */
	bool watching;	 /* the interrupt callback is hooked (ll_req_watch()) */
	/* A read or write run without libfuse (ll-fast.h): req is NULL. */
	struct ll_conn *conn;
	uint64_t unique;
	pid_t pid;
	uid_t uid;
	gid_t gid;
	/* Last: ll_req_init() leaves it to task_init() in ll_req_begin(). */
	struct task_struct task;
};

void ll_req_init(struct ll_req *r, fuse_req_t req, const struct fuse_file_info *fi);

/*
 * Hook the interrupt callback now: libfuse calls it at once if FUSE_INTERRUPT
 * came already. ll_req_begin() leaves it to the first interruptible sleep or
 * `current` of the method (task_watch_interrupts()); an ioctl, whose access
 * to the caller's memory depends on it, calls this first.
 */
void ll_req_watch(struct ll_req *r);

/*
 * Before the method: leave the idle threads of @pool (the method may
 * block), or refuse the request as the header says; set the caller as
 * `current` and watch for interrupts. 0, or -EAGAIN after replying EAGAIN.
 */
int ll_req_begin(struct ll_req *r, struct lf_pool *pool, struct ll_share *share, enum ll_kind kind);

/* After the reply. */
void ll_req_end(struct ll_req *r);

/* The request to reply to, with the interrupt callback unhooked: the reply frees it. */
fuse_req_t ll_req_reply(struct ll_req *r);

/* Reply 0 or -errno. */
void ll_reply_status(struct ll_req *r, long ret);

/* Deliver an interrupt to @r (the caller of the method got a signal). */
void ll_req_interrupted(struct ll_req *r);

/* At open: the caller, with all /proc says of it, into @opener (for the release). */
void ll_req_keep_opener(struct ll_req *r, struct task_struct *opener);

/* Run as @opener: a release has no caller of its own. */
void ll_req_as_opener(struct ll_req *r, const struct task_struct *opener);

/* read(2), write(2) and poll(2) on @file, replied. */
void ll_do_read(struct ll_req *r, struct file *file);
void ll_do_write(struct ll_req *r, struct file *file);
void ll_do_poll(struct ll_req *r, struct ll_poll *p, struct file *file);

/* This thread's receive buffer (libfuse allocates it on first use). */
struct fuse_buf *ll_receive_buf(void);

/* Free this thread's buffers: as it ends (lf_pool's thread_exit). */
void ll_thread_exit(void);

#endif
