/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the kernel's doubly linked list nodes, for the library's headers
 * that keep lists (<libcdev/spi.h>, <libcdev/seq_file.h>, <libcdev/kprobes.h>)
 * and for <linux/types.h>, which has them in the kernel.
 */
#ifndef LIBCDEV_LIST_HEAD_H
#define LIBCDEV_LIST_HEAD_H

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

#endif
