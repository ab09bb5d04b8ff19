// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - kernel/trace/fprobe.c: probes on the entry and return of
 * traceable functions chosen by address, name or glob. The kernel builds
 * them on an ftrace_ops and rethook; here each function gets a kprobe of
 * the fprobe's own (kernel/kprobes.c), so fprobes, kprobes and kretprobes
 * share a function as they do in the kernel, and the return goes through
 * the same rethook.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/instrument.h>
#include <libcdev/kprobes.h>

#include "core/core.h"
#include "kernel/trace/ftrace.h"
#include "kernel/trace/rethook.h"

/* An fprobe's probe on one function. */
struct fprobe_site {
	struct kprobe kp;
	struct fprobe *fp;
};

/* What ops.private holds while an fprobe is registered. */
struct fprobe_sites {
	int n;
	struct fprobe_site site[];
};

/* A call's node data: the function it entered, then the entry data. */
struct fprobe_call {
	unsigned long entry_ip;
	char data[] __attribute__((aligned(16)));
};

/* As the kernel's fprobe_handler(): regs->ip the function + MCOUNT_INSN_SIZE, as ftrace's. */
static int fprobe_entry(struct kprobe *p, struct pt_regs *regs)
{
	struct fprobe *fp = container_of(p, struct fprobe_site, kp)->fp;
	unsigned long ip = (unsigned long)p->addr, orig_ip = regs->ip;
	struct rethook_node *node = NULL;
	struct fprobe_call *call;
	void *data = NULL;

	if (fp->flags & FPROBE_FL_DISABLED)
		return 0;
	if (fp->exit_handler) {
		node = rethook_try_get(fp->rethook);
		if (!node) {
			__atomic_add_fetch(&fp->nmissed, 1, __ATOMIC_RELAXED);
			return 0;
		}
		call = (struct fprobe_call *)node->data;
		call->entry_ip = ip;
		data = fp->entry_data_size ? call->data : NULL;
	}
	regs->ip = ip + MCOUNT_INSN_SIZE;
	if (fp->entry_handler)
		fp->entry_handler(fp, ip, regs, data);
	regs->ip = orig_ip;
	if (node)
		rethook_hook(node, regs);
	return 0;
}

static void fprobe_exit(struct rethook_node *node, void *data, struct pt_regs *regs)
{
	struct fprobe_call *call = (struct fprobe_call *)node->data;
	struct fprobe *fp = data;

	fp->exit_handler(fp, call->entry_ip, regs, fp->entry_data_size ? call->data : NULL);
}

/* The sites at @addrs, each once: -EINVAL if one is not a traceable function's. */
static int fprobe_sites_alloc(struct fprobe *fp, const unsigned long *addrs, int num,
			      struct fprobe_sites **out)
{
	struct fprobe_sites *sites = calloc(1, sizeof(*sites) + num * sizeof(sites->site[0]));
	int i, j;

	if (!sites)
		return -ENOMEM;
	for (i = 0; i < num; i++) {
		unsigned long ip = ftrace_location(addrs[i]);

		if (!ip) {
			free(sites);
			return -EINVAL;
		}
		for (j = 0; j < sites->n && (unsigned long)sites->site[j].kp.addr != ip; j++)
			;
		if (j < sites->n)
			continue;
		sites->site[j].kp.addr = (kprobe_opcode_t *)ip;
		sites->site[j].kp.pre_handler = fprobe_entry;
		sites->site[j].fp = fp;
		sites->n++;
	}
	*out = sites;
	return 0;
}

/* With no nr_maxactive, the kernel's: two calls in flight per CPU and function. */
static int fprobe_rethook_init(struct fprobe *fp, int num)
{
	int size = fp->nr_maxactive > 0 ? fp->nr_maxactive : num * (int)nr_cpu_ids * 2;

	fp->rethook = NULL;
	if (!fp->exit_handler)
		return 0;
	fp->rethook = rethook_alloc(fp, fprobe_exit,
				    sizeof(struct fprobe_call) + fp->entry_data_size, size);
	return fp->rethook ? 0 : -ENOMEM;
}

_public_ int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs, int num)
{
	struct fprobe_sites *sites;
	int i, ret;

	if (!fp || !addrs || num <= 0 || fp->ops.private)
		return -EINVAL;
	ret = fprobe_sites_alloc(fp, addrs, num, &sites);
	if (ret)
		return ret;
	ret = fprobe_rethook_init(fp, sites->n);
	fp->nmissed = 0;
	for (i = 0; !ret && i < sites->n; i++)
		ret = register_kprobe(&sites->site[i].kp);
	if (ret) {
		/* The ones before the one that failed. */
		for (i -= 2; i >= 0; i--)
			unregister_kprobe(&sites->site[i].kp);
		rethook_free(fp->rethook);
		fp->rethook = NULL;
		free(sites);
		return ret;
	}
	fp->ops.private = sites;
	return 0;
}

_public_ int register_fprobe_syms(struct fprobe *fp, const char **syms, int num)
{
	unsigned long *addrs;
	int i, ret = 0;

	if (!fp || !syms || num <= 0)
		return -EINVAL;
	addrs = calloc(num, sizeof(*addrs));
	if (!addrs)
		return -ENOMEM;
	for (i = 0; i < num && !ret; i++) {
		addrs[i] = kallsyms_lookup_name(syms[i]);
		if (!addrs[i])
			ret = -ENOENT;
	}
	if (!ret)
		ret = register_fprobe_ips(fp, addrs, num);
	free(addrs);
	return ret;
}

_public_ int register_fprobe(struct fprobe *fp, const char *filter, const char *notfilter)
{
	struct ftrace_site *site;
	unsigned long *addrs;
	size_t i, n;
	int num = 0, ret;

	if (!fp || !filter)
		return -EINVAL;
	site = ftrace_sites(&n);
	addrs = calloc(n ? n : 1, sizeof(*addrs));
	if (!addrs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		const char *name = ftrace_site_kernel_name(&site[i]);

		if (!fnmatch(filter, name, 0) && !(notfilter && !fnmatch(notfilter, name, 0)))
			addrs[num++] = site[i].ip;
	}
	ret = num ? register_fprobe_ips(fp, addrs, num) : -EINVAL;
	free(addrs);
	return ret;
}

_public_ int unregister_fprobe(struct fprobe *fp)
{
	struct fprobe_sites *sites = fp ? fp->ops.private : NULL;
	int i;

	if (!sites)
		return -EINVAL;
	for (i = 0; i < sites->n; i++)
		unregister_kprobe(&sites->site[i].kp);
	rethook_free(fp->rethook);
	fp->rethook = NULL;
	fp->ops.private = NULL;
	free(sites);
	return 0;
}
