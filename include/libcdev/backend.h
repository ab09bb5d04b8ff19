/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - choosing how live device numbers are exported.
 *
 *   "cuse"    every device number of every added cdev becomes a real node
 *             /dev/NAME through the kernel's CUSE driver (needs /dev/cuse,
 *             so root and a kernel with CONFIG_CUSE);
 *   "fuse"    every device number becomes a regular file MOUNTPOINT/NAME in
 *             a FUSE file system of this process, for machines with
 *             /dev/fuse but no /dev/cuse (containers, CI, desktops): the
 *             same names and the same driver calls, with the differences
 *             that libcdev_backend_select(3) lists;
 *   "auto"    "cuse" where /dev/cuse can be opened, otherwise "fuse", with
 *             one line on stderr that says which and why;
 *   "direct"  no nodes: the driver is reached with cdev_direct_open() and
 *             friends from the same process (unit tests of drivers).
 *
 * Select a backend before the first cdev_add(); "direct" is in force until
 * then. libcdev_run() serves requests until SIGINT or SIGTERM.
 */
#ifndef LIBCDEV_BACKEND_H
#define LIBCDEV_BACKEND_H

#include <sys/types.h>

/**
 * libcdev_backend_select - export through backend @name
 * @name: "cuse", "fuse", "auto" or "direct"
 *
 * Return: 0; -ENOENT for an unknown name; -EBUSY if cdevs are already live
 * through another backend; for "cuse", the errno of opening /dev/cuse
 * (-ENOENT: no CUSE in this kernel, -EACCES/-EPERM: not root) or of starting
 * its threads; for "fuse", that of opening /dev/fuse, of making the mount
 * point (-EBUSY: something is mounted there already), or -EIO when the
 * mount fails; for "auto", the FUSE backend's error when neither works.
 * Selecting the backend in force again succeeds; "auto" then keeps it.
 */
int libcdev_backend_select(const char *name);

/** libcdev_backend_name - the backend in force: "cuse", "fuse" or "direct" */
const char *libcdev_backend_name(void);

/**
 * libcdev_backend_location - the directory the backend's nodes are in
 *
 * Return: "/dev" for "cuse", the mount point for "fuse" (a node NAME is the
 * file LOCATION/NAME), NULL for "direct", whose devices have no node.
 */
const char *libcdev_backend_location(void);

/**
 * libcdev_backend_set_mountpoint - where the FUSE backend will mount
 * @dir: a directory, made (with its parents) if missing; NULL or "" for the
 *       default: LIBCDEV_FUSE_MOUNTPOINT if set, else /run/libcdev/fuse/PID
 *       for root and $XDG_RUNTIME_DIR/libcdev/fuse/PID (or
 *       /tmp/libcdev-UID/fuse/PID) for other users
 *
 * Call it before libcdev_backend_select() of "fuse" or "auto".
 *
 * Return: 0; -EBUSY once the FUSE backend is mounted elsewhere; -ENOMEM.
 */
int libcdev_backend_set_mountpoint(const char *dir);

/**
 * libcdev_backend_stop - take the backend's nodes and mount away now
 *
 * Call it at the end, once every cdev is deleted: the FUSE backend unmounts
 * and removes the mount point it made, whatever way the process then ends
 * (_exit() included, which skips the atexit() fallback). The FUSE backend
 * cannot be selected again in the process (-ESHUTDOWN). Idempotent; nothing
 * to do for "cuse" and "direct", whose nodes go with cdev_del().
 *
 * Return: 0; -EBUSY while cdevs are live.
 */
int libcdev_backend_stop(void);

/**
 * libcdev_backend_nodes - call @fn for the node of every live device number
 * @fn: gets the node's name below libcdev_backend_location() ('/' between
 *      components) and its number; a non-zero return ends the walk
 *
 * For a service manager or a log: which nodes a process serves. Numbers are
 * visited in the order of the cdev map (smallest range first); @fn must not
 * add or delete cdevs. Nothing is visited for "direct", which has no nodes.
 *
 * Return: 0, the first non-zero value @fn returned, or -EINVAL for a NULL @fn.
 */
int libcdev_backend_nodes(int (*fn)(const char *name, dev_t dev, void *data), void *data);

/**
 * libcdev_run - block until SIGINT or SIGTERM arrives, serving requests
 *
 * Blocks both signals in the calling thread and waits for one with
 * sigwait(); the backend's own threads do the serving. The usual end is
 * libcdev_run(), then the clean-up, then libcdev_backend_stop() (the FUSE
 * backend otherwise unmounts at exit(), or at return from main()).
 *
 * Return: the signal number that ended the wait.
 */
int libcdev_run(void);

#endif
