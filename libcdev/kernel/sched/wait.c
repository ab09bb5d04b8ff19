/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - wait queues and the current task.
 *
 * A wait queue is a mutex, a condition variable and a sequence count bumped
 * by each wake-up. A task records the queue it sleeps on, so an interrupt
 * (FUSE_INTERRUPT for a caller hit by a signal) can wake exactly that queue.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/core.h"
#include "kernel/sched/sched.h"

_public_ void init_waitqueue_head(wait_queue_head_t *wq)
{
	pthread_mutex_init(&wq->lock, NULL);
	pthread_cond_init(&wq->cond, NULL);
	wq->seq = 0;
	wq->head = NULL;
	wq->sleepers = 0;
}

_public_ void add_wait_queue(wait_queue_head_t *wq, struct wait_queue_entry *e)
{
	pthread_mutex_lock(&wq->lock);
	e->next = wq->head;
	if (wq->head)
		wq->head->pprev = &e->next;
	wq->head = e;
	e->pprev = &wq->head;
	pthread_mutex_unlock(&wq->lock);
}

static void __remove_wait_queue(struct wait_queue_entry *e)
{
	if (!e->pprev)
		return;
	*e->pprev = e->next;
	if (e->next)
		e->next->pprev = e->pprev;
	e->next = NULL;
	e->pprev = NULL;
}

_public_ void remove_wait_queue(wait_queue_head_t *wq, struct wait_queue_entry *e)
{
	pthread_mutex_lock(&wq->lock);
	__remove_wait_queue(e);
	pthread_mutex_unlock(&wq->lock);
}

_public_ bool waitqueue_active(wait_queue_head_t *wq)
{
	bool active;

	pthread_mutex_lock(&wq->lock);
	active = wq->head != NULL || wq->sleepers != 0;
	pthread_mutex_unlock(&wq->lock);
	return active;
}

_public_ void __wake_up(wait_queue_head_t *wq, unsigned int mode, int nr, void *key)
{
	struct wait_queue_entry *e, *next;

	(void)mode, (void)nr;	/* every sleeper re-tests its condition: waking all is safe */
	pthread_mutex_lock(&wq->lock);
	wq->seq++;
	pthread_cond_broadcast(&wq->cond);
	/* An entry's func may remove the entry itself (poll entries are one-shot). */
	for (e = wq->head; e; e = next) {
		next = e->next;
		if (e->func)
			e->func(e, mode, 0, key);
	}
	pthread_mutex_unlock(&wq->lock);
}

_public_ unsigned long libcdev_wait_prepare(wait_queue_head_t *wq)
{
	unsigned long seq;

	pthread_mutex_lock(&wq->lock);
	seq = wq->seq;
	wq->sleepers++;
	pthread_mutex_unlock(&wq->lock);
	return seq;
}

_public_ void libcdev_wait_finish(wait_queue_head_t *wq)
{
	pthread_mutex_lock(&wq->lock);
	wq->sleepers--;
	pthread_mutex_unlock(&wq->lock);
}

_public_ void libcdev_wait_deadline(struct timespec *dl, long timeout_ms)
{
	clock_gettime(CLOCK_MONOTONIC, dl);
	if (timeout_ms < 0)
		timeout_ms = 0;
	dl->tv_sec += timeout_ms / 1000;
	dl->tv_nsec += (timeout_ms % 1000) * 1000000L;
	if (dl->tv_nsec >= 1000000000L) {
		dl->tv_sec++;
		dl->tv_nsec -= 1000000000L;
	}
}

_public_ long libcdev_wait_remaining(const struct timespec *dl)
{
	struct timespec now;
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (dl->tv_sec - now.tv_sec) * 1000 + (dl->tv_nsec - now.tv_nsec) / 1000000L;
	return ms > 0 ? ms : 0;
}

static void task_set_waiting(struct task_struct *t, wait_queue_head_t *wq)
{
	pthread_mutex_lock(t->wait_lock);
	t->waiting_on = wq;
	pthread_mutex_unlock(t->wait_lock);
}

_public_ int libcdev_wait_sleep(wait_queue_head_t *wq, unsigned long seq,
				bool interruptible, long timeout_ms)
{
	struct task_struct *t = task_current();
	struct timespec dl;
	int ret = 0, r;

	if (timeout_ms >= 0)
		libcdev_wait_deadline(&dl, timeout_ms);
	if (interruptible)
		task_watch_interrupts(t);
	/* Recorded for every sleep: wake_up_process() ends uninterruptible ones too. */
	task_set_waiting(t, wq);
	pthread_mutex_lock(&wq->lock);
	while (wq->seq == seq) {
		if (interruptible && signal_pending(t)) {
			ret = -ERESTARTSYS;
			break;
		}
		if (timeout_ms < 0) {
			pthread_cond_wait(&wq->cond, &wq->lock);
			continue;
		}
		/* The monotonic clock, whatever the condition was initialised
		 * with: DECLARE_WAIT_QUEUE_HEAD() can only use the default. */
		r = pthread_cond_clockwait(&wq->cond, &wq->lock, CLOCK_MONOTONIC, &dl);
		if (r == ETIMEDOUT) {
			ret = -ETIMEDOUT;
			break;
		}
	}
	pthread_mutex_unlock(&wq->lock);
	task_set_waiting(t, NULL);
	return ret;
}

/* ---- tasks ---- */

static __thread _tls_hot_ struct task_struct *current_task;
static __thread struct task_struct self_task;
static __thread pthread_mutex_t self_task_lock = PTHREAD_MUTEX_INITIALIZER;

long long monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* What a request does not carry and /proc/PID/status does. */
struct proc_status {
	pid_t tgid;
	uid_t ruid;
	gid_t rgid;
	char comm[TASK_COMM_LEN];
};

/* The name, thread group and real ids of @pid from /proc; false if it is gone. */
static bool task_read_proc(pid_t pid, struct proc_status *ps)
{
	char path[64], line[256];
	unsigned int id;
	FILE *f;
	int v;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Name:\t", 6)) {
			size_t len = strcspn(line + 6, "\n");

			if (len >= sizeof(ps->comm))
				len = sizeof(ps->comm) - 1;
			memcpy(ps->comm, line + 6, len);
			ps->comm[len] = '\0';
		} else if (sscanf(line, "Tgid: %d", &v) == 1) {
			ps->tgid = v;
		} else if (sscanf(line, "Uid: %u", &id) == 1) {
			ps->ruid = id;
		} else if (sscanf(line, "Gid: %u", &id) == 1) {
			ps->rgid = id;
			break;	/* the last line wanted: Gid follows Uid and Tgid */
		}
	}
	fclose(f);
	return true;
}

/*
 * Reading /proc costs more than a whole small request, so it is done only
 * when the driver asks for `current` (task_fill()), and a thread remembers
 * the last caller it looked up for a moment (a client making many calls in
 * a row): a pid reused or a comm changed within that moment can show the
 * previous one's. The ids the request carries are part of the key: a caller
 * that changed its effective ids is read again.
 */
static __thread struct {
	pid_t pid;
	uid_t uid;
	gid_t gid;
	long long when;
	struct proc_status ps;
} task_cache;

void task_init(struct task_struct *t, pid_t pid, pid_t tgid, uid_t uid, gid_t gid,
	       pthread_mutex_t *lock)
{
	memset(t, 0, sizeof(*t));
	t->pid = pid;
	t->tgid = tgid ? tgid : pid;
	t->tgid_known = tgid != 0;
	t->uid = uid;
	t->gid = gid;
	t->wait_lock = lock;
	t->signal = &t->signal_data;
	/* The real ids, until /proc says otherwise. */
	t->ruid = uid;
	t->rgid = gid;
}

void task_fill(struct task_struct *t)
{
	long long now;

	if (t->proc_known)
		return;
	t->proc_known = 1;
	now = monotonic_ns();
	if (task_cache.pid != t->pid || task_cache.uid != t->uid || task_cache.gid != t->gid ||
	    now - task_cache.when > TASK_CACHE_NS) {
		struct proc_status ps = { .tgid = t->pid, .ruid = t->uid, .rgid = t->gid };

		task_cache.pid = 0;
		if (!task_read_proc(t->pid, &ps))
			return;
		task_cache.ps = ps;
		task_cache.pid = t->pid;
		task_cache.uid = t->uid;
		task_cache.gid = t->gid;
		task_cache.when = now;
	}
	memcpy(t->comm, task_cache.ps.comm, sizeof(t->comm));
	t->ruid = task_cache.ps.ruid;
	t->rgid = task_cache.ps.rgid;
	if (!t->tgid_known)
		t->tgid = task_cache.ps.tgid;
}

void task_set_current(struct task_struct *t)
{
	current_task = t;
}

/* Called from the driver's own thread (direct backend): the task is this thread. */
static _noinline_ struct task_struct *task_self(void)
{
	if (!self_task.wait_lock)
		task_init(&self_task, gettid(), getpid(), geteuid(), getegid(), &self_task_lock);
	return &self_task;
}

/* Every call of a method asks: the request's task is a load, nothing more. */
struct task_struct *task_current(void)
{
	return current_task ? current_task : task_self();
}

_public_ struct task_struct *libcdev_current(void)
{
	struct task_struct *t = task_current();

	/* The driver may read signal_pending(current) in a loop that never sleeps. */
	task_watch_interrupts(t);
	task_fill(t);
	return t;
}

_public_ void libcdev_task_interrupt(struct task_struct *t)
{
	wait_queue_head_t *wq;

	__atomic_store_n(&t->sigpending, 1, __ATOMIC_RELEASE);
	pthread_mutex_lock(t->wait_lock);
	wq = t->waiting_on;
	if (wq) {
		/* Under the queue's lock, so the sleeper is either not yet asleep
		 * (and sees sigpending) or wakes from this broadcast. */
		pthread_mutex_lock(&wq->lock);
		pthread_cond_broadcast(&wq->cond);
		pthread_mutex_unlock(&wq->lock);
	}
	pthread_mutex_unlock(t->wait_lock);
}

_public_ void libcdev_task_clear_interrupt(struct task_struct *t)
{
	__atomic_store_n(&t->sigpending, 0, __ATOMIC_RELEASE);
}

_public_ bool capable(int cap)
{
	struct task_struct *t = task_current();
	unsigned long long caps = 0;
	char path[64], line[256];
	FILE *f;

	if (cap < 0 || cap > 63)
		return false;
	if (!t->cap_known) {
		snprintf(path, sizeof(path), "/proc/%d/status", (int)t->pid);
		f = fopen(path, "re");
		if (!f)
			return false;	/* cannot tell: deny, as the safe answer */
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "CapEff: %llx", &caps) == 1)
				break;
		fclose(f);
		t->cap_effective = caps;
		t->cap_known = 1;
	}
	return t->cap_effective & (1ULL << cap);
}
