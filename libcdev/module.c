/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - module reference counts, as kernel/module/main.c keeps them:
 * refcnt is MODULE_REF_BASE plus one per user; stopping swaps the base for 0
 * atomically, so a module is either in use or going, never both.
 */
#include <errno.h>

#include "libcdev-private.h"
#include "kdefer-private.h"

static bool module_is_live(const struct module *mod)
{
	return atomic_read_int(&mod->state) != MODULE_STATE_GOING;
}

_public_ bool try_module_get(struct module *mod)
{
	if (!mod)
		return true;
	if (!module_is_live(mod))
		return false;
	return atomic_inc_not_zero(&mod->refcnt);
}

_public_ void __module_get(struct module *mod)
{
	if (mod)
		atomic_inc_return(&mod->refcnt);
}

_public_ void module_put(struct module *mod)
{
	if (mod && atomic_dec_return(&mod->refcnt) < 0)
		pr_err_lib("module %s: put without a reference", module_name(mod));
}

_public_ int module_refcount(struct module *mod)
{
	if (!mod)
		return 0;
	return atomic_read_int(&mod->refcnt) - MODULE_REF_BASE;
}

_public_ const char *module_name(const struct module *mod)
{
	return mod && mod->name ? mod->name : "(unnamed)";
}

_public_ int libcdev_module_stop(struct module *mod, bool force)
{
	int base = MODULE_REF_BASE;

	if (!mod)
		return -EINVAL;
	if (!module_is_live(mod))
		return -EALREADY;
	if (__atomic_compare_exchange_n(&mod->refcnt, &base, 0, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		atomic_set_int(&mod->state, MODULE_STATE_GOING);
		return 0;
	}
	if (!force)
		return -EBUSY;
	/* Forced: no new users from now on; present users keep their references. */
	atomic_set_int(&mod->state, MODULE_STATE_GOING);
	atomic_dec_return(&mod->refcnt);
	return 0;
}

_public_ void libcdev_module_set_live(struct module *mod)
{
	if (!mod || module_is_live(mod))
		return;
	atomic_inc_return(&mod->refcnt);
	atomic_set_int(&mod->state, MODULE_STATE_LIVE);
}

/* ---- the loader ---- */

#include <dlfcn.h>
#include <libgen.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct module_loader {
	struct module_loader *next;
	struct module *mod;
	void *handle;
	char *path;
	char *name;
};

/* dlopen() runs the module's constructors, which find their module here. */
static pthread_mutex_t loader_lock = PTHREAD_MUTEX_INITIALIZER;
static struct module *loading;
static struct module_loader *loaded;

_public_ void libcdev_module_set_init(struct module *mod, int (*fn)(void))
{
	mod->init = fn;
	loading = mod;
}

_public_ void libcdev_module_set_exit(struct module *mod, void (*fn)(void))
{
	mod->exit = fn;
	loading = mod;
}

_public_ void libcdev_module_add_param(struct module *mod, struct kernel_param *kp)
{
	kp->next = mod->params;
	mod->params = kp;
	loading = mod;
}

/* "dir/my-driver.so" -> "my_driver", as the kernel names modules. */
static char *name_from_path(const char *path)
{
	char *copy = strdup(path), *base, *dot, *name;

	if (!copy)
		return NULL;
	base = basename(copy);
	dot = strstr(base, ".so");
	if (dot)
		*dot = '\0';
	for (char *p = base; *p; p++)
		if (*p == '-')
			*p = '_';
	name = strdup(base);
	free(copy);
	return name;
}

static struct module_loader *loader_find_locked(const char *name)
{
	for (struct module_loader *l = loaded; l; l = l->next)
		if (!strcmp(l->name, name))
			return l;
	return NULL;
}

static int loader_open(const char *path, struct module_loader *l)
{
	char *real = realpath(path, NULL);

	if (!real)
		return -errno;
	l->path = real;
	for (struct module_loader *o = loaded; o; o = o->next)
		if (!strcmp(o->path, real))
			return -EEXIST;
	loading = NULL;
	l->handle = dlopen(real, RTLD_NOW | RTLD_LOCAL);
	if (!l->handle) {
		pr_err_lib("%s: %s", path, dlerror());
		return -ENOEXEC;
	}
	l->mod = loading;
	if (!l->mod || !l->mod->init) {
		pr_err_lib("%s: not a libcdev module (no module_init())", path);
		return -ENOEXEC;
	}
	return 0;
}

static void loader_free(struct module_loader *l)
{
	if (l->handle)
		dlclose(l->handle);
	free(l->path);
	free(l->name);
	free(l);
}

_public_ int libcdev_module_load(const char *path, struct module **modp)
{
	struct module_loader *l;
	int err;

	if (!path || !modp)
		return -EINVAL;
	if (access(path, R_OK) < 0)
		return -errno;
	l = calloc(1, sizeof(*l));
	if (!l)
		return -ENOMEM;
	pthread_mutex_lock(&loader_lock);
	err = loader_open(path, l);
	if (err)
		goto out_free;
	l->name = l->mod->name ? strdup(l->mod->name) : name_from_path(path);
	err = -ENOMEM;
	if (!l->name)
		goto out_free;
	err = -EEXIST;
	if (loader_find_locked(l->name))
		goto out_free;
	l->mod->name = l->name;
	l->mod->loader = l;
	atomic_set_int(&l->mod->state, MODULE_STATE_COMING);
	l->next = loaded;
	loaded = l;
	pthread_mutex_unlock(&loader_lock);
	*modp = l->mod;
	return 0;

out_free:
	pthread_mutex_unlock(&loader_lock);
	loader_free(l);
	return err;
}

static struct kernel_param *param_find(struct module *mod, const char *name, size_t len)
{
	for (struct kernel_param *kp = mod->params; kp; kp = kp->next) {
		size_t i;

		if (strlen(kp->name) != len)
			continue;
		/* parameq(): '-' and '_' are the same in parameter names. */
		for (i = 0; i < len; i++)
			if (kp->name[i] != name[i] &&
			    !((kp->name[i] == '-' || kp->name[i] == '_') &&
			      (name[i] == '-' || name[i] == '_')))
				break;
		if (i == len)
			return kp;
	}
	return NULL;
}

_public_ int libcdev_module_param(struct module *mod, const char *arg)
{
	const char *eq;
	struct kernel_param *kp;

	if (!mod || !arg)
		return -EINVAL;
	eq = strchr(arg, '=');
	kp = param_find(mod, arg, eq ? (size_t)(eq - arg) : strlen(arg));
	if (!kp)
		return -ENOENT;
	return kp->ops->set(eq ? eq + 1 : NULL, kp);
}

static void loader_unlink(struct module_loader *l)
{
	struct module_loader **pp;

	pthread_mutex_lock(&loader_lock);
	for (pp = &loaded; *pp && *pp != l; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = l->next;
	pthread_mutex_unlock(&loader_lock);
}

_public_ int libcdev_module_start(struct module *mod)
{
	struct module_loader *l;
	int err;

	if (!mod || !mod->loader)
		return -EINVAL;
	l = mod->loader;
	printk_set_prefix(mod->name);
	err = mod->init();
	if (err > 0)
		err = -err;	/* a positive return is a bug the kernel also turns into an error */
	if (err) {
		params_free(mod);
		loader_unlink(l);
		loader_free(l);
		return err;
	}
	atomic_set_int(&mod->state, MODULE_STATE_LIVE);
	return 0;
}

_public_ int libcdev_module_unload(struct module *mod, bool force)
{
	struct module_loader *l;
	bool started, keep_mapped = false;
	int err, left;

	if (!mod || !mod->loader)
		return -EINVAL;
	l = mod->loader;
	/* Never started (bad parameters...): its init did not run, so neither does exit. */
	started = atomic_read_int(&mod->state) != MODULE_STATE_COMING;
	err = libcdev_module_stop(mod, force);
	if (err && err != -EALREADY)
		return err;
	if (started && mod->exit)
		mod->exit();
	/* What exit() left running would run unmapped code: cancel it, wait, report. */
	left = libcdev_module_defer_stop(mod, &keep_mapped);
	err = kcheck_module_unload(mod, (unsigned int)left);
	params_free(mod);
	loader_unlink(l);
	/* Forced with files still open: their methods must stay mapped. */
	if (module_refcount(mod) > 0 || keep_mapped)
		l->handle = NULL;
	loader_free(l);
	return err;
}

_public_ const char *libcdev_module_path(const struct module *mod)
{
	const struct module_loader *l = mod ? mod->loader : NULL;

	return l ? l->path : NULL;
}
