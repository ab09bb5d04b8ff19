/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what kernel/ does with the direct-call sites (core/ftrace_site.h):
 * find them by address or name, attach a trampoline of the library's own
 * (kprobes'), wait for the callers in one, end a counted call that will not
 * return to its site.
 *
 * Included by: kernel/trace/ftrace.c, kernel/kprobes.c, kernel/trace/fprobe.c,
 * kernel/kallsyms.c.
 */
#ifndef LIBCDEV_KERNEL_TRACE_FTRACE_H
#define LIBCDEV_KERNEL_TRACE_FTRACE_H

#include <stddef.h>

#include "core/core.h"

struct ftrace_site *ftrace_site_at(unsigned long ip);
struct ftrace_site *ftrace_sites(size_t *n);
const char *ftrace_site_kernel_name(const struct ftrace_site *site);
struct ftrace_site *ftrace_site_named(const char *name);
int ftrace_site_claim(struct ftrace_site *site, unsigned long addr, struct ftrace_ops *owner);
void ftrace_site_release(struct ftrace_site *site);
void ftrace_site_sync(struct ftrace_site *site);
void ftrace_site_uncount(unsigned long sp);

#endif
