/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kmod.h>: request_module(), from libcdev's
 * <libcdev/module.h>. It runs modprobe_path ("PATH -q -- NAME"), which is
 * empty by default: autoloading is off and a request fails with -ENOENT
 * (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_KMOD_H
#define LIBCDEV_KERNEL_LINUX_KMOD_H

#include <linux/errno.h>
#include <linux/stddef.h>
#include <libcdev/module.h>

#define request_module(mod...)		   __request_module(true, mod)
#define request_module_nowait(mod...)	   __request_module(false, mod)
#define try_then_request_module(x, mod...) ((x) ?: (__request_module(true, mod), (x)))

#endif
