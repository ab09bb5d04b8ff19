/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/kallsyms.c and kernel/module's symbol_get: the symbol
 * table of the "kernel", which here is the process: the program, its
 * libraries (this one among them) and the loaded modules, read through the
 * dynamic linker (dlsym, dladdr). Functions a file keeps static are not in
 * its dynamic symbols: their addresses print as numbers, as the kernel
 * prints an address it has no symbol for. The library's own functions are
 * named libcdev_NAME and shown under the kernel's NAME.
 */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"
#include "kernel/trace/ftrace.h"
#include <libcdev/instrument.h>

/* @name in the global scope, or the library's libcdev_@name. */
static void *global_lookup(const char *name)
{
	char prefixed[KSYM_NAME_LEN + sizeof(LIBCDEV_PREFIX)];
	void *addr = dlsym(RTLD_DEFAULT, name);

	if (!addr && strncmp(name, LIBCDEV_PREFIX, strlen(LIBCDEV_PREFIX)) &&
	    snprintf(prefixed, sizeof(prefixed), LIBCDEV_PREFIX "%s", name) < (int)sizeof(prefixed))
		addr = dlsym(RTLD_DEFAULT, prefixed);
	return addr;
}

/*
 * As the kernel's, the functions no module may call are found too: the
 * library's traceable functions that it does not export (kernel_clone).
 */
_public_ unsigned long kallsyms_lookup_name(const char *name)
{
	struct ftrace_site *site;
	void *addr;

	if (!name || !*name)
		return 0;
	addr = global_lookup(name);
	if (!addr)
		addr = loader_dlsym_any(name);
	if (!addr && (site = ftrace_site_named(name)))
		return site->ip;
	return (unsigned long)addr;
}

struct ksym {
	const char *name; /* NULL: no symbol holds the address */
	unsigned long offset, size;
	const char *module; /* NULL: not in a loaded module */
};

/* The symbol that holds @addr: found by dladdr() and checked against its size. */
static void ksym_find(unsigned long addr, struct ksym *k)
{
	const ElfW(Sym) *sym = NULL;
	struct module *mod;
	Dl_info info;

	memset(k, 0, sizeof(*k));
	if (!dladdr1((void *)addr, &info, (void **)&sym, RTLD_DL_SYMENT))
		return;
	mod = loader_module_of_file(info.dli_fname);
	k->module = mod ? module_name(mod) : NULL;
	if (!info.dli_sname || !sym)
		return;
	k->offset = addr - (unsigned long)info.dli_saddr;
	k->size = sym->st_size;
	/* Past its end: the address is in a static function after it. */
	if (k->offset && k->offset >= k->size)
		return;
	k->name = info.dli_sname;
	if (!strncmp(k->name, LIBCDEV_PREFIX, strlen(LIBCDEV_PREFIX)) && !mod)
		k->name += strlen(LIBCDEV_PREFIX);
}

static int ksym_print(char *buf, unsigned long addr, bool offset)
{
	struct ksym k;
	int n;

	ksym_find(addr, &k);
	if (!k.name)
		n = snprintf(buf, KSYM_SYMBOL_LEN, "%#lx", addr);
	else if (offset)
		n = snprintf(buf, KSYM_SYMBOL_LEN, "%.*s+0x%lx/0x%lx", KSYM_NAME_LEN - 1, k.name,
			     k.offset, k.size);
	else
		n = snprintf(buf, KSYM_SYMBOL_LEN, "%.*s", KSYM_NAME_LEN - 1, k.name);
	if (k.module && n >= 0 && (size_t)n < KSYM_SYMBOL_LEN)
		n += snprintf(buf + n, KSYM_SYMBOL_LEN - n, " [%s]", k.module);
	return n < (int)KSYM_SYMBOL_LEN ? n : (int)KSYM_SYMBOL_LEN - 1;
}

_public_ int sprint_symbol(char *buffer, unsigned long address)
{
	return ksym_print(buffer, address, true);
}

_public_ int sprint_symbol_no_offset(char *buffer, unsigned long address)
{
	return ksym_print(buffer, address, false);
}

_public_ int lookup_symbol_name(unsigned long addr, char *symname)
{
	struct ksym k;

	ksym_find(addr, &k);
	symname[0] = '\0';
	if (!k.name)
		return -ERANGE;
	snprintf(symname, KSYM_NAME_LEN, "%s", k.name);
	return 0;
}

/* The module whose file holds @addr, or NULL for the program and its libraries. */
static struct module *module_at(const void *addr)
{
	Dl_info info;

	return dladdr(addr, &info) ? loader_module_of_file(info.dli_fname) : NULL;
}

/*
 * Only what the global scope has: the program, its libraries and the
 * modules that export symbols, as the kernel's symbol_get() finds only
 * exported symbols.
 */
_public_ void *__symbol_get(const char *name)
{
	void *addr = name && *name ? global_lookup(name) : NULL;
	struct module *mod = addr ? module_at(addr) : NULL;

	if (mod && !try_module_get(mod))
		return NULL;
	return addr;
}

_public_ void __symbol_put(const char *name)
{
	void *addr = name && *name ? global_lookup(name) : NULL;

	if (addr)
		module_put(module_at(addr));
}
