/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the CUSE backend's nodes, shared by cuse.c (making, receiving
 * and destroying them) and cuse-files.c (the requests on their files).
 */
#ifndef LIBCDEV_CUSE_NODE_H
#define LIBCDEV_CUSE_NODE_H

#define FUSE_USE_VERSION 31

#include <fuse3/cuse_lowlevel.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "backend/backend.h"
#include "fuse-common/ll-request.h"

#define NODE_NAME_MAX 256

enum node_state {
	NODE_STARTING, /* CUSE_INIT not yet answered */
	NODE_LIVE,
	NODE_FAILED, /* the kernel refused it: connection aborted */
	NODE_DEAD,   /* destroyed */
};

struct cuse_node {
	struct cuse_node *next;	    /* all nodes, under nodes_lock */
	struct cuse_node *next_cmd; /* the destruction queue */
	struct cdev *cdev;
	dev_t dev;
	char name[NODE_NAME_MAX];
	struct fuse_session *se;
	int fd;
	struct ll_share share; /* its part of the request threads */
	struct lf_chan chan;   /* its connection's receivers */
	struct ll_conn conn;   /* its connection's reads and writes (ll-fast.h) */
	int waiters;	       /* threads waiting on it: they free it if it dies meanwhile */
	int open_files;	       /* under nodes_lock */
	bool deleted;	       /* cdev_del() ran */
	enum node_state state; /* under nodes_lock */
	/* Last: a node's memory is used again (see cuse.c), refs kept 0 meanwhile. */
	atomic_int refs; /* the last put queues the destruction */
};

/* Every node's fields marked "under nodes_lock"; nodes_cond: a state changed. */
extern pthread_mutex_t nodes_lock;
extern pthread_cond_t nodes_cond;

/* The threads that receive and run every node's requests. */
extern struct lf_pool cuse_request_threads;

/* The requests of a node's connection (cuse-files.c). */
extern const struct cuse_lowlevel_ops cuse_ops;

/* A read or write of the node @data, without libfuse (ll_conn's run). */
void cuse_fast_run(struct ll_req *r, bool write, void *data);

/* Drop a reference: the last one queues the node's destruction. */
void node_put_locked(struct cuse_node *n); /* with nodes_lock held */

#endif
