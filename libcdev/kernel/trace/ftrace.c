// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - ftrace's direct calls on the library's direct-call sites
 * (kernel/trace/ftrace.h): register_ftrace_direct() and its _multi forms
 * set a site's slot, so its entry calls a trampoline written for x86-64
 * ftrace; unregistering waits until no caller is still in it.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libcdev/ftrace.h>

#include "core/core.h"
#include "kernel/trace/ftrace.h"

/*
 * How many sites have a trampoline or callers still counted in one: while
 * nonzero, each site's return from its stub checks whether it ends a
 * counted call (__libcdev_ftrace_exit).
 */
int __libcdev_ftrace_active __attribute__((visibility("hidden")));

/* The sites of the library: its section libcdev_ftrace_sites. */
extern struct ftrace_site __start_libcdev_ftrace_sites[]
	__attribute__((weak, visibility("hidden")));
extern struct ftrace_site __stop_libcdev_ftrace_sites[] __attribute__((weak, visibility("hidden")));

/* Registering and unregistering, one at a time: the kernel's direct_mutex. */
static pthread_mutex_t direct_mutex = PTHREAD_MUTEX_INITIALIZER;

/*
 * The counted calls this thread is in, innermost last: each the stack
 * pointer its function returns to NAME + 5 with, and its site. A call
 * deeper than this goes untraced, as ftrace's recursion guard drops one.
 */
#define FTRACE_DEPTH 16
static __thread _tls_hot_ struct {
	unsigned int depth;
	struct {
		unsigned long sp;
		struct ftrace_site *site;
	} call[FTRACE_DEPTH];
} traced;

#ifdef FTRACE_SITES
_Static_assert(__builtin_offsetof(struct ftrace_site, slot) == 0,
	       "the stub jumps through offset 0");
_Static_assert(sizeof(struct ftrace_site) == 56, "the entry's .quad record");

unsigned long __libcdev_ftrace_enter(struct ftrace_site *site, unsigned long sp)
	__attribute__((visibility("hidden"), used));
void __libcdev_ftrace_leave(unsigned long sp) __attribute__((visibility("hidden"), used));

/*
 * __libcdev_ftrace_ret: a site's slot with no trampoline.
 * __libcdev_ftrace_call: with one (%r11 the site): counts the caller in,
 * then enters the trampoline as the function's first instruction would,
 * or returns when it is gone.
 * __libcdev_ftrace_exit: called at NAME + 5 while any site is active; ends
 * the count of a call that returned there from its trampoline.
 * Both keep the argument registers (and %rax, the variadic count).
 */
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".globl __libcdev_ftrace_ret, __libcdev_ftrace_call, __libcdev_ftrace_exit\n"
	".hidden __libcdev_ftrace_ret, __libcdev_ftrace_call, __libcdev_ftrace_exit\n"
	".type __libcdev_ftrace_ret, @function\n"
	"__libcdev_ftrace_ret:\n"
	"	ret\n"
	".size __libcdev_ftrace_ret, .-__libcdev_ftrace_ret\n"
	".type __libcdev_ftrace_call, @function\n"
	"__libcdev_ftrace_call:\n"
	"	pushq %rdi; pushq %rsi; pushq %rdx; pushq %rcx; pushq %r8; pushq %r9; pushq %rax\n"
	"	subq $8, %rsp\n"
	"	movq %r11, %rdi\n"
	"	leaq 72(%rsp), %rsi\n"
	"	call __libcdev_ftrace_enter\n"
	"	addq $8, %rsp\n"
	"	movq %rax, %r11\n"
	"	popq %rax; popq %r9; popq %r8; popq %rcx; popq %rdx; popq %rsi; popq %rdi\n"
	"	testq %r11, %r11\n"
	"	jz 1f\n"
	"	jmp *%r11\n"
	"1:	ret\n"
	".size __libcdev_ftrace_call, .-__libcdev_ftrace_call\n"
	".type __libcdev_ftrace_exit, @function\n"
	"__libcdev_ftrace_exit:\n"
	"	pushq %rdi; pushq %rsi; pushq %rdx; pushq %rcx; pushq %r8; pushq %r9; pushq %rax\n"
	"	subq $8, %rsp\n"
	"	leaq 72(%rsp), %rdi\n"
	"	call __libcdev_ftrace_leave\n"
	"	addq $8, %rsp\n"
	"	popq %rax; popq %r9; popq %r8; popq %rcx; popq %rdx; popq %rsi; popq %rdi\n"
	"	ret\n"
	".size __libcdev_ftrace_exit, .-__libcdev_ftrace_exit\n"
	".popsection\n");
extern const char __libcdev_ftrace_ret[] __attribute__((visibility("hidden")));
extern const char __libcdev_ftrace_call[] __attribute__((visibility("hidden")));

/*
 * The caller is counted before it reads the trampoline, and unregister
 * clears the trampoline before it reads the count (both sequentially
 * consistent): either the caller sees no trampoline, or unregister sees it
 * counted and waits.
 */
unsigned long __libcdev_ftrace_enter(struct ftrace_site *site, unsigned long sp)
{
	unsigned int depth = traced.depth;
	unsigned long addr;

	if (depth == FTRACE_DEPTH)
		return 0;
	__atomic_fetch_add(&site->inflight, 1, __ATOMIC_SEQ_CST);
	addr = __atomic_load_n(&site->direct, __ATOMIC_SEQ_CST);
	if (!addr) {
		__atomic_fetch_sub(&site->inflight, 1, __ATOMIC_RELEASE);
		return 0;
	}
	traced.call[depth].sp = sp;
	traced.call[depth].site = site;
	traced.depth = depth + 1;
	return addr;
}

/*
 * Only the return of the innermost counted call has its stack pointer: a
 * call made inside the trampoline returns deeper, another thread's is in
 * its own record.
 */
void __libcdev_ftrace_leave(unsigned long sp)
{
	unsigned int depth = traced.depth;

	if (!depth || traced.call[depth - 1].sp != sp)
		return;
	traced.depth = depth - 1;
	__atomic_fetch_sub(&traced.call[depth - 1].site->inflight, 1, __ATOMIC_RELEASE);
}

/* A counted call that will not return to its site's entry (a kprobe moved it on) ends here. */
void ftrace_site_uncount(unsigned long sp)
{
	__libcdev_ftrace_leave(sp);
}
#else
static const char __libcdev_ftrace_ret[1], __libcdev_ftrace_call[1];

void ftrace_site_uncount(unsigned long sp)
{
	(void)sp;
}
#endif

/* The site whose entry call covers @ip (the kernel's ftrace_location()), or NULL. */
struct ftrace_site *ftrace_site_at(unsigned long ip)
{
	struct ftrace_site *site;

	for (site = __start_libcdev_ftrace_sites; site && site < __stop_libcdev_ftrace_sites;
	     site++)
		if (ip >= site->ip && ip < site->ip + MCOUNT_INSN_SIZE)
			return site;
	return NULL;
}

/* All sites: @n of them from the one returned. */
struct ftrace_site *ftrace_sites(size_t *n)
{
	*n = __start_libcdev_ftrace_sites ?
		     (size_t)(__stop_libcdev_ftrace_sites - __start_libcdev_ftrace_sites) :
		     0;
	return __start_libcdev_ftrace_sites;
}

/* The name a site's function has in the kernel: the library's without its prefix. */
const char *ftrace_site_kernel_name(const struct ftrace_site *site)
{
	size_t skip = strlen(LIBCDEV_PREFIX);

	return strncmp(site->name, LIBCDEV_PREFIX, skip) ? site->name : site->name + skip;
}

/* The site of function @name, by its kernel name or the library's libcdev_@name. */
struct ftrace_site *ftrace_site_named(const char *name)
{
	struct ftrace_site *site;

	for (site = __start_libcdev_ftrace_sites; site && site < __stop_libcdev_ftrace_sites;
	     site++)
		if (!strcmp(site->name, name) || !strcmp(ftrace_site_kernel_name(site), name))
			return site;
	return NULL;
}

_public_ unsigned long ftrace_location(unsigned long ip)
{
	struct ftrace_site *site = ftrace_site_at(ip);

	return site ? site->ip : 0;
}

/* Attach trampoline @addr to @site (free), for @ops or by address. */
static void site_attach(struct ftrace_site *site, unsigned long addr, struct ftrace_ops *ops)
{
	if (!site)
		return;
	__atomic_fetch_add(&__libcdev_ftrace_active, 1, __ATOMIC_SEQ_CST);
	site->ops = ops;
	__atomic_store_n(&site->direct, addr, __ATOMIC_SEQ_CST);
	__atomic_store_n(&site->slot, (const void *)__libcdev_ftrace_call, __ATOMIC_RELEASE);
}

/* Counted calls of @site this thread is in: unregistering from a trampoline waits for the others. */
static unsigned long own_calls(struct ftrace_site *site)
{
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < traced.depth; i++)
		n += traced.call[i].site == site;
	return n;
}

/*
 * Return once no caller but this thread's own is in @site's trampoline: the
 * callers that entered before a change to what it reads have left it.
 */
void ftrace_site_sync(struct ftrace_site *site)
{
	const struct timespec pause = { .tv_nsec = 20000 };
	unsigned long own = own_calls(site);

	while (__atomic_load_n(&site->inflight, __ATOMIC_SEQ_CST) > own)
		nanosleep(&pause, NULL);
}

/* Detach @site's trampoline, and return once no other caller is in it. */
static void site_detach(struct ftrace_site *site)
{
	__atomic_store_n(&site->slot, (const void *)__libcdev_ftrace_ret, __ATOMIC_RELEASE);
	__atomic_store_n(&site->direct, 0, __ATOMIC_SEQ_CST);
	ftrace_site_sync(site);
	site->ops = NULL;
	__atomic_fetch_sub(&__libcdev_ftrace_active, 1, __ATOMIC_SEQ_CST);
}

_public_ unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	struct ftrace_site *site = ftrace_site_at(ip);

	return site ? __atomic_load_n(&site->direct, __ATOMIC_ACQUIRE) : 0;
}

/*
 * Attach @addr to @site for @owner (kprobes' own ftrace_ops): -EBUSY while
 * another trampoline holds it. The calls by address refuse a site with an
 * owner, so no module can detach it.
 */
int ftrace_site_claim(struct ftrace_site *site, unsigned long addr, struct ftrace_ops *owner)
{
	int ret = -EBUSY;

	pthread_mutex_lock(&direct_mutex);
	if (!site->direct) {
		site_attach(site, addr, owner);
		ret = 0;
	}
	pthread_mutex_unlock(&direct_mutex);
	return ret;
}

void ftrace_site_release(struct ftrace_site *site)
{
	pthread_mutex_lock(&direct_mutex);
	site_detach(site);
	pthread_mutex_unlock(&direct_mutex);
}

/* 6.1's register_ftrace_direct(): -ENODEV for an @ip that is no site, -EBUSY if one is attached. */
_public_ int libcdev_ftrace_direct_register(unsigned long ip, unsigned long addr)
{
	struct ftrace_site *site = ftrace_site_at(ip);
	int ret = -ENODEV;

	pthread_mutex_lock(&direct_mutex);
	if (!site)
		goto out;
	ret = -EBUSY;
	if (site->direct)
		goto out;
	site_attach(site, addr, NULL);
	ret = 0;
out:
	pthread_mutex_unlock(&direct_mutex);
	return ret;
}

/* -ENODEV unless @ip has a direct call attached by address (the kernel WARNs on another @addr). */
_public_ int libcdev_ftrace_direct_unregister(unsigned long ip, unsigned long addr)
{
	struct ftrace_site *site = ftrace_site_at(ip);
	int ret = -ENODEV;

	pthread_mutex_lock(&direct_mutex);
	if (!site || !site->direct || site->ops)
		goto out;
	if (site->direct != addr)
		pr_err_lib("unregister_ftrace_direct(%#lx): attached is %#lx, not %#lx\n", ip,
			   site->direct, addr);
	site_detach(site);
	ret = 0;
out:
	pthread_mutex_unlock(&direct_mutex);
	return ret;
}

/* -ENODEV without a direct call at @ip, -EINVAL if it is not @old_addr. */
_public_ int libcdev_ftrace_direct_modify(unsigned long ip, unsigned long old_addr,
					  unsigned long new_addr)
{
	struct ftrace_site *site = ftrace_site_at(ip);
	int ret = -ENODEV;

	pthread_mutex_lock(&direct_mutex);
	if (!site || !site->direct || site->ops)
		goto out;
	ret = -EINVAL;
	if (site->direct != old_addr)
		goto out;
	__atomic_store_n(&site->direct, new_addr, __ATOMIC_SEQ_CST);
	ret = 0;
out:
	pthread_mutex_unlock(&direct_mutex);
	return ret;
}

#define MULTI_FLAGS (FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS)

_public_ int register_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	unsigned int i;
	int ret = -EBUSY;

	if (ops->func || ops->trampoline || !(ops->flags & FTRACE_OPS_FL_INITIALIZED) ||
	    (ops->flags & FTRACE_OPS_FL_ENABLED) || !ops->nr_filter_ips)
		return -EINVAL;
	pthread_mutex_lock(&direct_mutex);
	for (i = 0; i < ops->nr_filter_ips; i++) {
		struct ftrace_site *site = ftrace_site_at(ops->filter_ips[i]);

		if (!site || site->direct)
			goto out;
	}
	for (i = 0; i < ops->nr_filter_ips; i++)
		site_attach(ftrace_site_at(ops->filter_ips[i]), addr, ops);
	ops->flags |= MULTI_FLAGS | FTRACE_OPS_FL_ENABLED;
	ops->direct_call = addr;
	ret = 0;
out:
	pthread_mutex_unlock(&direct_mutex);
	return ret;
}

/* What the kernel's check_direct_multi() and the ENABLED test refuse: -EINVAL. */
static int check_multi_enabled(const struct ftrace_ops *ops)
{
	if (!(ops->flags & FTRACE_OPS_FL_INITIALIZED) || (ops->flags & MULTI_FLAGS) != MULTI_FLAGS)
		return -EINVAL;
	return ops->flags & FTRACE_OPS_FL_ENABLED ? 0 : -EINVAL;
}

_public_ int unregister_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	unsigned int i;
	int ret = check_multi_enabled(ops);

	if (ret)
		return ret;
	pthread_mutex_lock(&direct_mutex);
	for (i = 0; i < ops->nr_filter_ips; i++) {
		struct ftrace_site *site = ftrace_site_at(ops->filter_ips[i]);

		if (site && site->ops == ops && site->direct == addr)
			site_detach(site);
	}
	ops->flags &= ~(unsigned long)FTRACE_OPS_FL_ENABLED;
	ops->direct_call = 0;
	pthread_mutex_unlock(&direct_mutex);
	return 0;
}

/* Switches without a gap: each caller enters the old trampoline or the new one. */
_public_ int modify_ftrace_direct_multi_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	unsigned int i;
	int ret = check_multi_enabled(ops);

	if (ret)
		return ret;
	for (i = 0; i < ops->nr_filter_ips; i++) {
		struct ftrace_site *site = ftrace_site_at(ops->filter_ips[i]);

		if (site && site->ops == ops)
			__atomic_store_n(&site->direct, addr, __ATOMIC_SEQ_CST);
	}
	ops->direct_call = addr;
	return 0;
}

_public_ int modify_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	pthread_mutex_lock(&direct_mutex);
	ret = modify_ftrace_direct_multi_nolock(ops, addr);
	pthread_mutex_unlock(&direct_mutex);
	return ret;
}

/* Add @ip to @ops's filter or (@remove) take it out: the kernel's __ftrace_match_addr(). */
static int filter_update(struct ftrace_ops *ops, unsigned long ip, int remove)
{
	unsigned long *ips;
	unsigned int i;

	ip = ftrace_location(ip);
	if (!ip)
		return -EINVAL;
	for (i = 0; i < ops->nr_filter_ips && ops->filter_ips[i] != ip; i++)
		;
	if (remove) {
		if (i == ops->nr_filter_ips)
			return -ENOENT;
		ops->filter_ips[i] = ops->filter_ips[--ops->nr_filter_ips];
		return 0;
	}
	if (i < ops->nr_filter_ips)
		return 0;
	ips = realloc(ops->filter_ips, (ops->nr_filter_ips + 1) * sizeof(*ips));
	if (!ips)
		return -ENOMEM;
	ips[ops->nr_filter_ips++] = ip;
	ops->filter_ips = ips;
	return 0;
}

/*
 * The filter selects the sites an ftrace_ops attaches to when registered;
 * one that is registered keeps its sites (-EBUSY), where the kernel would
 * retarget them live.
 */
_public_ int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips, unsigned int cnt,
				   int remove, int reset)
{
	unsigned int i;
	int ret = 0;

	ops->flags |= FTRACE_OPS_FL_INITIALIZED;
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return -EBUSY;
	if (reset)
		ops->nr_filter_ips = 0;
	for (i = 0; i < cnt && !ret; i++)
		ret = filter_update(ops, ips[i], remove);
	return ret;
}

_public_ int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove, int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}

_public_ void ftrace_free_filter(struct ftrace_ops *ops)
{
	free(ops->filter_ips);
	ops->filter_ips = NULL;
	ops->nr_filter_ips = 0;
}
