/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/irq_work.c:
 * work queued to run in hard interrupt context: on the hardirq thread of
 * irq/manage.c, between the simulated lines' handlers, in atomic context.
 * A work is claimed (pending and busy) when queued; pending is cleared just
 * before its function runs, so it may be queued again from there; busy is
 * cleared when the function returns, which irq_work_sync() waits for.
 */
#include <pthread.h>
#include <stddef.h>

#include "core/core.h"
#include "kernel/internal.h"
#include <libcdev/irq_work.h>

static pthread_mutex_t work_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_done = PTHREAD_COND_INITIALIZER;
static struct irq_work *queue, **queue_tail = &queue;
static int queued;

_public_ bool irq_work_queue(struct irq_work *work)
{
	unsigned int old = __atomic_load_n(&work->flags, __ATOMIC_ACQUIRE);

	/* Claim it: only one queueing of a pending work counts. */
	do {
		if (old & IRQ_WORK_PENDING)
			return false;
	} while (!__atomic_compare_exchange_n(&work->flags, &old, old | IRQ_WORK_CLAIMED, false,
					      __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
	pthread_mutex_lock(&work_lock);
	work->next = NULL;
	*queue_tail = work;
	queue_tail = &work->next;
	__atomic_store_n(&queued, 1, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&work_lock);
	if (hardirq_kick())
		pr_err_lib("irq_work: cannot start the hardirq thread");
	return true;
}

_public_ bool irq_work_queue_on(struct irq_work *work, int cpu)
{
	(void)cpu;
	return irq_work_queue(work);
}

bool irq_work_pending(void)
{
	return __atomic_load_n(&queued, __ATOMIC_ACQUIRE) != 0;
}

/* On the hardirq thread: every work queued so far, in hard interrupt context. */
void irq_work_run(void)
{
	struct irq_work *work;

	pthread_mutex_lock(&work_lock);
	work = queue;
	queue = NULL;
	queue_tail = &queue;
	__atomic_store_n(&queued, 0, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&work_lock);
	kcontext_enter(KCONTEXT_HARDIRQ);
	while (work) {
		struct irq_work *next = work->next;
		unsigned int busy =
			IRQ_WORK_BUSY |
			(__atomic_load_n(&work->flags, __ATOMIC_ACQUIRE) & ~IRQ_WORK_CLAIMED);

		__atomic_and_fetch(&work->flags, ~IRQ_WORK_PENDING, __ATOMIC_ACQ_REL);
		work->func(work);
		kcheck_on_return("irq_work", (const void *)work->func);
		/* Not busy any more, unless it was queued again meanwhile. */
		pthread_mutex_lock(&work_lock);
		__atomic_compare_exchange_n(&work->flags, &busy, busy & ~IRQ_WORK_BUSY, false,
					    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
		pthread_cond_broadcast(&work_done);
		pthread_mutex_unlock(&work_lock);
		work = next;
	}
	kcontext_exit(KCONTEXT_HARDIRQ);
}

_public_ void irq_work_sync(struct irq_work *work)
{
	pthread_mutex_lock(&work_lock);
	while (__atomic_load_n(&work->flags, __ATOMIC_ACQUIRE) & IRQ_WORK_BUSY)
		pthread_cond_wait(&work_done, &work_lock);
	pthread_mutex_unlock(&work_lock);
}
