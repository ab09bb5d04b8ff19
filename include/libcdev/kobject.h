/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - reference-counted named objects and their sysfs directories,
 * after include/linux/kobject.h and lib/kobject.c.
 *
 * A kobject added with kobject_add() (or made with kobject_create_and_add()
 * or kset_create_and_add()) is a directory of the sysfs tree libcdev serves
 * below the backend's directory (<libcdev/sysfs.h>): sys/kernel/NAME for a
 * child of kernel_kobj, sys/PARENT/.../NAME in general, sys/NAME for one
 * without a parent or kset. Its type's default_groups and the groups and
 * files of sysfs_create_group()/sysfs_create_file() are served there as
 * files, read and written through the type's sysfs_ops. The directory goes
 * with kobject_del() or with the last kobject_put().
 */
#ifndef LIBCDEV_KOBJECT_H
#define LIBCDEV_KOBJECT_H

#include <stdbool.h>
#include <sys/types.h>

#include <libcdev/names.h>

struct attribute;
struct attribute_group;
struct dentry;
struct kobject;
struct kset;

/** struct sysfs_ops - how the files of a kobject's attributes are read and written */
struct sysfs_ops {
	ssize_t (*show)(struct kobject *kobj, struct attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct attribute *attr, const char *buf,
			 size_t count);
};

/** struct kobj_type - what all kobjects of one kind share */
struct kobj_type {
	/** @release: called when the last reference goes; frees the container if it owns it */
	void (*release)(struct kobject *kobj);
	/** @sysfs_ops: reads and writes the attributes' files */
	const struct sysfs_ops *sysfs_ops;
	/** @default_groups: NULL-terminated, served when the kobject is added */
	const struct attribute_group **default_groups;
};

/**
 * struct kobject - a reference count, a name, a release function, and a
 * place in the sysfs tree
 *
 * Treat the fields as private, but for @kset and @parent, which a driver may
 * set before kobject_add(), as in the kernel.
 */
struct kobject {
	char *name;
	const struct kobj_type *ktype;
	int refcount; /* atomic; 0 once released */
	struct kobject *parent;
	struct kset *kset;
	/* The entry of its directory while it is in sysfs (the kernel's kernfs node), else NULL. */
	struct dentry *sd;
	unsigned int state_initialized : 1;
	unsigned int state_in_sysfs : 1;
	unsigned int state_add_uevent_sent : 1;
	unsigned int state_remove_uevent_sent : 1;
	unsigned int uevent_suppress : 1;
};

/* ---- uevents: logged, not sent (libcdev-kernel(7)) ---- */

enum kobject_action {
	KOBJ_ADD,
	KOBJ_REMOVE,
	KOBJ_CHANGE,
	KOBJ_MOVE,
	KOBJ_ONLINE,
	KOBJ_OFFLINE,
	KOBJ_BIND,
	KOBJ_UNBIND,
};

#define UEVENT_NUM_ENVP	   64
#define UEVENT_BUFFER_SIZE 2048

struct kobj_uevent_env {
	char *argv[3];
	char *envp[UEVENT_NUM_ENVP];
	int envp_idx;
	char buf[UEVENT_BUFFER_SIZE];
	int buflen;
};

/* A kset's say on its members' uevents: kept, never called, as no uevent is sent. */
struct kset_uevent_ops {
	int (*const filter)(struct kobject *kobj);
	const char *(*const name)(struct kobject *kobj);
	int (*const uevent)(struct kobject *kobj, struct kobj_uevent_env *env);
};

/**
 * kobject_uevent - what would tell udev of @action on @kobj: here it is
 * logged (at debug level) with the kobject's path, and remembered so that
 * the last put of an added kobject "sends" its remove, as the kernel does
 *
 * Return: 0.
 */
int kobject_uevent(struct kobject *kobj, enum kobject_action action);
/** kobject_uevent_env - kobject_uevent() with variables ("KEY=value", NULL-terminated) */
int kobject_uevent_env(struct kobject *kobj, enum kobject_action action, char *envp[]);
/** add_uevent_var - append "KEY=value" to @env; -ENOMEM when it is full */
int add_uevent_var(struct kobj_uevent_env *env, const char *format, ...)
	__attribute__((format(printf, 2, 3)));

/** struct kset - a set of kobjects, itself a kobject (their default parent) */
struct kset {
	struct kobject kobj;
	const struct kset_uevent_ops *uevent_ops;
};

/* The directories the kernel provides: sys/kernel, sys/firmware, sys/power, sys/mm. */
extern struct kobject *kernel_kobj;
extern struct kobject *firmware_kobj;
extern struct kobject *power_kobj;
extern struct kobject *mm_kobj;

/* The sysfs_ops of kobject_create_and_add()'s objects: those of struct kobj_attribute. */
extern const struct sysfs_ops kobj_sysfs_ops;

/**
 * kobject_init - initialise a kobject with one reference
 * @kobj: the object; its @kset, set before, stays
 * @ktype: its type, whose release runs when the count drops to zero
 *
 * A NULL @ktype or an object initialised already is reported, as by the kernel.
 */
void kobject_init(struct kobject *kobj, const struct kobj_type *ktype);

/**
 * kobject_set_name - set the name of a kobject, printf()-style
 *
 * Return: 0, -EINVAL for a NULL object or format, -ENOMEM.
 */
int kobject_set_name(struct kobject *kobj, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/** kobject_name - the name of a kobject, or NULL if it has none */
const char *kobject_name(const struct kobject *kobj);

/**
 * kobject_add - name @kobj and make its directory below @parent
 *
 * With no @parent, the kobject's kset is the parent; with neither, the root.
 * Takes a reference on the parent and the kset until kobject_del(). On
 * failure, still put the kobject: its name is set.
 *
 * Return: 0; -EINVAL (not initialised, no name); -EEXIST (the parent has
 * an entry of that name); -ENOMEM; or an error of serving the files.
 */
int kobject_add(struct kobject *kobj, struct kobject *parent, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/** kobject_init_and_add - kobject_init() then kobject_add(); put the kobject on failure too */
int kobject_init_and_add(struct kobject *kobj, const struct kobj_type *ktype,
			 struct kobject *parent, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/**
 * kobject_create_and_add - a kobject of its own type (freed by its last put)
 * whose attributes are struct kobj_attribute
 *
 * Return: the kobject, or NULL.
 */
struct kobject *kobject_create_and_add(const char *name, struct kobject *parent);

/** kobject_del - take the directory and its files away; the references stay */
void kobject_del(struct kobject *kobj);

/** kobject_get - take a reference; Return: @kobj */
struct kobject *kobject_get(struct kobject *kobj);

/**
 * kobject_get_unless_zero - take a reference unless the object is being released
 *
 * Return: @kobj, or NULL when its count had already dropped to zero.
 */
struct kobject *kobject_get_unless_zero(struct kobject *kobj);

/**
 * kobject_put - drop a reference; the last one takes the directory away if
 * it is still there, then calls the type's release (once)
 */
void kobject_put(struct kobject *kobj);

/**
 * kobject_get_path - the path of @kobj below sys/ ("/kernel/foo"), allocated
 * with the C library's malloc(); free() or kfree() it. NULL without memory.
 */
char *kobject_get_path(const struct kobject *kobj, unsigned int gfp);

/** kset_create_and_add - a kset named @name below @parent; NULL on failure */
struct kset *kset_create_and_add(const char *name, const struct kset_uevent_ops *uevent_ops,
				 struct kobject *parent);
/** kset_register - add a kset the caller initialised (name, parent set) */
int kset_register(struct kset *kset);
/** kset_unregister - kobject_del() and kobject_put() of the kset; NULL is ignored */
void kset_unregister(struct kset *kset);

/** libcdev_kobject_refcount - the current reference count, for diagnostics and tests */
unsigned int libcdev_kobject_refcount(const struct kobject *kobj);

#endif
