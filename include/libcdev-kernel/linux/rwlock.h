/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - reader-writer spinlocks (rwlock_t) as POSIX rwlocks; see <linux/spinlock.h>. */
#ifndef LIBCDEV_KERNEL_LINUX_RWLOCK_H
#define LIBCDEV_KERNEL_LINUX_RWLOCK_H

#include <pthread.h>

typedef struct {
	pthread_rwlock_t l;
} rwlock_t;

#define __RW_LOCK_UNLOCKED(name)           \
	{                                  \
		PTHREAD_RWLOCK_INITIALIZER \
	}
#define DEFINE_RWLOCK(name) rwlock_t name = __RW_LOCK_UNLOCKED(name)

static inline void rwlock_init(rwlock_t *lock)
{
	pthread_rwlock_init(&lock->l, NULL);
}

static inline void read_lock(rwlock_t *lock)
{
	pthread_rwlock_rdlock(&lock->l);
}

static inline void read_unlock(rwlock_t *lock)
{
	pthread_rwlock_unlock(&lock->l);
}

static inline void write_lock(rwlock_t *lock)
{
	pthread_rwlock_wrlock(&lock->l);
}

static inline void write_unlock(rwlock_t *lock)
{
	pthread_rwlock_unlock(&lock->l);
}

static inline int read_trylock(rwlock_t *lock)
{
	return pthread_rwlock_tryrdlock(&lock->l) == 0;
}

static inline int write_trylock(rwlock_t *lock)
{
	return pthread_rwlock_trywrlock(&lock->l) == 0;
}

#define read_lock_irq(lock)    read_lock(lock)
#define read_unlock_irq(lock)  read_unlock(lock)
#define write_lock_irq(lock)   write_lock(lock)
#define write_unlock_irq(lock) write_unlock(lock)
#define read_lock_bh(lock)     read_lock(lock)
#define read_unlock_bh(lock)   read_unlock(lock)
#define write_lock_bh(lock)    write_lock(lock)
#define write_unlock_bh(lock)  write_unlock(lock)
#define read_lock_irqsave(lock, flags) \
	do {                           \
		(flags) = 0;           \
		read_lock(lock);       \
	} while (0)
#define read_unlock_irqrestore(lock, flags) \
	do {                                \
		(void)(flags);              \
		read_unlock(lock);          \
	} while (0)
#define write_lock_irqsave(lock, flags) \
	do {                            \
		(flags) = 0;            \
		write_lock(lock);       \
	} while (0)
#define write_unlock_irqrestore(lock, flags) \
	do {                                 \
		(void)(flags);               \
		write_unlock(lock);          \
	} while (0)

#endif
