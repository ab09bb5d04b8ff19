/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/rwsem.h>, from libcdev's <libcdev/ksync.h>:
 * read-write semaphores. The sleeping forms are checked as mutex_lock() is
 * (kcheck.h: sleeping in atomic context, held at a callback's return,
 * released by a thread that does not hold it), at the driver's line. The
 * _interruptible and _killable forms end with -EINTR when the caller of
 * the request is interrupted by a signal.
 */
#ifndef LIBCDEV_KERNEL_LINUX_RWSEM_H
#define LIBCDEV_KERNEL_LINUX_RWSEM_H

#include <linux/wait.h>
#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>

static inline void __libcdev_rwsem_down(struct rw_semaphore *sem,
					void (*down)(struct rw_semaphore *), const char *file,
					int line)
{
	__libcdev_might_sleep(file, line);
	down(sem);
	libcdev_lock_acquired(sem, false, file, line);
}

static inline int __libcdev_rwsem_down_intr(struct rw_semaphore *sem,
					    int (*down)(struct rw_semaphore *), const char *file,
					    int line)
{
	int ret;

	__libcdev_might_sleep(file, line);
	ret = down(sem);
	if (!ret)
		libcdev_lock_acquired(sem, false, file, line);
	return ret;
}

static inline int __libcdev_rwsem_trylock(struct rw_semaphore *sem,
					  int (*trylock)(struct rw_semaphore *), const char *file,
					  int line)
{
	int ret = trylock(sem);

	if (ret)
		libcdev_lock_acquired(sem, false, file, line);
	return ret;
}

static inline void __libcdev_rwsem_up(struct rw_semaphore *sem, void (*up)(struct rw_semaphore *),
				      const char *file, int line)
{
	libcdev_lock_released(sem, false, file, line);
	up(sem);
}

/* On the library's names, which <libcdev/names.h> maps the kernel's to. */
#define libcdev_down_read(sem)	__libcdev_rwsem_down(sem, (libcdev_down_read), __FILE__, __LINE__)
#define libcdev_down_write(sem) __libcdev_rwsem_down(sem, (libcdev_down_write), __FILE__, __LINE__)
#define libcdev_down_read_interruptible(sem) \
	__libcdev_rwsem_down_intr(sem, (libcdev_down_read_interruptible), __FILE__, __LINE__)
#define libcdev_down_read_killable(sem) \
	__libcdev_rwsem_down_intr(sem, (libcdev_down_read_killable), __FILE__, __LINE__)
#define libcdev_down_write_killable(sem) \
	__libcdev_rwsem_down_intr(sem, (libcdev_down_write_killable), __FILE__, __LINE__)
#define libcdev_down_read_trylock(sem) \
	__libcdev_rwsem_trylock(sem, (libcdev_down_read_trylock), __FILE__, __LINE__)
#define libcdev_down_write_trylock(sem) \
	__libcdev_rwsem_trylock(sem, (libcdev_down_write_trylock), __FILE__, __LINE__)
#define libcdev_up_read(sem)  __libcdev_rwsem_up(sem, (libcdev_up_read), __FILE__, __LINE__)
#define libcdev_up_write(sem) __libcdev_rwsem_up(sem, (libcdev_up_write), __FILE__, __LINE__)

/* Lock classes of lockdep, which is not there: the plain forms. */
#define down_read_nested(sem, subclass)		  down_read(sem)
#define down_write_nested(sem, subclass)	  down_write(sem)
#define down_write_killable_nested(sem, subclass) down_write_killable(sem)
#define down_read_non_owner(sem)		  (libcdev_down_read)(sem)
#define up_read_non_owner(sem)			  (libcdev_up_read)(sem)

#endif
