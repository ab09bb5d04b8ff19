/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the kernel's rules, checked where a production kernel does not
 * check them: sleeping in atomic context (a timer callback, a tasklet, under
 * a spinlock), a lock still held when a file operation or a callback
 * returns, unlocking a lock this thread does not hold, and memory from
 * kmalloc() not freed when the module is unloaded.
 *
 * The kernel-compatible headers call these with the driver's call site
 * (__FILE__, __LINE__); each problem is reported once per call site, in the
 * kernel's words, and counted. At module unload a summary gives the counts;
 * with LIBCDEV_STRICT=1 in the environment, libcdev_module_unload() then
 * returns -ENOTRECOVERABLE, and `cdevctl run` exits with status 1.
 */
#ifndef LIBCDEV_KCHECK_H
#define LIBCDEV_KCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct module;

/** __libcdev_might_sleep - the kernel's might_sleep(): report if this thread may not sleep */
void __libcdev_might_sleep(const char *file, int line);

/** libcdev_lock_acquired - this thread took @lock (a spinlock raises the atomic count) */
void libcdev_lock_acquired(const void *lock, bool spin, const char *file, int line);
/** libcdev_lock_released - this thread releases @lock; reported if it does not hold it */
void libcdev_lock_released(const void *lock, bool spin, const char *file, int line);

/**
 * libcdev_kmem_track - remember the allocation at address @p of @owner, made at @file:@line
 *
 * An address, not a pointer: the memory is not read.
 */
void libcdev_kmem_track(uintptr_t p, size_t size, struct module *owner, const char *file, int line);
/** libcdev_kmem_untrack - forget it (kfree()) */
void libcdev_kmem_untrack(uintptr_t p);

/** libcdev_preempt_count_add - preempt_disable() (1) and preempt_enable() (-1) */
void libcdev_preempt_count_add(int n);
/** libcdev_local_irq_save - this thread has interrupts off; whether it had before */
unsigned long libcdev_local_irq_save(void);
/** libcdev_local_irq_restore - back to the state libcdev_local_irq_save() returned */
void libcdev_local_irq_restore(unsigned long flags);
/** libcdev_irqs_disabled - the kernel's irqs_disabled(): interrupts off, or in a hard IRQ handler */
bool libcdev_irqs_disabled(void);

/** libcdev_check_problems - the problems reported since the process started */
unsigned int libcdev_check_problems(void);

#endif
