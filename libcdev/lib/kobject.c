/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - lib/kobject.c:
 * kobjects and ksets: a reference count, a name, a release, and a
 * directory of the sysfs tree that fs/sysfs.c serves (<libcdev/kobject.h>).
 *
 * As in the kernel: kobject_add() takes a reference on the parent (the
 * kset's kobject when there is no parent) and on the kset, which
 * kobject_del() gives back; the last kobject_put() of an added kobject
 * takes its directory away first, then calls the type's release exactly
 * once, then frees the name. uevents are logged, not sent.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "core/core.h"
#include <libcdev/kobject.h>
#include <libcdev/sysfs.h>

/* As fs/ serves paths: "sys/kernel/..." below the backend's directory. */
#define KOBJ_PATH_MAX 256

/* The kernel's top directories: never released. */
#define ROOT_KOBJECT(var, dirname)                                     \
	static struct kobject var##_obj = { .name = (char *)(dirname), \
					    .refcount = 1,             \
					    .state_initialized = 1,    \
					    .state_in_sysfs = 1 };     \
	_public_ struct kobject *var = &var##_obj

ROOT_KOBJECT(kernel_kobj, "kernel");
ROOT_KOBJECT(firmware_kobj, "firmware");
ROOT_KOBJECT(power_kobj, "power");
ROOT_KOBJECT(mm_kobj, "mm");

static const char *name_or(const struct kobject *kobj)
{
	return kobj->name ? kobj->name : "(unnamed)";
}

_public_ void kobject_init(struct kobject *kobj, const struct kobj_type *ktype)
{
	if (!kobj)
		return;
	if (!ktype)
		pr_err_lib("kobject %p: must have a ktype", (void *)kobj);
	/* @kset stays: a driver may set it before kobject_init_and_add(). */
	kobj->name = NULL;
	kobj->ktype = ktype;
	kobj->parent = NULL;
	kobj->state_initialized = 1;
	kobj->state_in_sysfs = 0;
	kobj->state_add_uevent_sent = 0;
	kobj->state_remove_uevent_sent = 0;
	kobj->uevent_suppress = 0;
	atomic_set_int(&kobj->refcount, 1);
}

_printf_(2, 0) static int kobject_set_name_vargs(struct kobject *kobj, const char *fmt, va_list ap)
{
	char *name;

	if (vasprintf(&name, fmt, ap) < 0)
		return -ENOMEM;
	/* The kernel turns '/' into '!' too: a kobject name is one path component. */
	for (char *p = name; *p; p++)
		if (*p == '/')
			*p = '!';
	free(kobj->name);
	kobj->name = name;
	return 0;
}

_public_ int kobject_set_name(struct kobject *kobj, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (!kobj || !fmt)
		return -EINVAL;
	va_start(ap, fmt);
	r = kobject_set_name_vargs(kobj, fmt, ap);
	va_end(ap);
	return r;
}

_public_ const char *kobject_name(const struct kobject *kobj)
{
	return kobj ? kobj->name : NULL;
}

_public_ struct kobject *kobject_get(struct kobject *kobj)
{
	if (kobj && atomic_inc_return(&kobj->refcount) <= 1)
		pr_err_lib("kobject %s: get of a released object", name_or(kobj));
	return kobj;
}

_public_ struct kobject *kobject_get_unless_zero(struct kobject *kobj)
{
	if (kobj && !atomic_inc_not_zero(&kobj->refcount))
		return NULL;
	return kobj;
}

/* "sys/PARENT/.../NAME" of @kobj, from its parents' names. */
int kobject_path(const struct kobject *kobj, char *buf, size_t size)
{
	size_t len = strlen("sys");
	int err;

	if (!kobj->name)
		return -EINVAL;
	if (kobj->parent) {
		err = kobject_path(kobj->parent, buf, size);
		if (err)
			return err;
		len = strlen(buf);
	} else {
		snprintf(buf, size, "sys");
	}
	if (len + 1 + strlen(kobj->name) >= size)
		return -ENAMETOOLONG;
	snprintf(buf + len, size - len, "/%s", kobj->name);
	return 0;
}

_public_ char *kobject_get_path(const struct kobject *kobj, unsigned int gfp)
{
	char path[KOBJ_PATH_MAX];

	(void)gfp;
	if (!kobj || kobject_path(kobj, path, sizeof(path)))
		return NULL;
	return strdup(path + strlen("sys")); /* the kernel's path is below /sys */
}

/* The kobject's directory and its type's files, with references on its parent and kset. */
static int kobject_add_internal(struct kobject *kobj)
{
	struct kobject *parent;
	int err;

	if (!kobj->name || !kobj->name[0]) {
		pr_err_lib("kobject %p: attempted to be registered with empty name!", (void *)kobj);
		return -EINVAL;
	}
	parent = kobject_get(kobj->parent);
	if (kobj->kset) {
		if (!parent)
			parent = kobject_get(&kobj->kset->kobj);
		kobject_get(&kobj->kset->kobj); /* its membership */
	}
	kobj->parent = parent;
	err = kfs_kobject_add_dir(kobj);
	if (!err && kobj->ktype && kobj->ktype->default_groups) {
		kobj->state_in_sysfs = 1;
		err = sysfs_create_groups(kobj, kobj->ktype->default_groups);
		if (err)
			kfs_kobject_remove(kobj);
	}
	if (err) {
		if (err == -EEXIST)
			pr_err_lib("kobject_add_internal failed for %s with -EEXIST, don't try to "
				   "register things with the same name in the same directory.",
				   kobj->name);
		kobj->state_in_sysfs = 0;
		if (kobj->kset)
			kobject_put(&kobj->kset->kobj);
		kobject_put(parent);
		kobj->parent = NULL;
		return err;
	}
	kobj->state_in_sysfs = 1;
	return 0;
}

_printf_(3, 0) static int kobject_add_varg(struct kobject *kobj, struct kobject *parent,
					   const char *fmt, va_list ap)
{
	int err;

	if (!kobj->state_initialized) {
		pr_err_lib("kobject '%s' (%p): tried to add an uninitialized object, something is "
			   "seriously wrong.",
			   name_or(kobj), (void *)kobj);
		return -EINVAL;
	}
	err = kobject_set_name_vargs(kobj, fmt, ap);
	if (err)
		return err;
	kobj->parent = parent;
	return kobject_add_internal(kobj);
}

_public_ int kobject_add(struct kobject *kobj, struct kobject *parent, const char *fmt, ...)
{
	va_list ap;
	int err;

	if (!kobj || !fmt)
		return -EINVAL;
	va_start(ap, fmt);
	err = kobject_add_varg(kobj, parent, fmt, ap);
	va_end(ap);
	return err;
}

_public_ int kobject_init_and_add(struct kobject *kobj, const struct kobj_type *ktype,
				  struct kobject *parent, const char *fmt, ...)
{
	va_list ap;
	int err;

	if (!kobj || !fmt)
		return -EINVAL;
	kobject_init(kobj, ktype);
	va_start(ap, fmt);
	err = kobject_add_varg(kobj, parent, fmt, ap);
	va_end(ap);
	return err;
}

_public_ void kobject_del(struct kobject *kobj)
{
	struct kobject *parent;

	if (!kobj || !kobj->state_in_sysfs)
		return;
	parent = kobj->parent;
	kfs_kobject_remove(kobj);
	kobj->state_in_sysfs = 0;
	if (kobj->kset)
		kobject_put(&kobj->kset->kobj);
	kobj->parent = NULL;
	kobject_put(parent);
}

static void kobject_release(struct kobject *kobj)
{
	char *name = kobj->name;

	if (kobj->state_add_uevent_sent && !kobj->state_remove_uevent_sent)
		kobject_uevent(kobj, KOBJ_REMOVE);
	kobject_del(kobj);
	/* release may free the container that holds kobj: take the name out first. */
	kobj->name = NULL;
	if (kobj->ktype && kobj->ktype->release)
		kobj->ktype->release(kobj);
	else
		pr_err_lib("kobject '%s' (%p): does not have a release() function, it is broken "
			   "and must be fixed.",
			   name ? name : "(unnamed)", (void *)kobj);
	free(name);
}

_public_ void kobject_put(struct kobject *kobj)
{
	int r;

	if (!kobj)
		return;
	if (!kobj->state_initialized)
		pr_err_lib("kobject '%s' (%p): is not initialized, yet kobject_put() is being "
			   "called.",
			   name_or(kobj), (void *)kobj);
	r = atomic_dec_return(&kobj->refcount);
	if (r == 0)
		kobject_release(kobj);
	else if (r < 0)
		pr_err_lib("kobject %s: put of a released object", name_or(kobj));
}

_public_ unsigned int libcdev_kobject_refcount(const struct kobject *kobj)
{
	return kobj ? (unsigned int)atomic_read_int(&kobj->refcount) : 0;
}

/* ---- kobject_create_and_add(): kobjects of kobj_attribute files ---- */

static ssize_t kobj_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct kobj_attribute *a = container_of(attr, struct kobj_attribute, attr);

	return a->show ? a->show(kobj, a, buf) : -EIO;
}

static ssize_t kobj_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			       size_t count)
{
	struct kobj_attribute *a = container_of(attr, struct kobj_attribute, attr);

	return a->store ? a->store(kobj, a, buf, count) : -EIO;
}

_public_ const struct sysfs_ops kobj_sysfs_ops = {
	.show = kobj_attr_show,
	.store = kobj_attr_store,
};

static void dynamic_kobj_release(struct kobject *kobj)
{
	free(kobj);
}

static const struct kobj_type dynamic_kobj_ktype = {
	.release = dynamic_kobj_release,
	.sysfs_ops = &kobj_sysfs_ops,
};

_public_ struct kobject *kobject_create_and_add(const char *name, struct kobject *parent)
{
	struct kobject *kobj = calloc(1, sizeof(*kobj));
	int err;

	if (!kobj || !name)
		goto out_free;
	kobject_init(kobj, &dynamic_kobj_ktype);
	err = kobject_add(kobj, parent, "%s", name);
	if (err) {
		pr_err_lib("kobject_create_and_add: kobject_add error: %d", err);
		kobject_put(kobj);
		return NULL;
	}
	return kobj;

out_free:
	free(kobj);
	return NULL;
}

/* ---- ksets ---- */

static void kset_release(struct kobject *kobj)
{
	free(container_of(kobj, struct kset, kobj));
}

static const struct kobj_type kset_ktype = {
	.release = kset_release,
	.sysfs_ops = &kobj_sysfs_ops,
};

_public_ int kset_register(struct kset *kset)
{
	struct kobject *parent;
	int err;

	if (!kset)
		return -EINVAL;
	/* kobject_init() would forget the name and parent the caller set. */
	parent = kset->kobj.parent;
	if (!kset->kobj.state_initialized) {
		char *name = kset->kobj.name;

		kobject_init(&kset->kobj, kset->kobj.ktype ? kset->kobj.ktype : &kset_ktype);
		kset->kobj.name = name;
	}
	kset->kobj.parent = parent;
	err = kobject_add_internal(&kset->kobj);
	if (err)
		return err;
	kobject_uevent(&kset->kobj, KOBJ_ADD);
	return 0;
}

_public_ struct kset *kset_create_and_add(const char *name,
					  const struct kset_uevent_ops *uevent_ops,
					  struct kobject *parent)
{
	struct kset *kset = calloc(1, sizeof(*kset));

	if (!kset || !name)
		goto out_free;
	kobject_init(&kset->kobj, &kset_ktype);
	if (kobject_set_name(&kset->kobj, "%s", name))
		goto out_put;
	kset->uevent_ops = uevent_ops;
	kset->kobj.parent = parent;
	if (kset_register(kset))
		goto out_put;
	return kset;

out_put:
	kobject_put(&kset->kobj);
	return NULL;
out_free:
	free(kset);
	return NULL;
}

_public_ void kset_unregister(struct kset *kset)
{
	if (!kset)
		return;
	kobject_del(&kset->kobj);
	kobject_put(&kset->kobj);
}

/* ---- uevents: there is no netlink socket to send them on; logged ---- */

static const char *const action_names[] = {
	[KOBJ_ADD] = "add",   [KOBJ_REMOVE] = "remove", [KOBJ_CHANGE] = "change",
	[KOBJ_MOVE] = "move", [KOBJ_ONLINE] = "online", [KOBJ_OFFLINE] = "offline",
	[KOBJ_BIND] = "bind", [KOBJ_UNBIND] = "unbind",
};

_public_ int kobject_uevent_env(struct kobject *kobj, enum kobject_action action, char *envp[])
{
	char path[KOBJ_PATH_MAX] = "?";

	if (!kobj || (unsigned int)action >= sizeof(action_names) / sizeof(action_names[0]))
		return -EINVAL;
	if (action == KOBJ_ADD)
		kobj->state_add_uevent_sent = 1;
	else if (action == KOBJ_REMOVE)
		kobj->state_remove_uevent_sent = 1;
	if (kobj->uevent_suppress)
		return 0;
	kobject_path(kobj, path, sizeof(path));
	libcdev_log(LOG_DEBUG, "uevent %s %s%s%s (logged, not sent)", action_names[action],
		    path + strlen("sys"), envp && envp[0] ? " " : "",
		    envp && envp[0] ? envp[0] : "");
	return 0;
}

_public_ int kobject_uevent(struct kobject *kobj, enum kobject_action action)
{
	return kobject_uevent_env(kobj, action, NULL);
}

_public_ int add_uevent_var(struct kobj_uevent_env *env, const char *format, ...)
{
	va_list ap;
	int len;

	if (env->envp_idx >= UEVENT_NUM_ENVP - 1)
		return -ENOMEM;
	va_start(ap, format);
	len = vsnprintf(&env->buf[env->buflen], sizeof(env->buf) - (size_t)env->buflen, format, ap);
	va_end(ap);
	if (len < 0 || len >= (int)sizeof(env->buf) - env->buflen)
		return -ENOMEM;
	env->envp[env->envp_idx++] = &env->buf[env->buflen];
	env->envp[env->envp_idx] = NULL;
	env->buflen += len + 1;
	return 0;
}
