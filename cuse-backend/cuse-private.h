/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef LIBCDEV_CUSE_PRIVATE_H
#define LIBCDEV_CUSE_PRIVATE_H

#include <stdbool.h>
#include <sys/types.h>

struct libcdev_backend;

/* The CUSE device file: LIBCDEV_CUSE_DEVICE, or /dev/cuse. */
const char *cuse_device(void);

/* Start the loop thread once; the backend, or ERR_PTR(-errno) (no /dev/cuse, not root). */
const struct libcdev_backend *cuse_backend_start(void);

/* Whether /sys/class/cuse/NAME/dev names @dev: the kernel accepted the node. */
bool node_check_sysfs(const char *name, dev_t dev);

#endif
