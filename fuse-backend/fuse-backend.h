/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the FUSE backend as backend.c sees it.
 */
#ifndef LIBCDEV_FUSE_BACKEND_H
#define LIBCDEV_FUSE_BACKEND_H

struct libcdev_backend;

/* Mount and start the loop thread once; the backend, or ERR_PTR(-errno). */
const struct libcdev_backend *fuse_backend_start(void);

/* The mount point in use, or NULL before the start. */
const char *fuse_backend_mountpoint(void);

/* The mount point for the start (NULL: the default); -EBUSY once mounted elsewhere. */
int fuse_backend_set_mountpoint(const char *dir);

/* Unmount now, for good (the loop thread ends with the mount); idempotent. */
void fuse_backend_stop(void);

#endif
