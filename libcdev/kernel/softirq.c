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
#include <libcdev/kcheck.h>

/* Per thread, as the kernel's preempt_count is per task (and irqs off per CPU). */
static __thread _tls_hot_ unsigned int context_depth[KCONTEXTS];
static __thread _tls_hot_ bool irqs_off;

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
	return libcdev_in_softirq() || libcdev_in_hardirq() || context_depth[KCONTEXT_PREEMPT] ||
	       kcheck_spinlocks_held() > 0;
}

/* preempt_disable() adds 1, preempt_enable() takes it back; never below 0. */
_public_ void libcdev_preempt_count_add(int n)
{
	if (n < 0 && context_depth[KCONTEXT_PREEMPT] < (unsigned int)-n)
		context_depth[KCONTEXT_PREEMPT] = 0;
	else
		context_depth[KCONTEXT_PREEMPT] += (unsigned int)n;
}

/*
 * No interrupt is masked (there are none to mask): the thread only counts
 * as one with interrupts off, where sleeping is a bug (might_sleep()). The
 * flags are whether they were off before, for local_irq_restore().
 */
_public_ unsigned long libcdev_local_irq_save(void)
{
	unsigned long was = irqs_off;

	irqs_off = true;
	return was;
}

_public_ void libcdev_local_irq_restore(unsigned long flags)
{
	irqs_off = flags != 0;
}

_public_ bool libcdev_irqs_disabled(void)
{
	return irqs_off || libcdev_in_hardirq();
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
	n += i2c_module_stop(mod);
	n += spi_module_stop(mod);
	n += rpmsg_module_stop(mod);
	n += irqs_module_stop(mod);
	n += irq_domains_module_stop(mod);
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
