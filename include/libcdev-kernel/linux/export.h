/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/export.h>. EXPORT_SYMBOL() checks that the symbol
 * exists and records its name in THIS_MODULE when the module is opened: the
 * loader then puts the module in the process's global scope, where the
 * modules loaded after it in the same host link to the symbol, and keeps
 * them from being unloaded after it. Names a module does not export stay its
 * own: libcdev-kernel.pc links modules with -Bsymbolic, and a module that
 * needs a name another one defines but does not export fails to load
 * ("Unknown symbol"), as in the kernel. See libcdev-kernel(7).
 *
 * EXPORT_SYMBOL_GPL() symbols are for modules whose MODULE_LICENSE() is
 * GPL-compatible, as the kernel decides it; namespaces are not checked.
 */
#ifndef LIBCDEV_KERNEL_LINUX_EXPORT_H
#define LIBCDEV_KERNEL_LINUX_EXPORT_H

#include <libcdev/module.h>

#define __LIBCDEV_EXPORT(sym, gpl_only)                                       \
	__attribute__((constructor)) static void __libcdev_export_##sym(void) \
	{                                                                     \
		libcdev_module_export(THIS_MODULE, #sym, gpl_only);           \
	}                                                                     \
	extern __typeof__(sym) sym

#define EXPORT_SYMBOL(sym)	      __LIBCDEV_EXPORT(sym, false)
#define EXPORT_SYMBOL_GPL(sym)	      __LIBCDEV_EXPORT(sym, true)
#define EXPORT_SYMBOL_NS(sym, ns)     __LIBCDEV_EXPORT(sym, false)
#define EXPORT_SYMBOL_NS_GPL(sym, ns) __LIBCDEV_EXPORT(sym, true)

#endif
