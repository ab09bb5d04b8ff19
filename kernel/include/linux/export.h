/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/export.h>. EXPORT_SYMBOL() checks that the symbol
 * exists and leaves it a global of the module; see libcdev-kernel(7) for
 * using it from another module.
 */
#ifndef LIBCDEV_KERNEL_LINUX_EXPORT_H
#define LIBCDEV_KERNEL_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)		extern __typeof__(sym) sym
#define EXPORT_SYMBOL_GPL(sym)		extern __typeof__(sym) sym
#define EXPORT_SYMBOL_NS(sym, ns)	extern __typeof__(sym) sym
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	extern __typeof__(sym) sym

#endif
