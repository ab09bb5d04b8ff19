/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/sched/core.c (might_sleep) and kernel/locking/lockdep.c:
 * the kernel's rules, checked (see kcheck.h). Each thread keeps
 * the locks it holds, as lockdep keeps a task's held locks; spinlocks held
 * count in the thread's atomic context with the softirq and hardirq
 * depths of softirq.c. Allocations of kmalloc() live in a hash table keyed by
 * address, with their owner and call site, until kfree().
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"
#include "kernel/internal.h"
#include <libcdev/instrument.h>
#include <libcdev/kcheck.h>

/* ---- counts and reports, once per call site ---- */

static unsigned int problems[KCHECK_KINDS];
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

struct site {
	struct site *next;
	const char *file;
	int line;
	enum kcheck_kind kind;
};
static struct site *sites;

/* Counted always; true the first time for this site and kind (then it is reported). */
static bool site_first(enum kcheck_kind kind, const char *file, int line)
{
	struct site *s;
	bool first = true;

	pthread_mutex_lock(&report_lock);
	problems[kind]++;
	for (s = sites; s; s = s->next)
		if (s->kind == kind && s->line == line &&
		    (s->file == file || !strcmp(s->file, file))) {
			first = false;
			break;
		}
	if (first) {
		s = malloc(sizeof(*s));
		if (s) {
			*s = (struct site){ sites, file, line, kind };
			sites = s;
		}
	}
	pthread_mutex_unlock(&report_lock);
	return first;
}

void kcheck_count(enum kcheck_kind kind, unsigned int n)
{
	pthread_mutex_lock(&report_lock);
	problems[kind] += n;
	pthread_mutex_unlock(&report_lock);
}

_public_ unsigned int libcdev_check_problems(void)
{
	unsigned int n = 0;

	pthread_mutex_lock(&report_lock);
	for (int k = 0; k < KCHECK_KINDS; k++)
		n += problems[k];
	pthread_mutex_unlock(&report_lock);
	return n;
}

/* ---- held locks ---- */

#define HELD_MAX 16

struct held_lock {
	const void *lock;
	const char *file;
	int line;
	bool spin;
};

static __thread struct held_lock held[HELD_MAX];
static __thread _tls_hot_ unsigned int nheld, nspin;

unsigned int kcheck_spinlocks_held(void)
{
	return nspin;
}

_public_ void libcdev_lock_acquired(const void *lock, bool spin, const char *file, int line)
{
	if (nheld < HELD_MAX)
		held[nheld] = (struct held_lock){ lock, file, line, spin };
	nheld++;
	if (spin)
		nspin++;
}

_public_ void libcdev_lock_released(const void *lock, bool spin, const char *file, int line)
{
	unsigned int top = nheld < HELD_MAX ? nheld : HELD_MAX;

	for (unsigned int i = top; i-- > 0;) {
		bool was_spin = held[i].spin;

		if (held[i].lock != lock)
			continue;
		memmove(&held[i], &held[i + 1], (top - i - 1) * sizeof(held[0]));
		nheld--;
		if (was_spin || spin)
			nspin -= nspin > 0;
		return;
	}
	if (nheld > HELD_MAX) { /* beyond what is kept: trust it */
		nheld--;
		nspin -= spin && nspin > 0;
		return;
	}
	if (site_first(KCHECK_BAD_UNLOCK, file, line))
		printk(KERN_ERR "WARNING: bad unlock balance detected!\n"
				"%s:%d releases %s %p, which this thread (pid %d) does not hold\n",
		       file, line, spin ? "spinlock" : "mutex", lock, (int)gettid());
}

static _cold_ void report_held(const char *what, const void *fn)
{
	unsigned int top = nheld < HELD_MAX ? nheld : HELD_MAX;
	char name[128];

	for (unsigned int i = 0; i < top; i++) {
		if (!site_first(KCHECK_LOCK_HELD, held[i].file, held[i].line))
			continue;
		kdefer_fn_name(fn, name, sizeof(name));
		printk(KERN_ERR "WARNING: lock held when returning from %s %s!\n"
				"%s %p taken at %s:%d is still held\n",
		       what, name, held[i].spin ? "spinlock" : "mutex", held[i].lock, held[i].file,
		       held[i].line);
	}
}

/*
 * Report the locks still held when @what returns: lockdep's words for a
 * system call. Every call of every method comes here, so a clean driver's
 * return is a test and nothing else (the report is out of line).
 */
void kcheck_on_return(const char *what, const void *fn)
{
	if (!nheld && !nspin)
		return;
	report_held(what, fn);
	/* Forgotten, so the next call on this thread starts clean. */
	nheld = 0;
	nspin = 0;
}

/* ---- sleeping in atomic context ---- */

_public_ void __libcdev_might_sleep(const char *file, int line)
{
	if (!libcdev_in_atomic() && !libcdev_irqs_disabled())
		return;
	if (!site_first(KCHECK_SLEEP, file, line))
		return;
	printk(KERN_ERR "BUG: sleeping function called from invalid context at %s:%d\n"
			"in_atomic(): %d, irqs_disabled(): %d, pid: %d, name: %s\n"
			"in %s, spinlocks held: %u\n",
	       file, line, libcdev_in_atomic() ? 1 : 0, libcdev_irqs_disabled() ? 1 : 0,
	       (int)gettid(), current->comm,
	       libcdev_in_hardirq() ? "an interrupt handler" :
	       libcdev_in_softirq() ? "a timer callback or tasklet" :
				      "process context",
	       nspin);
}

/* ---- kmalloc() accounting ---- */

#define KMEM_BUCKETS 1024

struct kmem {
	struct kmem *next;
	uintptr_t p;
	size_t size;
	struct module *owner;
	const char *file;
	int line;
	bool not_leak; /* kmemleak_not_leak(): freed unreported at unload */
};

static pthread_mutex_t kmem_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kmem *kmem_table[KMEM_BUCKETS];

static unsigned int kmem_hash(uintptr_t p)
{
	uintptr_t v = p >> 4;

	return (unsigned int)((v ^ (v >> 10) ^ (v >> 20)) % KMEM_BUCKETS);
}

_public_ void libcdev_kmem_track(uintptr_t p, size_t size, struct module *owner, const char *file,
				 int line)
{
	struct kmem *k;

	if (p <= 16) /* NULL and ZERO_SIZE_PTR */
		return;
	k = malloc(sizeof(*k));
	if (!k)
		return; /* untracked: never reported */
	*k = (struct kmem){ NULL, p, size, owner, file, line, false };
	pthread_mutex_lock(&kmem_lock);
	k->next = kmem_table[kmem_hash(p)];
	kmem_table[kmem_hash(p)] = k;
	pthread_mutex_unlock(&kmem_lock);
}

_public_ void libcdev_kmem_untrack(uintptr_t p)
{
	struct kmem **pp, *k = NULL;

	if (p <= 16)
		return;
	pthread_mutex_lock(&kmem_lock);
	for (pp = &kmem_table[kmem_hash(p)]; *pp; pp = &(*pp)->next)
		if ((*pp)->p == p) {
			k = *pp;
			*pp = k->next;
			break;
		}
	pthread_mutex_unlock(&kmem_lock);
	free(k);
}

/* kmemleak_not_leak(), which the kernel has in mm/kmemleak.c: the accounting is here. */
_public_ void kmemleak_not_leak(const void *ptr)
{
	pthread_mutex_lock(&kmem_lock);
	for (struct kmem *k = kmem_table[kmem_hash((uintptr_t)ptr)]; k; k = k->next)
		if (k->p == (uintptr_t)ptr)
			k->not_leak = true;
	pthread_mutex_unlock(&kmem_lock);
}

void *kmem_realloc_at(void *p, size_t size, unsigned int gfp, struct module *owner,
		      const char *file, int line)
{
	uintptr_t old = (uintptr_t)p; /* an address only, once realloc() has moved it */
	void *q;

	if (gfp & KMEM_MAY_SLEEP)
		__libcdev_might_sleep(file, line);
	if (!p && (gfp & KMEM_ZERO))
		q = calloc(1, size);
	else
		q = realloc(p, size);
	if (!q)
		return NULL;
	libcdev_kmem_untrack(old);
	libcdev_kmem_track((uintptr_t)q, size, owner, file, line);
	return q;
}

void kmem_free(const void *p)
{
	libcdev_kmem_untrack((uintptr_t)p);
	free((void *)p);
}

/* Report @mod's allocations still live, as kmemleak would find them (if @report); forget them. */
static unsigned int kmem_module_leaks(struct module *mod, bool report)
{
	unsigned int n = 0, shown = 0;
	size_t bytes = 0;

	pthread_mutex_lock(&kmem_lock);
	for (unsigned int b = 0; b < KMEM_BUCKETS; b++)
		for (struct kmem **pp = &kmem_table[b]; *pp;) {
			struct kmem *k = *pp;

			if (k->owner != mod) {
				pp = &k->next;
				continue;
			}
			if (k->not_leak) {
				*pp = k->next;
				free(k);
				continue;
			}
			if (report && shown++ < 8)
				printk(KERN_WARNING
				       "unreferenced object %#lx (size %zu): "
				       "allocated at %s:%d, not freed at module unload\n",
				       (unsigned long)k->p, k->size, k->file, k->line);
			n++;
			bytes += k->size;
			*pp = k->next;
			free(k);
		}
	pthread_mutex_unlock(&kmem_lock);
	if (n > shown)
		printk(KERN_WARNING "... %u objects, %zu bytes in all, not freed\n", n, bytes);
	return n;
}

/* ---- the summary at unload ---- */

int kcheck_module_unload(struct module *mod, unsigned int deferred_left, bool permanent)
{
	unsigned int p[KCHECK_KINDS], total = 0;
	const char *strict = getenv("LIBCDEV_STRICT");

	/*
	 * A module without an exit function is never unloaded in the kernel:
	 * what it holds when its host ends was not left behind by an exit.
	 */
	if (!permanent) {
		kcheck_count(KCHECK_DEFERRED, deferred_left);
		kcheck_count(KCHECK_LEAK, kmem_module_leaks(mod, true));
	} else {
		kmem_module_leaks(mod, false);
	}
	pthread_mutex_lock(&report_lock);
	memcpy(p, problems, sizeof(p));
	pthread_mutex_unlock(&report_lock);
	for (int k = 0; k < KCHECK_KINDS; k++)
		total += p[k];
	if (!total)
		return 0;
	printk(KERN_WARNING
	       "%u problem%s by the kernel's rules: sleeping in atomic context %u, "
	       "lock held on return %u, bad unlock %u, deferred work left at unload %u, "
	       "objects not freed %u\n",
	       total, total == 1 ? "" : "s", p[KCHECK_SLEEP], p[KCHECK_LOCK_HELD],
	       p[KCHECK_BAD_UNLOCK], p[KCHECK_DEFERRED], p[KCHECK_LEAK]);
	return strict && strcmp(strict, "0") ? -ENOTRECOVERABLE : 0;
}
