/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef LIBCDEV_CUSE_PRIVATE_H
#define LIBCDEV_CUSE_PRIVATE_H

#include <stdbool.h>
#include <sys/types.h>

/* Whether /sys/class/cuse/NAME/dev names @dev: the kernel accepted the node. */
bool node_check_sysfs(const char *name, dev_t dev);

#endif
