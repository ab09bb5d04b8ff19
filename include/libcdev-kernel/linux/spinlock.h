/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/spinlock.h>: spinlocks as POSIX mutexes (a thread
 * spinning in user space would burn the CPU of the one it waits for). There
 * are no interrupts to mask: local_irq_disable()/_save() and the _irq and
 * _irqsave forms only mark the thread as one with interrupts off, and the
 * _bh forms lock the same way. As in the kernel, code under a spinlock or
 * with interrupts off must not sleep: both count for the checks of
 * kcheck.h, and unlocking a spinlock this thread does not hold is reported.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SPINLOCK_H
#define LIBCDEV_KERNEL_LINUX_SPINLOCK_H

#include <pthread.h>

#include <linux/compiler.h>
#include <linux/rwlock.h>
#include <libcdev/kcheck.h>
#include <libcdev/spinlock_types.h>

typedef struct spinlock spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)        \
	{                                 \
		PTHREAD_MUTEX_INITIALIZER \
	}
#define DEFINE_SPINLOCK(name) spinlock_t name = __SPIN_LOCK_UNLOCKED(name)

static inline void spin_lock_init(spinlock_t *lock)
{
	pthread_mutex_init(&lock->m, NULL);
}

static inline void __libcdev_spin_lock(spinlock_t *lock, const char *file, int line)
{
	pthread_mutex_lock(&lock->m);
	libcdev_lock_acquired(lock, true, file, line);
}

static inline void __libcdev_spin_unlock(spinlock_t *lock, const char *file, int line)
{
	libcdev_lock_released(lock, true, file, line);
	pthread_mutex_unlock(&lock->m);
}

static inline int __libcdev_spin_trylock(spinlock_t *lock, const char *file, int line)
{
	if (pthread_mutex_trylock(&lock->m) != 0)
		return 0;
	libcdev_lock_acquired(lock, true, file, line);
	return 1;
}

#define spin_lock(lock)	   __libcdev_spin_lock(lock, __FILE__, __LINE__)
#define spin_unlock(lock)  __libcdev_spin_unlock(lock, __FILE__, __LINE__)
#define spin_trylock(lock) __libcdev_spin_trylock(lock, __FILE__, __LINE__)

static inline int spin_is_locked(spinlock_t *lock)
{
	if (pthread_mutex_trylock(&lock->m) != 0)
		return 1;
	pthread_mutex_unlock(&lock->m);
	return 0;
}

#define local_irq_save(flags)	 ((flags) = libcdev_local_irq_save())
#define local_irq_restore(flags) libcdev_local_irq_restore(flags)
#define local_irq_disable()	 ((void)libcdev_local_irq_save())
#define local_irq_enable()	 libcdev_local_irq_restore(0)
#define irqs_disabled()		 libcdev_irqs_disabled()

#define spin_lock_irq(lock)          \
	do {                         \
		local_irq_disable(); \
		spin_lock(lock);     \
	} while (0)
#define spin_unlock_irq(lock)       \
	do {                        \
		spin_unlock(lock);  \
		local_irq_enable(); \
	} while (0)
#define spin_lock_bh(lock)   spin_lock(lock)
#define spin_unlock_bh(lock) spin_unlock(lock)
#define spin_lock_irqsave(lock, flags) \
	do {                           \
		local_irq_save(flags); \
		spin_lock(lock);       \
	} while (0)
#define spin_unlock_irqrestore(lock, flags) \
	do {                                \
		spin_unlock(lock);          \
		local_irq_restore(flags);   \
	} while (0)
#define spin_trylock_irqsave(lock, flags) \
	(local_irq_save(flags), spin_trylock(lock) ? 1 : (local_irq_restore(flags), 0))
#define assert_spin_locked(lock) \
	do {                     \
		(void)(lock);    \
	} while (0)

#endif
