/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the FUSE backend's own declarations.
 *
 * The mount is a tree of nodes: the root, directories made for names with
 * '/', and one regular file per live device number. tree.c answers the
 * kernel's questions about names and attributes; files.c serves the open
 * files through the dispatcher; mount.c finds, clears and removes the mount
 * point; fuse.c runs the session and is the backend (fuse_backend_type).
 */
#ifndef LIBCDEV_FUSE_PRIVATE_H
#define LIBCDEV_FUSE_PRIVATE_H

#define FUSE_USE_VERSION 31

#include <fuse3/fuse_lowlevel.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

#include "backend/backend.h"
#include "fuse-common/ll-request.h"

/* Who owns the mount's files: the driver process's effective ids. */
#define FNODE_FILE_MODE (S_IFREG | 0600)
#define FNODE_DIR_MODE	(S_IFDIR | 0755)
#define FNODE_DEV_XATTR "user.libcdev.dev"

struct fnode {
	struct fnode *next;   /* every node, under tree_lock */
	struct fnode *parent; /* while linked; NULL for the root */
	fuse_ino_t ino;	      /* never reused in a mount */
	char *name;	      /* the last component; "" for the root */
	mode_t mode;
	uid_t uid;
	gid_t gid;
	struct timespec atime, mtime, ctime;
	dev_t dev;	   /* files: the device number */
	struct cdev *cdev; /* files: the cdev that made it, until cdev_del() */
	uint64_t nlookup;  /* the kernel's references: lookups less forgets */
	int opening;	   /* open requests in flight */
	int open_files;
	int children;	       /* directories: linked entries below */
	bool linked;	       /* reachable by its name */
	bool deleted;	       /* files: cdev_del() ran; opens fail ENXIO */
	struct ll_share share; /* files: its part of the request threads */
};

/* Every field of every node, and the shape of the tree. */
extern pthread_mutex_t tree_lock;

/* ---- tree.c; all with tree_lock held ---- */
void tree_init(void);
struct fnode *tree_find(fuse_ino_t ino);
/* Add a file at @path ('/' makes directories): -EEXIST if the path or a prefix is taken. */
int tree_add_file(const char *path, dev_t dev, struct cdev *cdev, struct fnode **np);
/* Take @n's name away, and its directories' when they become empty. */
void tree_unlink(struct fnode *n);
/* Free @n if nothing refers to it any more. */
void tree_maybe_free(struct fnode *n);
/* The live (not deleted) file of @dev, or NULL. */
struct fnode *tree_file_of(dev_t dev);
/* cdev_del(): mark @cdev's files deleted; unopened ones go now, the others at their last close. */
void tree_delete_cdev(struct cdev *cdev);
void tree_ops(struct fuse_lowlevel_ops *ops);

/* ---- files.c ---- */
void file_ops(struct fuse_lowlevel_ops *ops);

/* A read or write of an open file, without libfuse (ll_conn's run; @data unused). */
void fuse_fast_run(struct ll_req *r, bool write, void *data);

/* ---- fuse.c ---- */
/* The threads that receive the session's requests and run them. */
extern struct lf_pool fuse_request_threads;

/* ---- mount.c ---- */
/* Choose (@want, or the default), create and check the mount point: clears a stale mount. */
int mnt_prepare(const char *want, char *dir, size_t size, bool *created);
/* Unmount @dir lazily: open files keep working, the name goes at once. */
int mnt_detach(const char *dir);

#endif
