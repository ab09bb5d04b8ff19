/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/poll.h>: poll_wait(), poll_table and the EPOLL*
 * masks drivers return. The system's UAPI <linux/poll.h> is not chained: it
 * clashes with <poll.h>.
 */
#ifndef LIBCDEV_KERNEL_LINUX_POLL_H
#define LIBCDEV_KERNEL_LINUX_POLL_H

#include <linux/fs.h>
#include <linux/wait.h>
#include <libcdev/poll.h>

#ifndef EPOLLIN
#define EPOLLIN	    ((__poll_t)0x00000001)
#define EPOLLPRI    ((__poll_t)0x00000002)
#define EPOLLOUT    ((__poll_t)0x00000004)
#define EPOLLERR    ((__poll_t)0x00000008)
#define EPOLLHUP    ((__poll_t)0x00000010)
#define EPOLLNVAL   ((__poll_t)0x00000020)
#define EPOLLRDNORM ((__poll_t)0x00000040)
#define EPOLLRDBAND ((__poll_t)0x00000080)
#define EPOLLWRNORM ((__poll_t)0x00000100)
#define EPOLLWRBAND ((__poll_t)0x00000200)
#define EPOLLMSG    ((__poll_t)0x00000400)
#define EPOLLRDHUP  ((__poll_t)0x00002000)
#endif

static inline __poll_t poll_requested_events(const poll_table *p)
{
	return p ? p->_key : ~(__poll_t)0;
}

#endif
