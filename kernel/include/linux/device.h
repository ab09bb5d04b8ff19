/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/device.h>: class_create() with one argument (6.4
 * and later), device_create() whose name becomes the node's name under /dev,
 * device_destroy(), class_destroy(), drvdata, and the dev_*() messages.
 */
#ifndef LIBCDEV_KERNEL_LINUX_DEVICE_H
#define LIBCDEV_KERNEL_LINUX_DEVICE_H

#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/types.h>
#include <libcdev/device.h>

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

/* dev_set_name - the node's name for cdev_device_add(), printf()-style */
__attribute__((format(printf, 2, 3)))
static inline int dev_set_name(struct device *dev, const char *fmt, ...)
{
	char *name;
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	name = len < 0 ? NULL : (char *)malloc((size_t)len + 1);
	if (!name)
		return -ENOMEM;
	va_start(ap, fmt);
	vsnprintf(name, (size_t)len + 1, fmt, ap);
	va_end(ap);
	free(dev->name);
	dev->name = name;
	return 0;
}

/* device_initialize - no name yet; the rest is the driver's (zeroed memory, as in the kernel) */
static inline void device_initialize(struct device *dev)
{
	dev->name = NULL;
}

#define dev_printk(level, dev, fmt, ...) \
	printk(level "%s: " fmt, dev_name(dev), ##__VA_ARGS__)
#define dev_emerg(dev, fmt, ...)	dev_printk(KERN_EMERG, dev, fmt, ##__VA_ARGS__)
#define dev_alert(dev, fmt, ...)	dev_printk(KERN_ALERT, dev, fmt, ##__VA_ARGS__)
#define dev_crit(dev, fmt, ...)		dev_printk(KERN_CRIT, dev, fmt, ##__VA_ARGS__)
#define dev_err(dev, fmt, ...)		dev_printk(KERN_ERR, dev, fmt, ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)		dev_printk(KERN_WARNING, dev, fmt, ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...)	dev_printk(KERN_NOTICE, dev, fmt, ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)		dev_printk(KERN_INFO, dev, fmt, ##__VA_ARGS__)
#define dev_dbg(dev, fmt, ...)		dev_printk(KERN_DEBUG, dev, fmt, ##__VA_ARGS__)

#endif
