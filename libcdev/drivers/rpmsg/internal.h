/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - between the rpmsg bus (rpmsg_core.c) and its parser
 * (describe.c).
 *
 * Included by: the files of libcdev/drivers/rpmsg/ only.
 */
#ifndef LIBCDEV_DRIVERS_RPMSG_INTERNAL_H
#define LIBCDEV_DRIVERS_RPMSG_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <libcdev/rpmsg.h>

/* A channel named @name, not listed yet, its remote echoing or not; NULL without memory. */
struct rpmsg_device *rpmsg_channel_new(const char *name, uint32_t src, uint32_t dst, bool echo);
/* List @rpdev and bind it; on failure (-EEXIST: that name and dst) it is freed. */
int rpmsg_channel_register(struct rpmsg_device *rpdev);

#endif
