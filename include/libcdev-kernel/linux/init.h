/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/init.h>. A module stays mapped while it runs, so
 * __init code and __initdata are never freed: the markers are kept for the
 * reader and for the kernel build, with no effect here.
 */
#ifndef LIBCDEV_KERNEL_LINUX_INIT_H
#define LIBCDEV_KERNEL_LINUX_INIT_H

#include <linux/compiler.h>
#include <libcdev/module.h>

#define __init
#define __exit
#define __initdata
#define __exitdata
#define __initconst
#define __init_or_module
#define __exit_p(x) x
#define __devinit
#define __devexit

#endif
