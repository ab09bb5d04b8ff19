/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/trace/rethook.c: the return hooks of kretprobes and
 * fprobes (rethook.h). Each thread keeps its hooked calls innermost first,
 * as the kernel keeps them on the task; the return trampoline
 * (arch/x86/kernel/rethook.c) takes the innermost off. A call that never
 * returned, because a longjmp() left it, is found below the returning
 * one's frame and dropped without its handler.
 *
 * A rethook outlives its owner's unregistering while calls it hooked are
 * still in flight: their returns still come here, run no handler, and the
 * last one frees the pool.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include <libcdev/ptrace.h>

#include "core/core.h"
#include "kernel/trace/rethook.h"

struct rethook {
	void *data;
	rethook_handler_t handler; /* NULL once freed */
	pthread_mutex_t lock;	   /* the pool */
	struct rethook_node *pool;
	unsigned long refs;    /* the owner's, and one per node out of the pool */
	unsigned long running; /* handlers running now */
	size_t node_size;
	void *nodes;
};

static __thread struct rethook_node *hooked;
/* The rethook whose handler this thread runs: freeing it from there waits for the others. */
static __thread struct rethook *running_here;

#ifdef FTRACE_SITES
extern const char __libcdev_rethook_tramp[] __attribute__((visibility("hidden")));
#define RETHOOK_TRAMP ((unsigned long)__libcdev_rethook_tramp)
#else
#define RETHOOK_TRAMP 0UL
#endif

struct rethook *rethook_alloc(void *data, rethook_handler_t handler, size_t size, int num)
{
	struct rethook *rh = calloc(1, sizeof(*rh));
	int i;

	if (!rh || num <= 0)
		goto fail;
	rh->node_size = (sizeof(struct rethook_node) + size + 15) & ~(size_t)15;
	rh->nodes = calloc(num, rh->node_size);
	if (!rh->nodes)
		goto fail;
	for (i = 0; i < num; i++) {
		struct rethook_node *node = (void *)((char *)rh->nodes + i * rh->node_size);

		node->rethook = rh;
		node->next = rh->pool;
		rh->pool = node;
	}
	pthread_mutex_init(&rh->lock, NULL);
	rh->data = data;
	rh->handler = handler;
	rh->refs = 1;
	return rh;
fail:
	free(rh);
	return NULL;
}

static void rethook_put(struct rethook *rh)
{
	if (__atomic_sub_fetch(&rh->refs, 1, __ATOMIC_ACQ_REL))
		return;
	pthread_mutex_destroy(&rh->lock);
	free(rh->nodes);
	free(rh);
}

void rethook_free(struct rethook *rh)
{
	const struct timespec pause = { .tv_nsec = 20000 };
	unsigned long own = running_here == rh;

	if (!rh)
		return;
	__atomic_store_n(&rh->handler, NULL, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&rh->running, __ATOMIC_SEQ_CST) > own)
		nanosleep(&pause, NULL);
	rethook_put(rh);
}

struct rethook_node *rethook_try_get(struct rethook *rh)
{
	struct rethook_node *node;

	pthread_mutex_lock(&rh->lock);
	node = rh->pool;
	if (node)
		rh->pool = node->next;
	pthread_mutex_unlock(&rh->lock);
	if (node)
		__atomic_add_fetch(&rh->refs, 1, __ATOMIC_RELAXED);
	return node;
}

void rethook_recycle(struct rethook_node *node)
{
	struct rethook *rh = node->rethook;

	pthread_mutex_lock(&rh->lock);
	node->next = rh->pool;
	rh->pool = node;
	pthread_mutex_unlock(&rh->lock);
	rethook_put(rh);
}

void rethook_hook(struct rethook_node *node, struct pt_regs *regs)
{
	unsigned long *slot = (unsigned long *)__libcdev_regs_sp(regs);

	node->frame = (unsigned long)slot;
	node->ret_addr = *slot;
	*slot = RETHOOK_TRAMP;
	node->next = hooked;
	hooked = node;
}

/* The return address the hooks of @node's frame replaced: under several hooks, the first's. */
static unsigned long real_return_address(const struct rethook_node *node)
{
	unsigned long frame = node->frame, ret = node->ret_addr;

	for (node = node->next; ret == RETHOOK_TRAMP && node && node->frame == frame;
	     node = node->next)
		ret = node->ret_addr;
	return ret;
}

static void rethook_run(struct rethook_node *node, struct pt_regs *regs)
{
	struct rethook *rh = node->rethook, *outer = running_here;
	rethook_handler_t handler;

	__atomic_add_fetch(&rh->running, 1, __ATOMIC_SEQ_CST);
	handler = __atomic_load_n(&rh->handler, __ATOMIC_SEQ_CST);
	running_here = rh;
	if (handler)
		handler(node, rh->data, regs);
	running_here = outer;
	__atomic_sub_fetch(&rh->running, 1, __ATOMIC_RELEASE);
}

unsigned long __libcdev_rethook_trampoline_handler(struct pt_regs *regs)
	__attribute__((visibility("hidden"), used));

/* Called by the trampoline with the registers of the return: returns where it goes on. */
unsigned long __libcdev_rethook_trampoline_handler(struct pt_regs *regs)
{
	unsigned long frame = __libcdev_regs_sp(regs) - sizeof(long), ret;
	struct rethook_node *node;

	while (hooked && hooked->frame < frame) {
		node = hooked;
		hooked = node->next;
		rethook_recycle(node);
	}
	node = hooked;
	if (!node || node->frame != frame) {
		pr_err_lib("rethook: a return at frame %#lx that no hooked call made\n", frame);
		abort();
	}
	hooked = node->next;
	ret = node->ret_addr;
	regs->ip = real_return_address(node);
	rethook_run(node, regs);
	rethook_recycle(node);
	return ret;
}
