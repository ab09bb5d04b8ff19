/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/stacktrace.h>: the calling thread's return
 * addresses (stack_trace_save()) and their symbols (stack_trace_print()),
 * from the process's unwinder (<libcdev/instrument.h>).
 */
#ifndef LIBCDEV_KERNEL_LINUX_STACKTRACE_H
#define LIBCDEV_KERNEL_LINUX_STACKTRACE_H

#include <linux/kallsyms.h>
#include <libcdev/instrument.h>

#endif
