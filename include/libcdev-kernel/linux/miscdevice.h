/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/miscdevice.h>, from libcdev's
 * <libcdev/miscdevice.h>: misc_register()/misc_deregister(),
 * MISC_DYNAMIC_MINOR, .name, .nodename, .mode. The kernel's misc driver owns
 * major 10, so the nodes get a dynamic major unless 10 is free; the minors
 * follow the kernel's rules.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MISCDEVICE_H
#define LIBCDEV_KERNEL_LINUX_MISCDEVICE_H

#include <linux/device.h>
#include <linux/fs.h>
#include <linux/major.h>
#include <linux/module.h>
#include <libcdev/miscdevice.h>

#define module_misc_device(__misc_device)               \
	static int __init __misc_device##_init(void)    \
	{                                               \
		return misc_register(&(__misc_device)); \
	}                                               \
	module_init(__misc_device##_init);              \
	static void __exit __misc_device##_exit(void)   \
	{                                               \
		misc_deregister(&(__misc_device));      \
	}                                               \
	module_exit(__misc_device##_exit)

#endif
