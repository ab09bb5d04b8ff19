/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/sched/core.c:
 * the current task (`current`: the caller of the request a thread runs,
 * read from /proc when asked), task states and the explicit waits of
 * set_current_state(), prepare_to_wait() and schedule(), which share the
 * thread's wait state (the kernel's wait.c and core.c share the task's).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libcdev/instrument.h>
#include <libcdev/ksync.h>

#include "core/core.h"
#include "backend/backend.h"
#include "kernel/internal.h"

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
			break; /* the last line wanted: Gid follows Uid and Tgid */
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

static unsigned long cpus_bits[LIBCDEV_NR_CPUS / (8 * sizeof(unsigned long))];

static void sched_cpus_read(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		CPU_ZERO(&set);
	for (unsigned int cpu = 0; cpu < LIBCDEV_NR_CPUS; cpu++)
		if (CPU_ISSET(cpu, &set))
			cpus_bits[cpu / (8 * sizeof(unsigned long))] |=
				1ul << (cpu % (8 * sizeof(unsigned long)));
}

/* The CPUs the process may run on, read once: every task's ->cpus_ptr. */
static const struct cpumask *sched_cpus(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, sched_cpus_read);
	return (const struct cpumask *)cpus_bits;
}
/* What a task's ->mm points at: a user process's memory, never looked into. */
struct mm_struct {
	char opaque;
};
static struct mm_struct user_mm;

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
	t->mm = &user_mm;
	/* The real ids, until /proc says otherwise. */
	t->ruid = uid;
	t->rgid = gid;
	t->prio = 120;
	t->cpus_ptr = sched_cpus();
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

/* ---- task states and explicit waits ---- */

/*
 * The explicit wait of this thread: the state set_current_state() or
 * prepare_to_wait() chose, and the queue and wake-up count schedule() sleeps
 * on. Without a queue (set_current_state() alone) it sleeps on the thread's
 * own, which only an interrupt, wake_up_process() or the timeout ends.
 */
static __thread struct {
	unsigned int state;
	wait_queue_head_t *wq;
	unsigned long seq;
	unsigned long own_seq; /* the own queue's, when the state was set */
	bool timer;	       /* schedule_timeout()'s: schedule() ends at @timeout */
	long timeout;	       /* jiffies; after schedule(), what was left of them */
} sched_wait;
static __thread wait_queue_head_t own_queue = __WAIT_QUEUE_HEAD_INITIALIZER(own_queue);
/* A kernel thread's is in its record, so wake_up_process() can reach it. */
static __thread wait_queue_head_t *own_wq;

void sched_set_own_queue(wait_queue_head_t *wq)
{
	own_wq = wq;
}

static wait_queue_head_t *sched_own_queue(void)
{
	return own_wq ? own_wq : &own_queue;
}

_public_ void libcdev_set_current_state(unsigned int state)
{
	sched_wait.state = state;
	if (state == TASK_RUNNING) {
		sched_wait.wq = NULL;
		return;
	}
	/*
	 * A wake_up_process() after this point ends the next schedule(), as the
	 * kernel's sets the task running again: the usual
	 * set_current_state(); if (!cond) schedule(); loses no wake-up.
	 */
	sched_wait.own_seq = libcdev_wait_prepare(sched_own_queue());
	libcdev_wait_finish(sched_own_queue());
}

_public_ int autoremove_wake_function(struct wait_queue_entry *e, unsigned int mode, int sync,
				      void *key)
{
	(void)e, (void)mode, (void)sync, (void)key;
	return 1;
}

_public_ int default_wake_function(struct wait_queue_entry *e, unsigned int mode, int sync,
				   void *key)
{
	return autoremove_wake_function(e, mode, sync, key);
}

_public_ void prepare_to_wait(wait_queue_head_t *wq, struct wait_queue_entry *e, int state)
{
	/* Queued before the snapshot: a waker that sees the queue empty ran before it. */
	if (!e->pprev)
		add_wait_queue(wq, e);
	sched_wait.seq = libcdev_wait_prepare(wq);
	libcdev_wait_finish(wq); /* the entry itself keeps waitqueue_active() true */
	sched_wait.wq = wq;
	sched_wait.state = state;
}

_public_ void prepare_to_wait_exclusive(wait_queue_head_t *wq, struct wait_queue_entry *e,
					int state)
{
	/* Every sleeper re-tests its condition, so waking all is safe (see __wake_up). */
	prepare_to_wait(wq, e, state);
}

_public_ void finish_wait(wait_queue_head_t *wq, struct wait_queue_entry *e)
{
	libcdev_set_current_state(TASK_RUNNING);
	remove_wait_queue(wq, e);
}

/* The sleep of schedule(), up to @timeout jiffies: what is left of them. */
static long schedule_sleep(long timeout)
{
	wait_queue_head_t *wq = sched_wait.wq;
	unsigned long seq = sched_wait.seq;
	bool interruptible = sched_wait.state == TASK_INTERRUPTIBLE;
	struct timespec dl;
	bool forever = timeout == MAX_SCHEDULE_TIMEOUT;
	int ret;

	if (sched_wait.state == TASK_RUNNING)
		return timeout;
	if (!wq) {
		wq = sched_own_queue();
		seq = sched_wait.own_seq;
	}
	if (!forever)
		libcdev_wait_deadline(&dl, timeout);
	trace_sched_switch_task(true, sched_wait.state);
	ret = libcdev_wait_sleep(wq, seq, interruptible, forever ? -1L : timeout);
	trace_sched_switch_task(false, 0);
	libcdev_set_current_state(TASK_RUNNING);
	if (forever)
		return timeout;
	return ret == -ETIMEDOUT ? 0 : libcdev_wait_remaining(&dl);
}

/*
 * The kernel's arms a timer and calls schedule(), which the timer ends: so
 * does this one, with the timeout handed to schedule() in sched_wait, and a
 * trampoline attached to schedule() sees its sleeps too.
 */
_public_ long schedule_timeout(long timeout)
{
	sched_wait.timer = true;
	sched_wait.timeout = timeout;
	schedule();
	return sched_wait.timeout;
}

_public_ long schedule_timeout_interruptible(long timeout)
{
	libcdev_set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(timeout);
}

_public_ long schedule_timeout_uninterruptible(long timeout)
{
	libcdev_set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}

/* A direct-call site (kernel/trace/ftrace.h), as the kernel's is traceable. */
FTRACE_DIRECT_SITE(schedule);
void FTRACE_SITE_BODY(schedule)(void)
{
	long timeout = sched_wait.timer ? sched_wait.timeout : MAX_SCHEDULE_TIMEOUT;

	sched_wait.timer = false;
	sched_wait.timeout = schedule_sleep(timeout);
}

/* The "runnable/total" field of /proc/loadavg: the machine's tasks, as the kernel counts them. */
static unsigned long loadavg_tasks(bool total)
{
	unsigned long running = 0, all = 0;
	FILE *f = fopen("/proc/loadavg", "re");

	if (!f)
		return 0;
	if (fscanf(f, "%*s %*s %*s %lu/%lu", &running, &all) != 2)
		running = all = 0;
	fclose(f);
	return total ? all : running;
}

_public_ unsigned int nr_running(void)
{
	return (unsigned int)loadavg_tasks(false);
}

_public_ int nr_processes(void)
{
	return (int)loadavg_tasks(true);
}
