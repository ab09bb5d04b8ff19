/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/trace.h>: trace instances a module makes and
 * writes to: trace_array_get_by_name(), trace_array_put(),
 * trace_array_destroy(), trace_array_printk(), trace_array_init_printk(),
 * trace_array_set_clr_event(). Each instance is a buffer of its own, with
 * its files below /dev/sys/kernel/tracing/instances/NAME/.
 */
#ifndef LIBCDEV_KERNEL_LINUX_TRACE_H
#define LIBCDEV_KERNEL_LINUX_TRACE_H

#include <linux/types.h>
#include <libcdev/trace.h>

#endif
