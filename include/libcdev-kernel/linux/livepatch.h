/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/livepatch.h>: the structures of a live patch and
 * the shadow variable API.
 *
 * Shadow variables are real: data attached to any object by the pair
 * (object address, id), found again, freed with a destructor, as the
 * kernel's kernel/livepatch/shadow.c keeps them.
 *
 * Redirecting functions is not done here: it needs the text of running
 * code rewritten, which user space cannot do safely. klp_enable_patch()
 * fails with -ENOEXEC, as loading a livepatch module fails on a kernel
 * built without CONFIG_LIVEPATCH (libcdev-kernel(7), "Instrumentation").
 */
#ifndef LIBCDEV_KERNEL_LINUX_LIVEPATCH_H
#define LIBCDEV_KERNEL_LINUX_LIVEPATCH_H

#include <errno.h>
#include <stdbool.h>

#include <linux/gfp.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/module.h>
/* What the kernel's <linux/module.h> brings with it (through <linux/kmod.h>). */
#include <linux/workqueue.h>
#include <libcdev/instrument.h>
#include <libcdev/printk.h>

/* Task patch states. */
#define KLP_UNDEFINED -1
#define KLP_UNPATCHED 0
#define KLP_PATCHED   1

/* A function to replace: @old_name (in the object) by @new_func. */
struct klp_func {
	const char *old_name;
	void *new_func;
	unsigned long old_sympos; /* 0: the name is unique; n: its n-th occurrence */
	void *old_func;		  /* private: the resolved address */
	struct list_head node;	  /* private */
	bool nop;
	bool patched;
	bool transition;
};

struct klp_object;

/* Called around patching and unpatching each object; pre_patch may veto. */
struct klp_callbacks {
	int (*pre_patch)(struct klp_object *obj);
	void (*post_patch)(struct klp_object *obj);
	void (*pre_unpatch)(struct klp_object *obj);
	void (*post_unpatch)(struct klp_object *obj);
	bool post_unpatch_enabled;
};

/* An object to patch: the kernel (@name NULL) or the module named @name. */
struct klp_object {
	const char *name;
	struct klp_func *funcs;
	struct klp_callbacks callbacks;
	struct module *mod; /* private: the module, once loaded */
	struct list_head node;
	bool dynamic;
	bool patched;
};

/* A system state a patch changes, for the patches that replace it. */
struct klp_state {
	unsigned long id;
	unsigned int version;
	void *data;
};

struct klp_patch {
	struct module *mod;	  /* the live patch module */
	struct klp_object *objs;  /* ended by an entry with a NULL @funcs */
	struct klp_state *states; /* ended by an entry with id 0 */
	bool replace;
	struct list_head list; /* private */
	bool enabled;
	bool forced;
};

#define klp_for_each_object_static(patch, obj) \
	for (obj = (patch)->objs; obj->funcs || obj->name; obj++)
#define klp_for_each_func_static(obj, func)                                                       \
	for (func = (obj)->funcs; func && (func->old_name || func->new_func || func->old_sympos); \
	     func++)

/*
 * The kernel redirects each function through ftrace; here that would mean
 * rewriting the text of running code. A kernel built without
 * CONFIG_LIVEPATCH refuses to load a livepatch module (-ENOEXEC): the
 * patch's init fails the same way, once the patch is checked as the
 * kernel checks it (-EINVAL).
 */
static inline int klp_enable_patch(struct klp_patch *patch)
{
	if (!patch || !patch->mod || !patch->objs)
		return -EINVAL;
	printk(KERN_ERR
	       "%s: module is marked as livepatch module, but livepatch support is disabled\n",
	       patch->mod->name ? patch->mod->name : "?");
	return -ENOEXEC;
}

/* The states of the patches installed: none is, ever. */
static inline struct klp_state *klp_get_state(struct klp_patch *patch, unsigned long id)
{
	struct klp_state *state;

	for (state = patch->states; state && state->id; state++)
		if (state->id == id)
			return state;
	return NULL;
}

static inline struct klp_state *klp_get_prev_state(unsigned long id)
{
	(void)id;
	return NULL;
}

#endif
