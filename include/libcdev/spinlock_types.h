/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the layout of a spinlock (<linux/spinlock.h>'s spinlock_t), for
 * the library's own locks that drivers take by the kernel's name (rtc_lock).
 */
#ifndef LIBCDEV_SPINLOCK_TYPES_H
#define LIBCDEV_SPINLOCK_TYPES_H

#include <pthread.h>

struct spinlock {
	pthread_mutex_t m;
};

#endif
