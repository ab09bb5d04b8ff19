/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the pool of threads that run driver methods.
 *
 * Methods may block (a reader waiting for a writer), so a request never runs
 * on the thread that reads requests from the kernel, and the pool grows
 * whenever a job finds no idle thread: a blocked method never stalls another
 * device or another opener.
 */
#ifndef LIBCDEV_WORKERS_H
#define LIBCDEV_WORKERS_H

struct work {
	struct work *next;
	void (*fn)(struct work *work);
};

/* Queue @work; 0, or a negative errno (not queued) when no thread could be started at all. */
int workers_queue(struct work *work);

/* Start a thread with every signal blocked (signals belong to libcdev_run()). */
int thread_start_nosig(pthread_t *thread, void *(*fn)(void *), void *arg);

#endif
