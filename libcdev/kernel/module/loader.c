/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/module/main.c:
 * the module loader: a module file opened with dlopen(), its
 * EXPORT_SYMBOL()s linked to the modules that use them, its parameters, its
 * init and exit, and its unload. A file of its own: module.c keeps only the
 * reference counts, which every driver call takes, as kernel/module/main.c
 * keeps them apart from the loading.
 */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <libgen.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"
#include "kernel/internal.h"
#include "backend/backend.h"

/* How long a forced unload waits for the methods of its interrupted files. */
#define HANGUP_WAIT_MS 2000

struct module_export {
	const char *name;
	bool gpl_only; /* EXPORT_SYMBOL_GPL() */
};

struct module_loader {
	struct module_loader *next;
	struct module *mod;
	void *handle;
	void *global; /* the handle that put its exports in the global scope */
	char *path;
	char *name;
	struct module_export *exports; /* EXPORT_SYMBOL()s */
	size_t nexports;
	struct module_loader **uses; /* the modules whose exports it links to */
	size_t nuses;
	int holders; /* modules that use it; under loader_lock */
	bool gpl;    /* under a GPL-compatible licence: may use _GPL exports */
};

/* dlopen() runs the module's constructors, which find their module here. */
static pthread_mutex_t loader_lock = PTHREAD_MUTEX_INITIALIZER;
static struct module *loading;
static struct module_loader *loaded;
static struct module_export *exporting; /* the EXPORT_SYMBOL()s of the module being opened */
static size_t nexporting;
/* This thread runs a module's constructors, with loader_lock held. */
static __thread bool opening;

bool loader_has_holders(const struct module *mod)
{
	const struct module_loader *l = mod->loader;
	bool held;

	if (!l)
		return false;
	pthread_mutex_lock(&loader_lock);
	held = l->holders > 0;
	pthread_mutex_unlock(&loader_lock);
	return held;
}

_public_ void libcdev_module_export(struct module *mod, const char *name, bool gpl_only)
{
	struct module_export *v = realloc(exporting, (nexporting + 1) * sizeof(*v));

	if (!v) {
		pr_err_lib("%s: no memory to export %s", module_name(mod), name);
		return;
	}
	exporting = v;
	v[nexporting++] = (struct module_export){ .name = name, .gpl_only = gpl_only };
	loading = mod;
}

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

static struct module_loader *loader_find_path_locked(const char *path)
{
	for (struct module_loader *l = loaded; l; l = l->next)
		if (!strcmp(l->path, path))
			return l;
	return NULL;
}

struct module *loader_module_of_file(const char *path)
{
	struct module_loader *l;

	pthread_mutex_lock(&loader_lock);
	l = path ? loader_find_path_locked(path) : NULL;
	pthread_mutex_unlock(&loader_lock);
	return l ? l->mod : NULL;
}

void *loader_dlsym_any(const char *name)
{
	void *addr = NULL;

	pthread_mutex_lock(&loader_lock);
	for (struct module_loader *l = loaded; l && !addr; l = l->next)
		addr = dlsym(l->handle, name);
	pthread_mutex_unlock(&loader_lock);
	return addr;
}

/* Whether @l exports @name to a module that is (@gpl) or is not under the GPL. */
static bool loader_exports_to(const struct module_loader *l, const char *name, bool gpl)
{
	for (size_t i = 0; i < l->nexports; i++)
		if (!strcmp(l->exports[i].name, name))
			return gpl || !l->exports[i].gpl_only;
	return false;
}

static bool loader_exports(const struct module_loader *l, const char *name)
{
	return loader_exports_to(l, name, true);
}

/*
 * A symbol a module needs, looked up as the dynamic linker binds it: in the
 * global scope, where the modules that export symbols are. *@owner is the
 * loaded module that defines it (NULL: the program or a library).
 * Return: 0; -ENOENT when nothing defines it, or when a module defines it
 * without exporting it, or only with EXPORT_SYMBOL_GPL() while the user (@gpl
 * false) is not under the GPL (the kernel's "Unknown symbol").
 */
static int symbol_owner_locked(const char *name, bool weak, bool gpl, struct module_loader **owner)
{
	void *addr = dlsym(RTLD_DEFAULT, name);
	Dl_info info;

	*owner = NULL;
	if (!addr)
		return weak ? 0 : -ENOENT;
	if (!dladdr(addr, &info) || !info.dli_fname)
		return 0;
	*owner = loader_find_path_locked(info.dli_fname);
	return *owner && !loader_exports_to(*owner, name, gpl) ? -ENOENT : 0;
}

struct unknown_symbol {
	char *buf;
	size_t size;
	bool gpl;
};

static int find_unknown(const char *name, bool weak, void *data)
{
	struct unknown_symbol *u = data;
	struct module_loader *owner;

	if (!symbol_owner_locked(name, weak, u->gpl, &owner))
		return 0;
	snprintf(u->buf, u->size, "%s", name);
	return 1;
}

_public_ int libcdev_module_unknown_symbol(const char *path, char *name, size_t size)
{
	struct unknown_symbol u = { .buf = name, .size = size };
	int ret;

	if (!path || !name || !size)
		return -EINVAL;
	u.gpl = module_license_gpl(path) > 0;
	pthread_mutex_lock(&loader_lock);
	ret = module_each_needed_symbol(path, find_unknown, &u);
	pthread_mutex_unlock(&loader_lock);
	if (ret < 0)
		return ret;
	return ret ? 0 : -ENOENT;
}

/* dlopen() failed: name the symbol if that is why, as the kernel does. */
static int loader_open_failed(const char *path, const char *real)
{
	const char *e = dlerror();
	char *why = strdup(e ? e : "dlopen failed");
	char sym[256];
	struct unknown_symbol u = { .buf = sym,
				    .size = sizeof(sym),
				    .gpl = module_license_gpl(real) > 0 };
	int err = -ENOEXEC;

	if (module_each_needed_symbol(real, find_unknown, &u) > 0) {
		pr_err_lib("%s: Unknown symbol %s", path, sym);
		err = -ENOENT;
	} else {
		pr_err_lib("%s: %s", path, why ? why : "dlopen failed");
	}
	free(why);
	return err;
}

static void loader_take_exports(struct module_loader *l)
{
	l->exports = exporting;
	l->nexports = nexporting;
	exporting = NULL;
	nexporting = 0;
}

static int loader_open(const char *path, struct module_loader *l)
{
	char *real = realpath(path, NULL);

	if (!real)
		return -errno;
	l->path = real;
	if (loader_find_path_locked(real))
		return -EEXIST;
	loading = NULL;
	/* What a program exported at its start belongs to no module. */
	free(exporting);
	exporting = NULL;
	nexporting = 0;
	opening = true;
	l->handle = dlopen(real, RTLD_NOW | RTLD_LOCAL);
	opening = false;
	loader_take_exports(l);
	if (!l->handle)
		return loader_open_failed(path, real);
	l->mod = loading;
	/* init is optional, as in the kernel: a library module only exports. */
	if (!l->mod) {
		pr_err_lib("%s: not a libcdev module (no module_init(), no EXPORT_SYMBOL())", path);
		return -ENOEXEC;
	}
	return 0;
}

static int add_use(struct module_loader *l, struct module_loader *used)
{
	struct module_loader **v;

	for (size_t i = 0; i < l->nuses; i++)
		if (l->uses[i] == used)
			return 0;
	v = realloc(l->uses, (l->nuses + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	l->uses = v;
	l->uses[l->nuses++] = used;
	return 0;
}

static int link_symbol(const char *name, bool weak, void *data)
{
	struct module_loader *l = data, *owner;

	if (symbol_owner_locked(name, weak, l->gpl, &owner)) {
		if (owner && loader_exports(owner, name))
			pr_err_lib("%s: Unknown symbol %s (%s exports it to GPL modules only)",
				   l->name, name, owner->name);
		else
			pr_err_lib("%s: Unknown symbol %s (%s does not export it)", l->name, name,
				   owner ? owner->name : "nothing");
		return -ENOENT;
	}
	return owner && owner != l ? add_use(l, owner) : 0;
}

static int check_duplicate_exports(const struct module_loader *l)
{
	for (size_t i = 0; i < l->nexports; i++)
		for (const struct module_loader *o = loaded; o; o = o->next)
			if (loader_exports(o, l->exports[i].name)) {
				pr_err_lib("%s: exports duplicate symbol %s (owned by %s)", l->name,
					   l->exports[i].name, o->name);
				return -ENOTUNIQ;
			}
	return 0;
}

/* Whether @handle's own references bind to itself (-Bsymbolic). */
static bool linked_symbolic(void *handle)
{
	struct link_map *map;

	if (dlinfo(handle, RTLD_DI_LINKMAP, &map) || !map->l_ld)
		return false;
	for (const ElfW(Dyn) *d = map->l_ld; d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_SYMBOLIC ||
		    (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_SYMBOLIC)))
			return true;
	return false;
}

static bool any_exports_locked(void)
{
	for (const struct module_loader *o = loaded; o; o = o->next)
		if (o->nexports)
			return true;
	return false;
}

/*
 * Link @l to the modules loaded before it, as the kernel's resolve_symbol():
 * each module whose exports it uses gets a reference (it cannot be unloaded
 * first), and a module that exports joins the global scope, where the next
 * ones find its symbols. Its other names stay its own: a kernel-style module
 * is linked with -Bsymbolic (libcdev-kernel.pc).
 */
static int loader_link_locked(struct module_loader *l)
{
	int err;

	l->gpl = module_license_gpl(l->path) > 0;
	err = module_each_needed_symbol(l->path, link_symbol, l);

	if (!err)
		err = check_duplicate_exports(l);
	if (err)
		return err;
	if (any_exports_locked() && !linked_symbolic(l->handle))
		pr_err_lib(
			"%s: not linked with -Bsymbolic (pkg-config --libs libcdev-kernel): a name"
			" it shares with a module that exports symbols may bind to that module's",
			l->name);
	if (l->nexports) {
		l->global = dlopen(l->path, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
		if (!l->global) {
			pr_err_lib("%s: %s", l->path, dlerror());
			return -ENOEXEC;
		}
	}
	for (size_t i = 0; i < l->nuses; i++) {
		__module_get(l->uses[i]->mod);
		l->uses[i]->holders++;
	}
	return 0;
}

static void loader_free(struct module_loader *l)
{
	pthread_mutex_lock(&loader_lock);
	/* Taken only once linked: a module that failed earlier holds nothing. */
	for (size_t i = 0; l->mod && l->mod->loader == l && i < l->nuses; i++) {
		l->uses[i]->holders--;
		module_put(l->uses[i]->mod);
	}
	pthread_mutex_unlock(&loader_lock);
	if (l->global)
		dlclose(l->global);
	if (l->handle)
		dlclose(l->handle);
	free(l->uses);
	free(l->exports);
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
	err = loader_link_locked(l);
	if (err)
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
	jiffies_touch();
	/* The tracefs files of the events its objects listed when opened. */
	trace_publish();
	err = mod->init ? mod->init() : 0;
	if (err > 0)
		err = -err; /* a positive return is a bug the kernel also turns into an error */
	if (err) {
		libcdev_module_params_free(mod);
		loader_unlink(l);
		printk_set_prefix(NULL);
		loader_free(l);
		return err;
	}
	atomic_set_int(&mod->state, MODULE_STATE_LIVE);
	/* And those of what its init traced (trace_printk(), instances). */
	trace_publish();
	return 0;
}

/*
 * Forced with files open: hang them up first, so that no method of theirs
 * runs into what exit() frees, and their ->release runs as at a last close.
 */
static void unload_hangup(struct module *mod)
{
	int stuck = vfs_hangup_module(mod, HANGUP_WAIT_MS);

	if (stuck)
		libcdev_log(LOG_WARNING,
			    "%s: %d open files still in a method %d ms after their hang-up: "
			    "exit runs anyway; their methods stay mapped",
			    mod->name, stuck, HANGUP_WAIT_MS);
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
	printk_set_prefix(mod->name);
	if (module_refcount(mod) > 0)
		unload_hangup(mod);
	if (started && mod->exit)
		mod->exit();
	/* What exit() left running would run unmapped code: cancel it, wait, report. */
	left = libcdev_module_defer_stop(mod, &keep_mapped);
	err = kcheck_module_unload(mod, (unsigned int)left, libcdev_module_is_permanent(mod));
	libcdev_module_params_free(mod);
	loader_unlink(l);
	/* Forced with files still open: their methods must stay mapped. */
	if (module_refcount(mod) > 0 || keep_mapped)
		l->handle = l->global = NULL;
	printk_set_prefix(NULL); /* its name goes with it */
	loader_free(l);
	return err;
}

const char *module_name_of_code(const void *addr)
{
	const struct module_loader *l;
	Dl_info info;

	/* A constructor that prints: the lock is ours already. */
	if (opening || !dladdr(addr, &info) || !info.dli_fname)
		return NULL;
	pthread_mutex_lock(&loader_lock);
	l = loader_find_path_locked(info.dli_fname);
	pthread_mutex_unlock(&loader_lock);
	/* The name lives as long as the code that prints it. */
	return l ? l->name : NULL;
}

bool module_owns_code(const struct module *mod, const void *addr)
{
	const char *name = module_name_of_code(addr);

	return name && mod && mod->name && !strcmp(name, mod->name);
}

_public_ size_t libcdev_module_holders(struct module *mod, const char **names, size_t max)
{
	size_t n = 0;

	if (!mod || !mod->loader)
		return 0;
	pthread_mutex_lock(&loader_lock);
	for (struct module_loader *o = loaded; o; o = o->next)
		for (size_t i = 0; i < o->nuses; i++)
			if (o->uses[i] == mod->loader) {
				if (n < max)
					names[n] = o->name;
				n++;
			}
	pthread_mutex_unlock(&loader_lock);
	return n;
}

_public_ const char *libcdev_module_path(const struct module *mod)
{
	const struct module_loader *l = mod ? mod->loader : NULL;

	return l ? l->path : NULL;
}
