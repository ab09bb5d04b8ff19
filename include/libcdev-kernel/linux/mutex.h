/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/mutex.h>, from libcdev's <libcdev/ksync.h>: sleeping
 * waits end early only for the interruptible forms, when the caller of the
 * request is interrupted by a signal.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MUTEX_H
#define LIBCDEV_KERNEL_LINUX_MUTEX_H

#include <linux/wait.h>
#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>

/*
 * The checks of kcheck.h at the driver's line: might sleep, held, released.
 * On the library's names, which <libcdev/names.h> maps the kernel's to.
 */
static inline void __libcdev_mutex_lock(struct mutex *lock, const char *file, int line)
{
	__libcdev_might_sleep(file, line);
	(libcdev_mutex_lock)(lock);
	libcdev_lock_acquired(lock, false, file, line);
}

static inline int __libcdev_mutex_lock_intr(struct mutex *lock, const char *file, int line)
{
	int ret;

	__libcdev_might_sleep(file, line);
	ret = (libcdev_mutex_lock_interruptible)(lock);
	if (!ret)
		libcdev_lock_acquired(lock, false, file, line);
	return ret;
}

static inline int __libcdev_mutex_trylock(struct mutex *lock, const char *file, int line)
{
	int ret = (libcdev_mutex_trylock)(lock);

	if (ret)
		libcdev_lock_acquired(lock, false, file, line);
	return ret;
}

static inline void __libcdev_mutex_unlock(struct mutex *lock, const char *file, int line)
{
	libcdev_lock_released(lock, false, file, line);
	(libcdev_mutex_unlock)(lock);
}

#define libcdev_mutex_lock(lock)	       __libcdev_mutex_lock(lock, __FILE__, __LINE__)
#define libcdev_mutex_lock_interruptible(lock) __libcdev_mutex_lock_intr(lock, __FILE__, __LINE__)
#define libcdev_mutex_lock_killable(lock)      __libcdev_mutex_lock_intr(lock, __FILE__, __LINE__)
#define libcdev_mutex_trylock(lock)	       __libcdev_mutex_trylock(lock, __FILE__, __LINE__)
#define libcdev_mutex_unlock(lock)	       __libcdev_mutex_unlock(lock, __FILE__, __LINE__)

#endif
