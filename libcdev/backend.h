/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - choosing how live device numbers are exported.
 *
 *   "cuse"    every device number of every added cdev becomes a real node
 *             /dev/NAME through the kernel's CUSE driver (needs /dev/cuse,
 *             so root and a kernel with CONFIG_CUSE);
 *   "direct"  no nodes: the driver is reached with cdev_direct_open() and
 *             friends from the same process (unit tests of drivers).
 *
 * Select a backend before the first cdev_add(); "direct" is in force until
 * then. libcdev_run() serves requests until SIGINT or SIGTERM.
 */
#ifndef LIBCDEV_BACKEND_H
#define LIBCDEV_BACKEND_H

/**
 * libcdev_backend_select - export through backend @name
 * @name: "cuse" or "direct"
 *
 * Return: 0; -ENOENT for an unknown name; -EBUSY if cdevs are already live
 * through another backend; for "cuse", the errno of opening /dev/cuse
 * (-ENOENT: no CUSE in this kernel, -EACCES/-EPERM: not root) or of starting
 * its threads.
 */
int libcdev_backend_select(const char *name);

/** libcdev_backend_name - the backend in force: "cuse" or "direct" */
const char *libcdev_backend_name(void);

/**
 * libcdev_run - block until SIGINT or SIGTERM arrives, serving requests
 *
 * Blocks both signals in the calling thread and waits for one with
 * sigwait(); the backend's own threads do the serving.
 *
 * Return: the signal number that ended the wait.
 */
int libcdev_run(void);

#endif
