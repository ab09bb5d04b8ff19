/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/device.h>: class_create() with one argument (6.4
 * and later) or two (before), device_create() whose name becomes the node's name under /dev,
 * device_destroy(), class_destroy(), drvdata, the dev_*() messages
 * ("DRIVER DEVICE: text"), device and class attributes served as files
 * (<libcdev/sysfs.h>), and the managed devm_*() allocations
 * (<libcdev/platform.h>), freed after the driver's remove().
 */
#ifndef LIBCDEV_KERNEL_LINUX_DEVICE_H
#define LIBCDEV_KERNEL_LINUX_DEVICE_H

#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/pm.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <libcdev/device.h>
#include <libcdev/platform.h>
#include <libcdev/sysfs.h>

#define kobj_to_dev(k) container_of(k, struct device, kobj)

/* The device's own lock, for a driver's paths that must not run at once (the core takes none here). */
static inline void device_lock(struct device *dev)
{
	mutex_lock(&dev->mutex);
}

static inline int device_trylock(struct device *dev)
{
	return mutex_trylock(&dev->mutex);
}

static inline void device_unlock(struct device *dev)
{
	mutex_unlock(&dev->mutex);
}

/*
 * class_create(name) since Linux 6.4; before, class_create(owner, name).
 * Both forms build, so drivers of either release do.
 */
static inline struct class *__libcdev_class_create_owned(struct module *owner, const char *name)
{
	(void)owner;
	return libcdev_class_create(name);
}
#undef class_create
#define __libcdev_class_create_pick(_1, _2, fn, ...) fn
#define class_create(...)                                                      \
	__libcdev_class_create_pick(__VA_ARGS__, __libcdev_class_create_owned, \
				    libcdev_class_create)(__VA_ARGS__)

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DEVICE_ATTR_RW(_name) struct device_attribute dev_attr_##_name = __ATTR_RW(_name)
#define DEVICE_ATTR_ADMIN_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW_MODE(_name, 0600)
#define DEVICE_ATTR_RO(_name) struct device_attribute dev_attr_##_name = __ATTR_RO(_name)
#define DEVICE_ATTR_ADMIN_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO_MODE(_name, 0400)
#define DEVICE_ATTR_WO(_name) struct device_attribute dev_attr_##_name = __ATTR_WO(_name)

#define CLASS_ATTR_RW(_name) struct class_attribute class_attr_##_name = __ATTR_RW(_name)
#define CLASS_ATTR_RO(_name) struct class_attribute class_attr_##_name = __ATTR_RO(_name)
#define CLASS_ATTR_WO(_name) struct class_attribute class_attr_##_name = __ATTR_WO(_name)

/* devm_*() allocations: GFP_KERNEL may sleep, which is checked where the driver calls it. */
#define __libcdev_devm_gfp(gfp)                                    \
	__extension__({                                            \
		gfp_t __g = (gfp);                                 \
		if (__g & __GFP_DIRECT_RECLAIM)                    \
			__libcdev_might_sleep(__FILE__, __LINE__); \
		__g;                                               \
	})
/* On the library's name, which <libcdev/names.h> maps devm_kmalloc to. */
#define libcdev_devm_kmalloc(dev, size, gfp) \
	libcdev_devm_kmalloc(dev, size, __libcdev_devm_gfp(gfp))
#define devm_kzalloc(dev, size, gfp)	devm_kmalloc(dev, size, (gfp) | __GFP_ZERO)
#define devm_kcalloc(dev, n, size, gfp) devm_kmalloc_array(dev, n, size, (gfp) | __GFP_ZERO)
#define devm_kmalloc_array(dev, n, size, gfp)                                   \
	__extension__({                                                         \
		size_t __bytes;                                                 \
		__builtin_mul_overflow((size_t)(n), (size_t)(size), &__bytes) ? \
			NULL :                                                  \
			devm_kmalloc(dev, __bytes, gfp);                        \
	})

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

#define dev_printk(level, dev, fmt, ...) \
	printk(level "%s %s: " fmt, dev_driver_string(dev), dev_name(dev), ##__VA_ARGS__)
#define dev_emerg(dev, fmt, ...)  dev_printk(KERN_EMERG, dev, fmt, ##__VA_ARGS__)
#define dev_alert(dev, fmt, ...)  dev_printk(KERN_ALERT, dev, fmt, ##__VA_ARGS__)
#define dev_crit(dev, fmt, ...)	  dev_printk(KERN_CRIT, dev, fmt, ##__VA_ARGS__)
#define dev_err(dev, fmt, ...)	  dev_printk(KERN_ERR, dev, fmt, ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)	  dev_printk(KERN_WARNING, dev, fmt, ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...) dev_printk(KERN_NOTICE, dev, fmt, ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)	  dev_printk(KERN_INFO, dev, fmt, ##__VA_ARGS__)
#define dev_dbg(dev, fmt, ...)	  dev_printk(KERN_DEBUG, dev, fmt, ##__VA_ARGS__)
/*
 * dev_err_probe - a probe's failure @err (its return value) logged with it,
 * "error -19: ...", but at debug level for -EPROBE_DEFER, as the kernel's
 */
#define dev_err_probe(dev, err, fmt, ...)                                     \
	({                                                                    \
		int __err = (err);                                            \
		if (__err == -EPROBE_DEFER)                                   \
			dev_dbg(dev, fmt, ##__VA_ARGS__);                     \
		else                                                          \
			dev_err(dev, "error %d: " fmt, __err, ##__VA_ARGS__); \
		__err;                                                        \
	})

/* Managed per-CPU areas: freed when @dev is unbound, after its driver's remove(). */
static inline void __libcdev_devm_percpu_free(void *pdata)
{
	free_percpu(pdata);
}

static inline void __percpu *__libcdev_devm_percpu_keep(struct device *dev, void __percpu *pdata)
{
	if (pdata && devm_add_action_or_reset(dev, __libcdev_devm_percpu_free, (void *)pdata))
		return NULL;
	return pdata;
}

#define __devm_alloc_percpu(dev, size, align) \
	__libcdev_devm_percpu_keep(dev, __alloc_percpu(size, align))
#define devm_alloc_percpu(dev, type) \
	((__typeof__(type) __percpu *)__devm_alloc_percpu(dev, sizeof(type), __alignof__(type)))

static inline void devm_free_percpu(struct device *dev, void __percpu *pdata)
{
	devm_release_action(dev, __libcdev_devm_percpu_free, (void *)pdata);
}

#endif
