/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kobject reference counting (lib/kobject.c, reduced to what a
 * cdev needs: a count, a name and a release).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"

_public_ void kobject_init(struct kobject *kobj, const struct kobj_type *ktype)
{
	if (!kobj)
		return;
	kobj->name = NULL;
	kobj->ktype = ktype;
	atomic_set_int(&kobj->refcount, 1);
}

_public_ int kobject_set_name(struct kobject *kobj, const char *fmt, ...)
{
	char *name;
	va_list ap;
	int r;

	if (!kobj || !fmt)
		return -EINVAL;

	va_start(ap, fmt);
	r = vasprintf(&name, fmt, ap);
	va_end(ap);
	if (r < 0)
		return -ENOMEM;

	/* The kernel turns '/' into '!' too: a kobject name is one path component. */
	for (char *p = name; *p; p++)
		if (*p == '/')
			*p = '!';

	free(kobj->name);
	kobj->name = name;
	return 0;
}

_public_ const char *kobject_name(const struct kobject *kobj)
{
	return kobj ? kobj->name : NULL;
}

_public_ struct kobject *kobject_get(struct kobject *kobj)
{
	if (kobj && atomic_inc_return(&kobj->refcount) <= 1)
		pr_err_lib("kobject %s: get of a released object",
			   kobj->name ? kobj->name : "(unnamed)");
	return kobj;
}

_public_ struct kobject *kobject_get_unless_zero(struct kobject *kobj)
{
	if (kobj && !atomic_inc_not_zero(&kobj->refcount))
		return NULL;
	return kobj;
}

static void kobject_release(struct kobject *kobj)
{
	char *name = kobj->name;

	/* release may free the container that holds kobj: take the name out first. */
	kobj->name = NULL;
	if (kobj->ktype && kobj->ktype->release)
		kobj->ktype->release(kobj);
	free(name);
}

_public_ void kobject_put(struct kobject *kobj)
{
	int r;

	if (!kobj)
		return;
	r = atomic_dec_return(&kobj->refcount);
	if (r == 0)
		kobject_release(kobj);
	else if (r < 0)
		pr_err_lib("kobject %s: put of a released object",
			   kobj->name ? kobj->name : "(unnamed)");
}

_public_ unsigned int libcdev_kobject_refcount(const struct kobject *kobj)
{
	return kobj ? (unsigned int)atomic_read_int(&kobj->refcount) : 0;
}
