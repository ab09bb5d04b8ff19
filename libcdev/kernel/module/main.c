/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - module reference counts, as kernel/module/main.c keeps them:
 * refcnt is MODULE_REF_BASE plus one per user; stopping swaps the base for 0
 * atomically, so a module is either in use or going, never both.
 *
 * The loader, which opens module files and links their symbols, is in
 * loader.c.
 */
#include <errno.h>

#include "core/core.h"
#include "kernel/internal.h"

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

_public_ bool libcdev_module_is_permanent(const struct module *mod)
{
	return mod && mod->init && !mod->exit;
}

_public_ int libcdev_module_stop(struct module *mod, bool force)
{
	int base = MODULE_REF_BASE;

	if (!mod)
		return -EINVAL;
	/* Even forced, as delete_module(2): the users of its symbols go first. */
	if (loader_has_holders(mod))
		return -EWOULDBLOCK;
	if (!module_is_live(mod))
		return -EALREADY;
	/* Only forced, as delete_module(2): a module with an init needs an exit to go. */
	if (libcdev_module_is_permanent(mod) && !force)
		return -EBUSY;
	if (__atomic_compare_exchange_n(&mod->refcnt, &base, 0, false, __ATOMIC_ACQ_REL,
					__ATOMIC_ACQUIRE)) {
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
