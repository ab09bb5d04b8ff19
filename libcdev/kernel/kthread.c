/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/kthread.c:
 * kernel threads: a POSIX thread each, with a task of its own as
 * `current`, created stopped as kthread_create() leaves them.
 *
 * kthread_stop() sets the flag kthread_should_stop() reads and wakes the
 * thread wherever it sleeps (schedule(), wait_event*()); it wakes it again
 * until the thread ends, so a wake-up racing with the thread's own test of
 * the flag is never the last one.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/core.h"
#include "kernel/internal.h"
#include "backend/backend.h"

struct kthread {
	struct task_struct task; /* what kthread_create() returns */
	struct kthread *next;
	pthread_t thread;
	int (*fn)(void *data);
	void *data;
	struct module *owner;
	pthread_mutex_t task_lock;
	wait_queue_head_t wake; /* schedule()'s own queue; the start gate */
	int started, should_stop, exited;
	int ret;
};

static pthread_mutex_t kthreads_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kthread *kthreads;
static __thread struct kthread *self_kthread;

/* How often kthread_stop() wakes the thread again while it waits for its end. */
#define KTHREAD_REWAKE_MS      20
/* How long module unload waits for a thread left running before it gives up. */
#define KTHREAD_UNLOAD_WAIT_MS 2000

/* What kernel_clone() runs in the new thread: the kernel's kthread(). */
static int kthread_main(void *arg)
{
	struct kthread *k = arg;
	int ret;

	__atomic_store_n(&k->task.pid, gettid(), __ATOMIC_RELAXED);
	self_kthread = k;
	task_set_current(&k->task);
	sched_set_own_queue(&k->wake);
	wait_event(k->wake, __atomic_load_n(&k->started, __ATOMIC_ACQUIRE) ||
				    __atomic_load_n(&k->should_stop, __ATOMIC_ACQUIRE));
	/* Stopped before it ever ran: the kernel's kthread() returns -EINTR. */
	if (!__atomic_load_n(&k->started, __ATOMIC_ACQUIRE))
		kthread_exit(-EINTR);
	ret = k->fn(k->data);
	kcheck_on_return("kthread", (const void *)k->fn);
	kthread_exit(ret);
}

_public_ void kthread_exit(long code)
{
	struct kthread *k = self_kthread;

	if (!k) {
		pr_err_lib("kthread_exit() outside a kernel thread");
		abort();
	}
	k->ret = (int)code;
	__atomic_store_n(&k->exited, 1, __ATOMIC_RELEASE);
	pthread_exit(NULL);
}

_public_ void kthread_complete_and_exit(struct completion *comp, long code)
{
	if (comp)
		complete(comp);
	kthread_exit(code);
}

_public_ struct task_struct *libcdev_kthread_create(struct module *owner,
						    int (*threadfn)(void *data), void *data,
						    const char *name)
{
	struct kthread *k = calloc(1, sizeof(*k));
	/* As kthreadd's kernel_thread() asks for one. */
	struct kernel_clone_args clone = {
		.flags = CLONE_FS | CLONE_FILES | CLONE_VM | CLONE_UNTRACED,
		.exit_signal = SIGCHLD,
		.kthread = 1,
		.fn = kthread_main,
		.fn_arg = k,
	};
	int err;

	jiffies_touch();
	if (!k)
		return ERR_PTR(-ENOMEM);
	k->fn = threadfn;
	k->data = data;
	k->owner = owner;
	pthread_mutex_init(&k->task_lock, NULL);
	/* Complete before the thread exists: wake_up_process() may use it at once. */
	task_init(&k->task, getpid(), getpid(), geteuid(), getegid(), &k->task_lock);
	k->task.mm = NULL;   /* a kernel thread has no memory of a user process */
	task_fill(&k->task); /* the real ids; the name is its own */
	snprintf(k->task.comm, sizeof(k->task.comm), "%s", name ? name : "");
	init_waitqueue_head(&k->wake);
	pthread_mutex_lock(&kthreads_lock);
	err = kernel_clone(&clone);
	if (err < 0) {
		pthread_mutex_unlock(&kthreads_lock);
		free(k);
		return ERR_PTR(err);
	}
	k->thread = clone.thread;
	/* Set by the thread too: the same id, known here before this returns. */
	__atomic_store_n(&k->task.pid, err, __ATOMIC_RELAXED);
	k->next = kthreads;
	kthreads = k;
	pthread_mutex_unlock(&kthreads_lock);
	return &k->task;
}

static struct kthread *kthread_find_locked(const struct task_struct *p)
{
	for (struct kthread *k = kthreads; k; k = k->next)
		if (&k->task == p)
			return k;
	return NULL;
}

/* Wake the queue @p sleeps on, if any: its waits re-test their conditions. */
static int task_wake(struct task_struct *p)
{
	wait_queue_head_t *wq;

	pthread_mutex_lock(p->wait_lock);
	wq = p->waiting_on;
	if (wq)
		wake_up_all(wq);
	pthread_mutex_unlock(p->wait_lock);
	return wq != NULL;
}

/* A direct-call site (kernel/trace/ftrace.h), as the kernel's is traceable. */
FTRACE_DIRECT_SITE(wake_up_process);
int FTRACE_SITE_BODY(wake_up_process)(struct task_struct *p)
{
	struct kthread *k;
	int woke = 0;

	trace_sched_waking(p);
	pthread_mutex_lock(&kthreads_lock);
	k = kthread_find_locked(p);
	if (k && !__atomic_exchange_n(&k->started, 1, __ATOMIC_ACQ_REL))
		woke = 1;
	if (k)
		wake_up_all(&k->wake); /* schedule() without a queue sleeps here */
	pthread_mutex_unlock(&kthreads_lock);
	if (task_wake(p))
		woke = 1;
	if (woke)
		trace_sched_wakeup(p);
	return woke;
}

_public_ bool kthread_should_stop(void)
{
	return self_kthread && __atomic_load_n(&self_kthread->should_stop, __ATOMIC_ACQUIRE);
}

/* Ask @k to stop and wait for its end, at most @max_ms (< 0: forever); true if it ended. */
static bool kthread_stop_wait(struct kthread *k, long max_ms)
{
	struct timespec dl;
	long waited = 0;

	__atomic_store_n(&k->should_stop, 1, __ATOMIC_RELEASE);
	for (;;) {
		wake_up_all(&k->wake);
		if (__atomic_load_n(&k->started, __ATOMIC_ACQUIRE))
			task_wake(&k->task);
		clock_gettime(CLOCK_REALTIME, &dl);
		dl.tv_nsec += KTHREAD_REWAKE_MS * 1000000L;
		if (dl.tv_nsec >= 1000000000L) {
			dl.tv_sec++;
			dl.tv_nsec -= 1000000000L;
		}
		if (pthread_timedjoin_np(k->thread, NULL, &dl) == 0)
			return true;
		waited += KTHREAD_REWAKE_MS;
		if (max_ms >= 0 && waited >= max_ms)
			return false;
	}
}

static void kthread_unlink(struct kthread *k)
{
	pthread_mutex_lock(&kthreads_lock);
	for (struct kthread **pp = &kthreads; *pp; pp = &(*pp)->next)
		if (*pp == k) {
			*pp = k->next;
			break;
		}
	pthread_mutex_unlock(&kthreads_lock);
}

static void kthread_free(struct kthread *k)
{
	pthread_mutex_destroy(&k->task_lock);
	free(k);
}

_public_ int kthread_stop(struct task_struct *p)
{
	struct kthread *k;
	int ret;

	pthread_mutex_lock(&kthreads_lock);
	k = kthread_find_locked(p);
	pthread_mutex_unlock(&kthreads_lock);
	if (!k || k == self_kthread) {
		pr_err_lib("kthread_stop(): not a kernel thread, or itself");
		return -EINVAL;
	}
	kthread_stop_wait(k, -1);
	ret = k->ret;
	kthread_unlink(k);
	kthread_free(k);
	return ret;
}

/* Under kthreads_lock: the first thread of @mod, taken off the list. */
static struct kthread *kthread_take_locked(struct module *mod)
{
	for (struct kthread **pp = &kthreads; *pp; pp = &(*pp)->next) {
		struct kthread *k = *pp;

		if (k->owner == mod) {
			*pp = k->next;
			return k;
		}
	}
	return NULL;
}

int kthreads_module_stop(struct module *mod, bool *keep_mapped)
{
	struct kthread *k;
	char name[128];
	int n = 0;

	for (;;) {
		pthread_mutex_lock(&kthreads_lock);
		k = kthread_take_locked(mod);
		pthread_mutex_unlock(&kthreads_lock);
		if (!k)
			break;
		if (__atomic_load_n(&k->exited, __ATOMIC_ACQUIRE)) {
			/* Ended by itself: the kernel frees it then; only reap it here. */
			pthread_join(k->thread, NULL);
			kthread_free(k);
			continue;
		}
		kdefer_fn_name((const void *)k->fn, name, sizeof(name));
		printk(KERN_WARNING "kthread %s (%s) still running at module unload: stopping it\n",
		       k->task.comm, name);
		n++;
		if (kthread_stop_wait(k, KTHREAD_UNLOAD_WAIT_MS)) {
			kthread_free(k);
			continue;
		}
		printk(KERN_ERR "kthread %s did not stop: the module's code stays mapped\n",
		       k->task.comm);
		pthread_detach(k->thread);
		*keep_mapped = true;
	}
	return n;
}
