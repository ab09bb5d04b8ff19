/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - poll support for drivers, after include/linux/poll.h.
 *
 * A driver's ->poll calls poll_wait() for each wait queue that can change its
 * answer, then returns the current mask (POLLIN | POLLRDNORM, ...). The backend
 * is told of a later wake-up on any of those queues and asks again: through
 * CUSE that becomes a poll notification to the kernel.
 */
#ifndef LIBCDEV_POLL_H
#define LIBCDEV_POLL_H

#include <poll.h>

/* glibc shows these only with _XOPEN_SOURCE; drivers use them regardless. */
#ifndef POLLRDNORM
#define POLLRDNORM 0x040
#define POLLRDBAND 0x080
#define POLLWRNORM 0x100
#define POLLWRBAND 0x200
#endif

#include <libcdev/fs.h>
#include <libcdev/wait.h>

typedef struct poll_table_struct {
	void (*_qproc)(struct file *filp, wait_queue_head_t *wq_head, struct poll_table_struct *pt);
	__poll_t _key;
} poll_table;

static inline void poll_wait(struct file *filp, wait_queue_head_t *wq_head, poll_table *p)
{
	if (p && p->_qproc && wq_head)
		p->_qproc(filp, wq_head, p);
}

#endif
