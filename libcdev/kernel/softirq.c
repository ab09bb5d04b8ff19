/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/softirq.c:
 * what the deferred-work sources share: the context a thread is
 * in, callbacks' names for reports, and the module-unload sweep.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"

/* Per thread, as the kernel's preempt_count is per task. */
static __thread _tls_hot_ unsigned int context_depth[2];

void kcontext_enter(enum kcontext ctx)
{
	context_depth[ctx]++;
}

void kcontext_exit(enum kcontext ctx)
{
	context_depth[ctx]--;
}

_public_ bool libcdev_in_softirq(void)
{
	return context_depth[KCONTEXT_SOFTIRQ] != 0;
}

_public_ bool libcdev_in_hardirq(void)
{
	return context_depth[KCONTEXT_HARDIRQ] != 0;
}

_public_ bool libcdev_in_atomic(void)
{
	return libcdev_in_softirq() || libcdev_in_hardirq() || kcheck_spinlocks_held() > 0;
}

static const char *basename_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

void kdefer_fn_name(const void *fn, char *buf, size_t size)
{
	Dl_info info;

	/* Static functions are not in the dynamic symbols: file and offset then, for addr2line. */
	if (!fn || !dladdr(fn, &info))
		snprintf(buf, size, "%p", fn);
	else if (info.dli_sname && info.dli_saddr == fn)
		snprintf(buf, size, "%s", info.dli_sname);
	else
		snprintf(buf, size, "%s+%#lx", info.dli_fname ? basename_of(info.dli_fname) : "?",
			 (unsigned long)((const char *)fn - (const char *)info.dli_fbase));
}

_public_ int libcdev_module_defer_stop(struct module *mod, bool *keep_mapped)
{
	int n;

	/* Drivers first: their remove() may stop what runs. */
	n = platform_module_stop(mod);
	n += irqs_module_stop(mod);
	/* Its events and probes: a firing would run its code. */
	trace_events_module_stop(mod);
	n += tracepoints_module_stop(mod);
	/* Nodes that would call its code once it is unmapped. */
	n += proc_module_stop(mod);
	/* Timers queue work and works arm timers: timers, works, timers again. */
	n += timers_module_stop(mod);
	n += workqueues_module_stop(mod);
	n += timers_module_stop(mod);
	n += kthreads_module_stop(mod, keep_mapped);
	return n;
}
