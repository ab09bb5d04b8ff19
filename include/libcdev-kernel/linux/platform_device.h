/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/platform_device.h>: platform drivers and devices,
 * from libcdev's <libcdev/platform.h>. Devices may be described from
 * outside the driver (`cdevctl run --device`, libcdev-platform(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_PLATFORM_DEVICE_H
#define LIBCDEV_KERNEL_LINUX_PLATFORM_DEVICE_H

#include <linux/device.h>
#include <linux/init.h>
#include <linux/ioport.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <libcdev/platform.h>

static inline void *platform_get_drvdata(const struct platform_device *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void platform_set_drvdata(struct platform_device *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

static inline const struct platform_device_id *
platform_get_device_id(const struct platform_device *pdev)
{
	return pdev->id_entry;
}

#define module_platform_driver(__platform_driver)                      \
	static int __init __platform_driver##_init(void)               \
	{                                                              \
		return platform_driver_register(&(__platform_driver)); \
	}                                                              \
	module_init(__platform_driver##_init);                         \
	static void __exit __platform_driver##_exit(void)              \
	{                                                              \
		platform_driver_unregister(&(__platform_driver));      \
	}                                                              \
	module_exit(__platform_driver##_exit)

#define builtin_platform_driver(__platform_driver)                     \
	static int __init __platform_driver##_init(void)               \
	{                                                              \
		return platform_driver_register(&(__platform_driver)); \
	}                                                              \
	module_init(__platform_driver##_init)

#endif
