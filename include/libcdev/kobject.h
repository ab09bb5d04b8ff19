/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - reference-counted named objects, after include/linux/kobject.h.
 */
#ifndef LIBCDEV_KOBJECT_H
#define LIBCDEV_KOBJECT_H

#include <stdbool.h>

#include <libcdev/names.h>

struct kobject;

/** struct kobj_type - what all kobjects of one kind share */
struct kobj_type {
	/** @release: called when the last reference goes; frees the container if it owns it */
	void (*release)(struct kobject *kobj);
};

/**
 * struct kobject - a reference count, a name and a release function
 *
 * Treat the fields as private: use the functions below.
 */
struct kobject {
	char *name;
	const struct kobj_type *ktype;
	int refcount; /* atomic; 0 once released */
};

/**
 * kobject_init - initialise a kobject with one reference
 * @kobj: the object
 * @ktype: its type, whose release runs when the count drops to zero
 */
void kobject_init(struct kobject *kobj, const struct kobj_type *ktype);

/**
 * kobject_set_name - set the name of a kobject, printf()-style
 * @kobj: the object
 * @fmt: format string
 *
 * Return: 0, -EINVAL for a NULL object or format, -ENOMEM.
 */
int kobject_set_name(struct kobject *kobj, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/** kobject_name - the name of a kobject, or NULL if it has none */
const char *kobject_name(const struct kobject *kobj);

/**
 * kobject_get - take a reference
 * @kobj: the object, or NULL
 *
 * Return: @kobj.
 */
struct kobject *kobject_get(struct kobject *kobj);

/**
 * kobject_get_unless_zero - take a reference unless the object is being released
 *
 * Return: @kobj, or NULL when its count had already dropped to zero.
 */
struct kobject *kobject_get_unless_zero(struct kobject *kobj);

/**
 * kobject_put - drop a reference; the last one calls the type's release
 * @kobj: the object, or NULL
 */
void kobject_put(struct kobject *kobj);

/** libcdev_kobject_refcount - the current reference count, for diagnostics and tests */
unsigned int libcdev_kobject_refcount(const struct kobject *kobj);

#endif
