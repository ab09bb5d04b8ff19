/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/base/class.c:
 * classes: their own attributes (sys/class/NAME/ATTR) and the directory
 * sys/class/NAME their device_add()ed devices live in, made at the first
 * such device rather than at class_register(): a class made while the
 * sysfs region is being set up (fs/kernfs.c makes one) must not need it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/device.h>
#include <libcdev/kobject.h>
#include <libcdev/sysfs.h>

static struct kobject class_root = { .name = (char *)"class",
				     .refcount = 1,
				     .state_initialized = 1,
				     .state_in_sysfs = 1 };

/* Guards each class's ->dir. */
static pthread_mutex_t class_dir_lock = PTHREAD_MUTEX_INITIALIZER;

_public_ struct class *class_create(const char *name)
{
	struct class *cls;

	if (!name || !*name)
		return ERR_PTR(-EINVAL);
	cls = calloc(1, sizeof(*cls));
	if (!cls)
		return ERR_PTR(-ENOMEM);
	cls->name = strdup(name);
	if (!cls->name) {
		free(cls);
		return ERR_PTR(-ENOMEM);
	}
	return cls;
}

/* The directory goes with everything still in it, as at the kernel's class_unregister(). */
static void class_dir_put(struct class *cls)
{
	struct kobject *dir;

	pthread_mutex_lock(&class_dir_lock);
	dir = cls->dir;
	cls->dir = NULL;
	pthread_mutex_unlock(&class_dir_lock);
	kobject_put(dir);
}

_public_ void class_destroy(struct class *cls)
{
	if (IS_ERR_OR_NULL(cls))
		return;
	kfs_remove_class(cls);
	class_dir_put(cls);
	free((char *)cls->name);
	free(cls);
}

_public_ int class_register(struct class *cls)
{
	int err = 0;

	if (!cls || !cls->name || !*cls->name)
		return -EINVAL;
	for (int g = 0; cls->class_groups && cls->class_groups[g] && !err; g++) {
		const struct attribute_group *grp = cls->class_groups[g];

		for (int i = 0; grp->attrs && grp->attrs[i] && !err; i++)
			err = class_create_file(cls, (const struct class_attribute *)grp->attrs[i]);
	}
	if (err)
		kfs_remove_class(cls);
	return err;
}

_public_ void class_unregister(struct class *cls)
{
	if (!cls)
		return;
	kfs_remove_class(cls);
	class_dir_put(cls);
}

struct kobject *class_dir_get(struct class *cls)
{
	struct kobject *dir;

	pthread_mutex_lock(&class_dir_lock);
	if (!cls->dir)
		cls->dir = kobject_create_and_add(cls->name, &class_root);
	dir = kobject_get(cls->dir);
	pthread_mutex_unlock(&class_dir_lock);
	return dir;
}
