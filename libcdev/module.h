/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the owner of driver code, after include/linux/module.h.
 *
 * Every shared object (or program) that includes this header gets one hidden
 * `struct module __this_module`, and THIS_MODULE points at it. An open file
 * holds a reference on its cdev's owner, so a module in use cannot be stopped.
 */
#ifndef LIBCDEV_MODULE_H
#define LIBCDEV_MODULE_H

#include <stdbool.h>
#include <stddef.h>

enum module_state {
	MODULE_STATE_LIVE = 0,	/* normal state */
	MODULE_STATE_COMING,	/* being initialised */
	MODULE_STATE_GOING,	/* being removed: no new references */
};

/** struct module - a unit of driver code; fields are private */
struct module {
	const char *name;
	int state;		/* enum module_state, accessed atomically */
	int refcnt;		/* atomic; MODULE_REF_BASE while unused */
};

/* The count a live, unused module holds, as in kernel/module/main.c. */
#define MODULE_REF_BASE 1

#ifndef KBUILD_MODNAME
#define KBUILD_MODNAME NULL
#endif

/*
 * One definition per shared object: weak merges the copies of all translation
 * units, hidden keeps each driver .so's own apart from the next one's.
 */
__attribute__((weak, visibility("hidden")))
struct module __this_module = {
	.name = KBUILD_MODNAME,
	.state = MODULE_STATE_LIVE,
	.refcnt = MODULE_REF_BASE,
};

#define THIS_MODULE (&__this_module)

/**
 * try_module_get - take a reference on a module unless it is going away
 * @mod: the module, or NULL (built-in code: always succeeds)
 *
 * Return: true if a reference was taken.
 */
bool try_module_get(struct module *mod);

/** __module_get - take a reference on a module known to be live */
void __module_get(struct module *mod);

/** module_put - drop a reference taken with try_module_get(); NULL is allowed */
void module_put(struct module *mod);

/** module_refcount - the references held by users (0 when unused) */
int module_refcount(struct module *mod);

/** module_name - the module's name, "(unnamed)" when it has none */
const char *module_name(const struct module *mod);

/**
 * libcdev_module_stop - mark a module as going, as delete_module(2) does
 * @mod: the module
 * @force: stop it even if users hold references
 *
 * From then on try_module_get() fails, so its devices can no longer be opened
 * (-ENXIO). Files already open keep their references.
 *
 * Return: 0; -EBUSY if the module is in use and @force is false; -EINVAL for
 * NULL; -EALREADY if it is already going.
 */
int libcdev_module_stop(struct module *mod, bool force);

/**
 * libcdev_module_set_live - make a stopped module live again (a failed unload)
 */
void libcdev_module_set_live(struct module *mod);

#endif
