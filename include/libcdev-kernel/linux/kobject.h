/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kobject.h>, from libcdev's <libcdev/kobject.h>:
 * kobjects and ksets as directories of the sysfs tree libcdev serves below
 * the backend's directory (sys/kernel/... for children of kernel_kobj), their
 * attributes as files read and written through the type's sysfs_ops;
 * kobject_uevent() is logged, not sent (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_KOBJECT_H
#define LIBCDEV_KERNEL_LINUX_KOBJECT_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <libcdev/kobject.h>
#include <libcdev/sysfs.h>

static inline struct kset *to_kset(struct kobject *kobj)
{
	return kobj ? container_of(kobj, struct kset, kobj) : NULL;
}

static inline struct kset *kset_get(struct kset *k)
{
	return k ? to_kset(kobject_get(&k->kobj)) : NULL;
}

static inline void kset_put(struct kset *k)
{
	kobject_put(&k->kobj);
}

static inline const struct kobj_type *get_ktype(struct kobject *kobj)
{
	return kobj->ktype;
}

#endif
