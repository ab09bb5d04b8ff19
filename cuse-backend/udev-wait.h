/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef LIBCDEV_UDEV_WAIT_H
#define LIBCDEV_UDEV_WAIT_H

#include <sys/types.h>

struct udev_waiter;

/* NULL when no udev daemon runs (nothing to wait for) or on failure. */
struct udev_waiter *udev_wait_begin(void);

/* Wait until udev has handled the "add" of every number in [first, first + count). */
int udev_wait_for(struct udev_waiter *w, dev_t first, unsigned int count, int timeout_ms);

void udev_wait_end(struct udev_waiter *w);

#endif
