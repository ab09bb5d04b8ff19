/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef LIBCDEV_MODULE_PRIVATE_H
#define LIBCDEV_MODULE_PRIVATE_H

#include <stdbool.h>

/* Called for each symbol a module needs; a non-zero return stops the walk with it. */
typedef int (*module_symbol_fn)(const char *name, bool weak, void *data);

/*
 * Call @fn for each undefined symbol of the dynamic symbol table of the
 * 64-bit ELF shared object @path (elf.c, libcdev_module_info_next_needed()).
 * Return: 0, what @fn returned, -ENOEXEC (not a well-formed ELF64 shared
 * object) or -errno of opening it.
 */
int module_each_needed_symbol(const char *path, module_symbol_fn fn, void *data);

/*
 * Whether the module @path says (MODULE_LICENSE, in .modinfo) it is under a
 * GPL-compatible licence, as the kernel decides it: 1, 0, or -errno.
 */
int module_license_gpl(const char *path);

/* The name of the loaded module whose code is at @addr, or NULL. */
const char *module_name_of_code(const void *addr);

struct module;

/* Whether other loaded modules use @mod's exports (module-loader.c); they go first. */
bool loader_has_holders(const struct module *mod);

#endif
