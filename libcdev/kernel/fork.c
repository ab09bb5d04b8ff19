/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/fork.c: kernel_clone(), which the kernel's kthreadd calls
 * for every kernel thread. Here the only tasks cloned are kernel threads,
 * each a POSIX thread of this process; the call is a direct-call site, so a
 * kprobe or fprobe on "kernel_clone" (the samples' default) sees each one
 * made, with its arguments, and its return value: the new thread's id.
 */
#include <errno.h>
#include <semaphore.h>
#include <unistd.h>

#include "core/core.h"
#include "kernel/internal.h"

/* What the new thread reads before it runs the function: the parent's frame. */
struct clone_start {
	int (*fn)(void *arg);
	void *arg;
	pid_t tid;
	sem_t started;
};

static void *clone_thread(void *data)
{
	struct clone_start *start = data;
	int (*fn)(void *arg) = start->fn;
	void *arg = start->arg;

	start->tid = gettid();
	sem_post(&start->started); /* @start is gone from here on */
	fn(arg);
	return NULL;
}

/*
 * The kernel returns the child's pid to its caller, so the parent waits
 * until the thread has one: a single hand-over, at thread creation only.
 */
FTRACE_DIRECT_SITE(kernel_clone);
pid_t FTRACE_SITE_BODY(kernel_clone)(struct kernel_clone_args *args)
{
	struct clone_start start = { .fn = args->fn, .arg = args->fn_arg };
	int err;

	if (!args->kthread || !args->fn)
		return -EINVAL;
	sem_init(&start.started, 0, 0);
	err = pthread_create(&args->thread, NULL, clone_thread, &start);
	if (err) {
		sem_destroy(&start.started);
		return -EAGAIN;
	}
	while (sem_wait(&start.started) && errno == EINTR)
		;
	sem_destroy(&start.started);
	return start.tid;
}
