// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - kernel/kprobes.c: kprobes and kretprobes on the library's
 * direct-call sites (kernel/trace/ftrace.h), as the kernel plants a kprobe
 * on a function's ftrace location: the site's slot leads to kprobes'
 * trampoline (arch/x86/kernel/kprobes/ftrace.c), which calls
 * __libcdev_kprobe_ftrace_handler() with the registers of the entry.
 *
 * A site's probes are an array replaced whole on each change; the old one
 * is freed once no caller is still in the trampoline (ftrace_site_sync(),
 * where the kernel waits for RCU), so the handlers never take a lock.
 * A probe hit while this thread runs a handler is missed and counted, as
 * the kernel counts a hit while kprobe_running().
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/instrument.h>
#include <libcdev/kprobes.h>

#include "core/core.h"
#include "kernel/trace/ftrace.h"
#include "kernel/trace/rethook.h"

struct kprobe_set {
	unsigned int n;
	struct kprobe *p[];
};

/* The kernel's limit on a kretprobe's calls in flight. */
#define KRETPROBE_MAXACTIVE_MAX 4096

static pthread_mutex_t kprobe_mutex = PTHREAD_MUTEX_INITIALIZER;
/* The owner of the sites kprobes hold: the calls by address cannot detach them. */
static struct ftrace_ops kprobe_ftrace_ops;
static __thread _tls_hot_ struct kprobe *current_kprobe;
/* What kprobe_running() gives while a return handler runs: the kernel's kprobe_busy. */
static struct kprobe kprobe_busy;

#ifdef FTRACE_SITES
extern const char __libcdev_kprobe_tramp[] __attribute__((visibility("hidden")));
#define KPROBE_TRAMP ((unsigned long)__libcdev_kprobe_tramp)
#else
#define KPROBE_TRAMP 0UL
#endif

/*
 * Sequentially consistent, after the caller was counted in: a change either
 * is seen, or sees the caller counted and waits for it (site_replace_probes()).
 */
static struct kprobe_set *site_probes(struct ftrace_site *site)
{
	return __atomic_load_n(&site->probes, __ATOMIC_SEQ_CST);
}

static bool probe_disabled(struct kprobe *p)
{
	return __atomic_load_n(&p->flags, __ATOMIC_RELAXED) &
	       (KPROBE_FLAG_DISABLED | KPROBE_FLAG_GONE);
}

static void count_missed(struct kprobe_set *set)
{
	unsigned int i;

	for (i = 0; i < set->n; i++)
		if (!probe_disabled(set->p[i]))
			__atomic_add_fetch(&set->p[i]->nmissed, 1, __ATOMIC_RELAXED);
}

/* Every pre-handler, then every post-handler, as the kernel's aggregated probe runs them. */
static bool run_handlers(struct kprobe_set *set, unsigned long entry, struct pt_regs *regs)
{
	unsigned int i;

	regs->ip = entry + sizeof(kprobe_opcode_t); /* as after the breakpoint */
	for (i = 0; i < set->n; i++) {
		struct kprobe *p = set->p[i];

		if (probe_disabled(p) || !p->pre_handler)
			continue;
		current_kprobe = p;
		if (p->pre_handler(p, regs))
			return false; /* it moved regs->ip: no single step, no post */
	}
	regs->ip = entry + MCOUNT_INSN_SIZE; /* as after stepping the 5-byte call */
	for (i = 0; i < set->n; i++) {
		struct kprobe *p = set->p[i];

		if (probe_disabled(p) || !p->post_handler)
			continue;
		current_kprobe = p;
		p->post_handler(p, regs, 0);
	}
	return true;
}

unsigned long __libcdev_kprobe_ftrace_handler(struct pt_regs *regs)
	__attribute__((visibility("hidden"), used));

/*
 * From the trampoline, regs->ip the site's NAME + 5: returns 0 to go on into
 * the function, or where a pre-handler moved regs->ip to.
 */
unsigned long __libcdev_kprobe_ftrace_handler(struct pt_regs *regs)
{
	unsigned long orig_ip = regs->ip, entry = orig_ip - MCOUNT_INSN_SIZE;
	unsigned long entry_sp = __libcdev_regs_sp(regs);
	struct ftrace_site *site = ftrace_site_at(entry);
	struct kprobe_set *set = site ? site_probes(site) : NULL;

	if (!set)
		return 0;
	if (current_kprobe) {
		count_missed(set);
		return 0;
	}
	if (!run_handlers(set, entry, regs)) {
		current_kprobe = NULL;
		/* It will not return to NAME + 5, where the call's count ends. */
		ftrace_site_uncount(entry_sp);
		return regs->ip;
	}
	current_kprobe = NULL;
	regs->ip = orig_ip;
	return 0;
}

/* The kernel's _kprobe_addr(): an address, or a symbol and an offset into it. */
static int kprobe_addr(const struct kprobe *p, unsigned long *addr)
{
	unsigned long base;

	if (!!p->symbol_name == !!p->addr)
		return -EINVAL;
	base = p->symbol_name ? kallsyms_lookup_name(p->symbol_name) : (unsigned long)p->addr;
	if (!base)
		return -ENOENT;
	*addr = base + p->offset;
	return 0;
}

#define NOT_A_SITE \
	"not the entry of a traceable function; only those take a probe here (libcdev-kernel(7))"

/* The site whose entry is @addr: nowhere else can a probe go here. */
static struct ftrace_site *probe_site(const struct kprobe *p, unsigned long addr)
{
	struct ftrace_site *site = ftrace_site_at(addr);

	if (site && site->ip == addr)
		return site;
	if (p->symbol_name)
		libcdev_log(LOG_WARNING, "kprobe: %s+%#x (%#lx): " NOT_A_SITE, p->symbol_name,
			    p->offset, addr);
	else
		libcdev_log(LOG_WARNING, "kprobe: %#lx: " NOT_A_SITE, addr);
	return NULL;
}

static int set_index(const struct kprobe_set *set, const struct kprobe *p)
{
	unsigned int i;

	for (i = 0; set && i < set->n; i++)
		if (set->p[i] == p)
			return (int)i;
	return -1;
}

/* @old with @add appended, or without @drop. */
static struct kprobe_set *set_copy(const struct kprobe_set *old, struct kprobe *add,
				   struct kprobe *drop)
{
	unsigned int i, n = old ? old->n : 0;
	struct kprobe_set *set = malloc(sizeof(*set) + (n + 1) * sizeof(set->p[0]));

	if (!set)
		return NULL;
	set->n = 0;
	for (i = 0; i < n; i++)
		if (old->p[i] != drop)
			set->p[set->n++] = old->p[i];
	if (add)
		set->p[set->n++] = add;
	return set;
}

/* Publish @set for @site; the one it replaces is freed once no caller reads it. */
static void site_replace_probes(struct ftrace_site *site, struct kprobe_set *set)
{
	struct kprobe_set *old = site->probes;

	__atomic_store_n(&site->probes, set, __ATOMIC_SEQ_CST);
	ftrace_site_sync(site);
	free(old);
}

static int site_add_probe(struct ftrace_site *site, struct kprobe *p)
{
	struct kprobe_set *old = site->probes, *set;
	int ret;

	if (set_index(old, p) >= 0)
		return -EINVAL;
	set = set_copy(old, p, NULL);
	if (!set)
		return -ENOMEM;
	if (old) {
		site_replace_probes(site, set);
		return 0;
	}
	__atomic_store_n(&site->probes, set, __ATOMIC_SEQ_CST);
	ret = ftrace_site_claim(site, KPROBE_TRAMP, &kprobe_ftrace_ops);
	if (ret) {
		site->probes = NULL;
		free(set);
	}
	return ret;
}

static void site_remove_probe(struct ftrace_site *site, struct kprobe *p)
{
	struct kprobe_set *old = site->probes, *set = NULL;

	if (old->n > 1)
		set = set_copy(old, NULL, p);
	if (set) {
		site_replace_probes(site, set);
		return;
	}
	/* The last one, or no memory for a copy: detached, nobody reads the set. */
	ftrace_site_release(site);
	if (old->n == 1) {
		site->probes = NULL;
		free(old);
		return;
	}
	old->p[set_index(old, p)] = old->p[old->n - 1];
	old->n--;
	ftrace_site_claim(site, KPROBE_TRAMP, &kprobe_ftrace_ops);
}

_public_ int register_kprobe(struct kprobe *p)
{
	struct ftrace_site *site;
	unsigned long addr;
	int ret = kprobe_addr(p, &addr);

	if (ret)
		return ret;
	site = probe_site(p, addr);
	if (!site)
		return -EINVAL;
	pthread_mutex_lock(&kprobe_mutex);
	p->flags = (p->flags & KPROBE_FLAG_DISABLED) | KPROBE_FLAG_FTRACE;
	p->nmissed = 0;
	ret = site_add_probe(site, p);
	if (!ret)
		p->addr = (kprobe_opcode_t *)site->ip;
	pthread_mutex_unlock(&kprobe_mutex);
	return ret;
}

/* The site @p is planted on (kprobe_mutex held), or NULL. */
static struct ftrace_site *planted_site(const struct kprobe *p)
{
	struct ftrace_site *site = p->addr ? ftrace_site_at((unsigned long)p->addr) : NULL;

	return site && set_index(site->probes, p) >= 0 ? site : NULL;
}

_public_ void unregister_kprobe(struct kprobe *p)
{
	struct ftrace_site *site;

	pthread_mutex_lock(&kprobe_mutex);
	site = planted_site(p);
	if (site)
		site_remove_probe(site, p);
	pthread_mutex_unlock(&kprobe_mutex);
}

_public_ int register_kprobes(struct kprobe **kps, int num)
{
	int i, ret = -EINVAL;

	for (i = 0; i < num; i++) {
		ret = register_kprobe(kps[i]);
		if (ret) {
			while (i--)
				unregister_kprobe(kps[i]);
			return ret;
		}
	}
	return num > 0 ? 0 : -EINVAL;
}

_public_ void unregister_kprobes(struct kprobe **kps, int num)
{
	int i;

	for (i = 0; i < num; i++)
		unregister_kprobe(kps[i]);
}

/* Set or clear KPROBE_FLAG_DISABLED: -EINVAL for a probe not planted. */
static int kprobe_set_disabled(struct kprobe *p, bool disabled)
{
	int ret = -EINVAL;

	pthread_mutex_lock(&kprobe_mutex);
	if (planted_site(p)) {
		if (disabled)
			__atomic_or_fetch(&p->flags, KPROBE_FLAG_DISABLED, __ATOMIC_RELAXED);
		else
			__atomic_and_fetch(&p->flags, ~KPROBE_FLAG_DISABLED, __ATOMIC_RELAXED);
		ret = 0;
	}
	pthread_mutex_unlock(&kprobe_mutex);
	return ret;
}

_public_ int disable_kprobe(struct kprobe *kp)
{
	return kprobe_set_disabled(kp, true);
}

_public_ int enable_kprobe(struct kprobe *kp)
{
	return kprobe_set_disabled(kp, false);
}

_public_ struct kprobe *get_kprobe(void *addr)
{
	struct ftrace_site *site = ftrace_site_at((unsigned long)addr);
	struct kprobe_set *set = site && site->ip == (unsigned long)addr ? site_probes(site) : NULL;

	return set ? set->p[0] : NULL;
}

_public_ struct kprobe *kprobe_running(void)
{
	return current_kprobe;
}

static int pre_handler_kretprobe(struct kprobe *p, struct pt_regs *regs)
{
	struct kretprobe *rp = container_of(p, struct kretprobe, kp);
	struct rethook_node *node = rethook_try_get(rp->rh);
	struct kretprobe_instance *ri;
	unsigned long *slot = (unsigned long *)__libcdev_regs_sp(regs);

	if (!node) {
		__atomic_add_fetch(&rp->nmissed, 1, __ATOMIC_RELAXED);
		return 0;
	}
	ri = (struct kretprobe_instance *)node->data;
	ri->rp = rp;
	ri->ret_addr = (kprobe_opcode_t *)*slot;
	ri->fp = slot;
	if (rp->entry_handler && rp->entry_handler(ri, regs))
		rethook_recycle(node); /* the kernel's: no return handler for this call */
	else
		rethook_hook(node, regs);
	return 0;
}

static void kretprobe_rethook_handler(struct rethook_node *node, void *data, struct pt_regs *regs)
{
	struct kretprobe_instance *ri = (struct kretprobe_instance *)node->data;
	struct kretprobe *rp = data;

	if (current_kprobe) {
		__atomic_add_fetch(&rp->nmissed, 1, __ATOMIC_RELAXED);
		return;
	}
	ri->ret_addr = (kprobe_opcode_t *)regs->ip;
	current_kprobe = &kprobe_busy;
	if (rp->handler)
		rp->handler(ri, regs);
	current_kprobe = NULL;
}

_public_ int register_kretprobe(struct kretprobe *rp)
{
	unsigned long addr;
	int ret = kprobe_addr(&rp->kp, &addr);

	if (ret)
		return ret;
	if (rp->maxactive > KRETPROBE_MAXACTIVE_MAX)
		return -E2BIG;
	if (rp->maxactive <= 0)
		rp->maxactive = nr_cpu_ids * 2 > 10 ? (int)nr_cpu_ids * 2 : 10;
	rp->rh = rethook_alloc(rp, kretprobe_rethook_handler,
			       sizeof(struct kretprobe_instance) + rp->data_size, rp->maxactive);
	if (!rp->rh)
		return -ENOMEM;
	rp->nmissed = 0;
	rp->kp.pre_handler = pre_handler_kretprobe;
	rp->kp.post_handler = NULL;
	ret = register_kprobe(&rp->kp);
	if (ret) {
		rethook_free(rp->rh);
		rp->rh = NULL;
	}
	return ret;
}

_public_ void unregister_kretprobe(struct kretprobe *rp)
{
	unregister_kprobe(&rp->kp);
	rethook_free(rp->rh);
	rp->rh = NULL;
}

_public_ int register_kretprobes(struct kretprobe **rps, int num)
{
	int i, ret;

	for (i = 0; i < num; i++) {
		ret = register_kretprobe(rps[i]);
		if (ret) {
			while (i--)
				unregister_kretprobe(rps[i]);
			return ret;
		}
	}
	return num > 0 ? 0 : -EINVAL;
}

_public_ void unregister_kretprobes(struct kretprobe **rps, int num)
{
	int i;

	for (i = 0; i < num; i++)
		unregister_kretprobe(rps[i]);
}
