/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/tracepoint.c:
 * the probes of a tracepoint, an array replaced whole on each change, as the
 * kernel does under RCU; the library's own tracepoints (sched_*).
 *
 * A firing walks the array it loaded inside a read section; an old array is
 * freed only after a grace period: both counters of read sections have been
 * seen at zero (the sleepable RCU of kernel/rcu/srcutree.c, in two counters).
 * A read section never blocks, so a probe may fire other tracepoints and may
 * (un)register probes itself.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"
#include "kernel/internal.h"
#include <libcdev/printk.h>
#include <libcdev/trace.h>

static pthread_mutex_t tp_lock = PTHREAD_MUTEX_INITIALIZER;    /* changes to the probe arrays */
static pthread_mutex_t tp_gp_lock = PTHREAD_MUTEX_INITIALIZER; /* one grace period at a time */
static unsigned long tp_phase;
static long tp_readers[2];

/* Arrays replaced but maybe still walked; freed after the next grace period. */
struct tp_old {
	struct tp_old *next;
	struct tracepoint_func *funcs;
};
static struct tp_old *tp_garbage;

_public_ struct tracepoint __tracepoint_sched_switch = { .name = "sched_switch" };
_public_ struct tracepoint __tracepoint_sched_waking = { .name = "sched_waking" };
_public_ struct tracepoint __tracepoint_sched_wakeup = { .name = "sched_wakeup" };

static struct tracepoint *const kernel_tracepoints[] = {
	&__tracepoint_sched_switch,
	&__tracepoint_sched_waking,
	&__tracepoint_sched_wakeup,
};

_public_ int libcdev_tracepoint_read_lock(void)
{
	int idx = (int)(__atomic_load_n(&tp_phase, __ATOMIC_SEQ_CST) & 1);

	__atomic_add_fetch(&tp_readers[idx], 1, __ATOMIC_SEQ_CST);
	return idx;
}

_public_ void libcdev_tracepoint_read_unlock(int idx)
{
	__atomic_sub_fetch(&tp_readers[idx], 1, __ATOMIC_SEQ_CST);
}

/*
 * Flip the phase twice, each time waiting for the readers of the old one: a
 * reader that read the phase before a flip but counted itself after it is
 * waited for by the second flip.
 */
static void tp_grace_period(void)
{
	pthread_mutex_lock(&tp_gp_lock);
	for (int i = 0; i < 2; i++) {
		int old = (int)(__atomic_fetch_add(&tp_phase, 1, __ATOMIC_SEQ_CST) & 1);

		while (__atomic_load_n(&tp_readers[old], __ATOMIC_SEQ_CST))
			usleep(200);
	}
	pthread_mutex_unlock(&tp_gp_lock);
}

_public_ void tracepoint_synchronize_unregister(void)
{
	struct tp_old *gone;

	pthread_mutex_lock(&tp_lock);
	gone = tp_garbage;
	tp_garbage = NULL;
	pthread_mutex_unlock(&tp_lock);
	tp_grace_period();
	while (gone) {
		struct tp_old *next = gone->next;

		free(gone->funcs);
		free(gone);
		gone = next;
	}
}

static size_t funcs_count(const struct tracepoint_func *f)
{
	size_t n = 0;

	while (f && f[n].func)
		n++;
	return n;
}

/* Under tp_lock: publish @funcs (NULL: none) and keep the old array for the grace period. */
static int tp_swap_locked(struct tracepoint *tp, struct tracepoint_func *funcs)
{
	struct tracepoint_func *old = tp->funcs;
	struct tp_old *o;

	if (old) {
		o = malloc(sizeof(*o));
		if (!o) {
			free(funcs);
			return -ENOMEM;
		}
		o->funcs = old;
		o->next = tp_garbage;
		tp_garbage = o;
	}
	__atomic_store_n(&tp->funcs, funcs, __ATOMIC_RELEASE);
	return 0;
}

static int tp_add_locked(struct tracepoint *tp, void *probe, void *data, int prio)
{
	size_t n = funcs_count(tp->funcs), at = 0;
	struct tracepoint_func *f;

	for (size_t i = 0; i < n; i++)
		if (tp->funcs[i].func == probe && tp->funcs[i].data == data)
			return -EEXIST;
	f = calloc(n + 2, sizeof(*f));
	if (!f)
		return -ENOMEM;
	/* Higher priorities first; among equals, in the order of registration. */
	while (at < n && tp->funcs[at].prio >= prio)
		at++;
	if (n)
		memcpy(f, tp->funcs, at * sizeof(*f));
	f[at] = (struct tracepoint_func){ .func = probe, .data = data, .prio = prio };
	if (n > at)
		memcpy(f + at + 1, tp->funcs + at, (n - at) * sizeof(*f));
	return tp_swap_locked(tp, f);
}

_public_ int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe, void *data,
					    int prio)
{
	int err = 0;

	if (!tp || !probe)
		return -EINVAL;
	pthread_mutex_lock(&tp_lock);
	/* TRACE_EVENT_FN()'s reg(): before the first probe, as the kernel calls it. */
	if (!tp->funcs && tp->regfunc)
		err = tp->regfunc();
	if (!err)
		err = tp_add_locked(tp, probe, data, prio);
	if (err && !tp->funcs && tp->regfunc && tp->unregfunc)
		tp->unregfunc();
	pthread_mutex_unlock(&tp_lock);
	return err;
}

_public_ int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data)
{
	return tracepoint_probe_register_prio(tp, probe, data, TRACEPOINT_DEFAULT_PRIO);
}

static int tp_remove_locked(struct tracepoint *tp, void *probe, void *data)
{
	size_t n = funcs_count(tp->funcs), j = 0;
	struct tracepoint_func *f = NULL;
	bool found = false;

	for (size_t i = 0; i < n; i++)
		found |= tp->funcs[i].func == probe && tp->funcs[i].data == data;
	if (!found)
		return -ENOENT;
	if (n > 1) {
		f = calloc(n, sizeof(*f));
		if (!f)
			return -ENOMEM;
		for (size_t i = 0; i < n; i++)
			if (tp->funcs[i].func != probe || tp->funcs[i].data != data)
				f[j++] = tp->funcs[i];
	}
	return tp_swap_locked(tp, f);
}

_public_ int tracepoint_probe_unregister(struct tracepoint *tp, void *probe, void *data)
{
	int err;

	if (!tp || !probe)
		return -EINVAL;
	pthread_mutex_lock(&tp_lock);
	err = tp_remove_locked(tp, probe, data);
	if (!err && !tp->funcs && tp->unregfunc)
		tp->unregfunc();
	pthread_mutex_unlock(&tp_lock);
	return err;
}

_public_ void for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp, void *priv), void *priv)
{
	for (size_t i = 0; i < sizeof(kernel_tracepoints) / sizeof(kernel_tracepoints[0]); i++)
		fct(kernel_tracepoints[i], priv);
}

/* At @mod's unload: its probes left on the library's tracepoints would call unmapped code. */
int tracepoints_module_stop(struct module *mod)
{
	int n = 0;

	for (size_t i = 0; i < sizeof(kernel_tracepoints) / sizeof(kernel_tracepoints[0]); i++) {
		struct tracepoint *tp = kernel_tracepoints[i];
		struct tracepoint_func *f;

		pthread_mutex_lock(&tp_lock);
		for (f = tp->funcs; f && f->func && !module_owns_code(mod, f->func); f++)
			;
		pthread_mutex_unlock(&tp_lock);
		if (!f || !f->func)
			continue;
		printk(KERN_WARNING "probe on tracepoint %s still registered at module unload: "
				    "unregistered\n",
		       tp->name);
		tracepoint_probe_unregister(tp, f->func, f->data);
		n++;
		i--; /* the tracepoint may have more of its probes */
	}
	if (n)
		tracepoint_synchronize_unregister();
	return n;
}

/* ---- the library's tracepoints, fired ---- */

typedef void (*probe_task_fn)(void *data, struct task_struct *p);
typedef void (*probe_switch_fn)(void *data, bool preempt, struct task_struct *prev,
				struct task_struct *next, unsigned int prev_state);

static void fire_task(struct tracepoint *tp, struct task_struct *p)
{
	struct tracepoint_func *f;
	int idx;

	if (!__atomic_load_n(&tp->funcs, __ATOMIC_RELAXED))
		return;
	idx = libcdev_tracepoint_read_lock();
	for (f = __atomic_load_n(&tp->funcs, __ATOMIC_ACQUIRE); f && f->func; f++)
		((probe_task_fn)f->func)(f->data, p);
	libcdev_tracepoint_read_unlock(idx);
}

void trace_sched_waking(struct task_struct *p)
{
	fire_task(&__tracepoint_sched_waking, p);
}

void trace_sched_wakeup(struct task_struct *p)
{
	fire_task(&__tracepoint_sched_wakeup, p);
}

/* What a CPU runs when no task of the process does, as far as the probes see. */
static struct task_struct idle_task = { .comm = "swapper", .prio = 120 };

void trace_sched_switch_task(bool out, unsigned int state)
{
	struct tracepoint *tp = &__tracepoint_sched_switch;
	struct task_struct *me;
	struct tracepoint_func *f;
	int idx;

	if (!__atomic_load_n(&tp->funcs, __ATOMIC_RELAXED))
		return;
	me = libcdev_current();
	idx = libcdev_tracepoint_read_lock();
	for (f = __atomic_load_n(&tp->funcs, __ATOMIC_ACQUIRE); f && f->func; f++)
		((probe_switch_fn)f->func)(f->data, false, out ? me : &idle_task,
					   out ? &idle_task : me, out ? state : 0);
	libcdev_tracepoint_read_unlock(idx);
}
