/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - reads and writes straight from the kernel's messages.
 *
 * libfuse allocates, locks, lists and frees a request object for every
 * request it dispatches: about as many instructions as all the rest of a
 * read or write of a few bytes. For the two requests a device mostly gets,
 * READ and WRITE, the request threads read the kernel's message themselves
 * and write the reply themselves; every other request, and every request
 * before the connection's INIT was answered, goes to libfuse as before.
 *
 * Interrupts: the kernel sends FUSE_INTERRUPT for a request a server thread
 * has read. Each request thread has a slot per connection with the request
 * it runs, whether libfuse's or its own: an interrupt of a request of its
 * own is delivered here, one of libfuse's is given to libfuse, and one of
 * a request that no slot holds (not yet there, or answered already) is
 * answered EAGAIN, which makes the kernel send it again while the request
 * still waits for its answer (Documentation/filesystems/fuse.rst).
 */
#ifndef LIBCDEV_LL_FAST_H
#define LIBCDEV_LL_FAST_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct fuse_buf;
struct fuse_conn_info;
struct fuse_session;
struct ll_req;
struct ll_slot;

/* One connection to the kernel (a CUSE node's, or the FUSE session's). */
struct ll_conn {
	int fd;		       /* replies are written here */
	atomic_bool ready;     /* INIT answered, with the fields read here */
	pthread_mutex_t lock;  /* slots, and the interrupt hook of each */
	struct ll_slot *slots; /* of the threads that ran a request of it */
	/* Run a read (@write false) or a write on @r, set up with its arguments. */
	void (*run)(struct ll_req *r, bool write, void *data);
	void *data;
};

/* Before the connection's first request; ll_conn_destroy() once no thread receives on it. */
void ll_conn_init(struct ll_conn *c, int fd, void (*run)(struct ll_req *, bool, void *),
		  void *data);
void ll_conn_destroy(struct ll_conn *c);

/*
 * Or, for one that lives as long as the process: initialized statically,
 * then given each new connection by ll_conn_attach() (its INIT comes first).
 */
#define LL_CONN_INIT(run_fn, run_data)                                                           \
	{                                                                                        \
		.fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER, .run = (run_fn), .data = (run_data) \
	}
void ll_conn_attach(struct ll_conn *c, int fd);

/* At INIT: whether the kernel's messages have the fields read here. */
void ll_conn_init_done(struct ll_conn *c, const struct fuse_conn_info *conn);

/*
 * Run the request in @buf, received on @c: here if it is a read, a write or
 * an interrupt of one, else through libfuse's fuse_session_process_buf().
 */
void ll_conn_process(struct ll_conn *c, struct fuse_session *se, const struct fuse_buf *buf);

/* For ll-request.c: a request of ll_conn_process() of its own (r->conn set). */
void ll_fast_watch(struct ll_req *r);
void ll_fast_unwatch(struct ll_req *r);
int ll_fast_reply(struct ll_req *r, int err, const void *data, size_t size, bool write);

/* In a request thread that ends: leave the connection's slots. */
void ll_fast_thread_exit(void);

#endif
