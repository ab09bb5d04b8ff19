/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the task a driver method runs for, after include/linux/sched.h.
 *
 * `current` is the process that made the request: through CUSE, the caller
 * of open(2)/read(2)/... as the kernel reports it; with the direct backend,
 * this process. Its credentials let drivers check access as in the kernel.
 */
#ifndef LIBCDEV_SCHED_H
#define LIBCDEV_SCHED_H

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>

#include <libcdev/names.h>

/* The kernel's "restart the system call" codes, 512 to 516: callers see EINTR. */
#ifndef ERESTARTSYS
#define ERESTARTSYS 512
#endif
#ifndef ERESTART_RESTARTBLOCK
#define ERESTART_RESTARTBLOCK 516
#endif

#define TASK_COMM_LEN	16
/* The CPUs a cpumask can hold (<linux/cpumask.h>'s NR_CPUS). */
#define LIBCDEV_NR_CPUS 64

struct cpumask;

struct wait_queue_head;
struct tty_struct;

/* What the threads of a process share, after include/linux/sched/signal.h. */
struct signal_struct {
	struct tty_struct *tty; /* the controlling terminal, or NULL (read on first use) */
};

struct mm_struct;

struct task_struct {
	pid_t pid;  /* the caller's thread id, as the kernel reports it */
	pid_t tgid; /* the caller's process id */
	uid_t uid;  /* the caller's effective uid */
	gid_t gid;  /* the caller's effective gid */
	char comm[TASK_COMM_LEN];
	/* The task's memory: opaque, NULL in a kernel thread (which has none), as in the kernel. */
	struct mm_struct *mm;
	/* private below */
	int sigpending;
	pthread_mutex_t *wait_lock; /* protects waiting_on */
	struct wait_queue_head *waiting_on;
	unsigned long long cap_effective;
	int cap_known;
	uid_t ruid;		      /* the caller's real uid (current_uid()) */
	gid_t rgid;		      /* the caller's real gid (current_gid()) */
	struct signal_struct *signal; /* ->tty filled by libcdev_current_signal() */
	struct signal_struct signal_data;
	int signal_known;
	int proc_known; /* comm, the real ids (and tgid) read: libcdev_current() reads them */
	int tgid_known; /* given, not to be read */
	/* The backend's, called once when an interrupt first matters (task_watch_interrupts()). */
	void (*watch_interrupts)(struct task_struct *task);
	/* public again, added later: where the kernel's tracepoints look */
	int prio;			/* 120, the kernel's priority of nice 0 */
	const struct cpumask *cpus_ptr; /* the CPUs the process may run on */
};

/** libcdev_current - the task of the request running on this thread */
struct task_struct *libcdev_current(void);
#define current (libcdev_current())

/**
 * libcdev_current_signal - `current`, with ->signal->tty read for it
 *
 * The controlling terminal costs a read of /proc/PID/stat, so it is read on
 * the first call for a task (and remembered by the thread for 100 ms), not
 * for every request. <linux/sched/signal.h> and <linux/tty.h> of
 * libcdev-kernel make `current` this.
 */
struct task_struct *libcdev_current_signal(void);

/** tty_devnum - the device number (MKDEV()) of a terminal from ->signal->tty */
dev_t tty_devnum(struct tty_struct *tty);

static inline bool signal_pending(struct task_struct *p)
{
	return __atomic_load_n(&p->sigpending, __ATOMIC_ACQUIRE) != 0;
}

/**
 * libcdev_task_interrupt - deliver "a signal" to a task: its interruptible
 * waits end with -ERESTARTSYS and signal_pending() is true until the request ends
 */
void libcdev_task_interrupt(struct task_struct *task);

/** libcdev_task_clear_interrupt - the "signal" was delivered: clear signal_pending() */
void libcdev_task_clear_interrupt(struct task_struct *task);

/* Credentials, after include/linux/cred.h and capability.h. */
typedef struct {
	uid_t val;
} kuid_t;
typedef struct {
	gid_t val;
} kgid_t;

static inline kuid_t current_euid(void)
{
	kuid_t u = { current->uid };
	return u;
}
static inline kuid_t current_uid(void)
{
	kuid_t u = { current->ruid };
	return u;
}
static inline kgid_t current_egid(void)
{
	kgid_t g = { current->gid };
	return g;
}
static inline kgid_t current_gid(void)
{
	kgid_t g = { current->rgid };
	return g;
}
static inline uid_t __kuid_val(kuid_t uid)
{
	return uid.val;
}
static inline gid_t __kgid_val(kgid_t gid)
{
	return gid.val;
}
static inline bool uid_eq(kuid_t a, kuid_t b)
{
	return a.val == b.val;
}
#define GLOBAL_ROOT_UID ((kuid_t){ 0 })

/**
 * capable - whether the current task has capability @cap (CAP_SYS_ADMIN, ...)
 * in its effective set, read from /proc/PID/status of the caller
 */
bool capable(int cap);

#endif
