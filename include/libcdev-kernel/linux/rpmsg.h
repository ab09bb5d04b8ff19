/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/rpmsg.h>: rpmsg drivers, channels and endpoints,
 * from libcdev's <libcdev/rpmsg.h>, where the remote processor behind a
 * channel is simulated (echo or sink) and channels are described from
 * outside the driver ("rpmsg:NAME ...", libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_RPMSG_H
#define LIBCDEV_KERNEL_LINUX_RPMSG_H

#include <linux/device.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/types.h>
#include <libcdev/rpmsg.h>

#define register_rpmsg_driver(drv) __register_rpmsg_driver(drv, THIS_MODULE)

#define module_rpmsg_driver(__rpmsg_driver)                      \
	static int __init __rpmsg_driver##_init(void)            \
	{                                                        \
		return register_rpmsg_driver(&(__rpmsg_driver)); \
	}                                                        \
	module_init(__rpmsg_driver##_init);                      \
	static void __exit __rpmsg_driver##_exit(void)           \
	{                                                        \
		unregister_rpmsg_driver(&(__rpmsg_driver));      \
	}                                                        \
	module_exit(__rpmsg_driver##_exit)

#endif
