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

#include <libcdev/names.h>

enum module_state {
	MODULE_STATE_LIVE = 0, /* normal state */
	MODULE_STATE_COMING,   /* being initialised */
	MODULE_STATE_GOING,    /* being removed: no new references */
	MODULE_STATE_UNFORMED, /* still being set up (never seen by a module here) */
};

struct kernel_param;

/** struct module - a unit of driver code; fields are private */
struct module {
	const char *name;
	int state;		     /* enum module_state, accessed atomically */
	int refcnt;		     /* atomic; MODULE_REF_BASE while unused */
	int (*init)(void);	     /* set by module_init() */
	void (*exit)(void);	     /* set by module_exit() */
	struct kernel_param *params; /* set by module_param() */
	void *loader;		     /* the loader's own state */
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
__attribute__((weak, visibility("hidden"))) struct module __this_module = {
	.name = KBUILD_MODNAME,
	.state = MODULE_STATE_LIVE,
	.refcnt = MODULE_REF_BASE,
};

#define THIS_MODULE (&__this_module)

/*
 * module_init()/module_exit() and module_param() record themselves in
 * THIS_MODULE from constructors, which run when the loader dlopen()s the
 * module; MODULE_LICENSE() and friends go to the ELF section .modinfo, as in
 * the kernel, so `cdevctl modinfo` reads them without running any code.
 */
void libcdev_module_set_init(struct module *mod, int (*fn)(void));
void libcdev_module_set_exit(struct module *mod, void (*fn)(void));

#define __LIBCDEV_PASTE2(a, b) a##b
#define __LIBCDEV_PASTE(a, b)  __LIBCDEV_PASTE2(a, b)
#define __LIBCDEV_UNIQUE_ID(p) __LIBCDEV_PASTE(__libcdev_##p##_, __COUNTER__)

#define module_init(initfn)                                                   \
	static int (*__libcdev_check_init(void))(void)                        \
	{                                                                     \
		return initfn;                                                \
	}                                                                     \
	__attribute__((constructor)) static void __libcdev_init_ctor(void)    \
	{                                                                     \
		libcdev_module_set_init(THIS_MODULE, __libcdev_check_init()); \
	}

#define module_exit(exitfn)                                                   \
	static void (*__libcdev_check_exit(void))(void)                       \
	{                                                                     \
		return exitfn;                                                \
	}                                                                     \
	__attribute__((constructor)) static void __libcdev_exit_ctor(void)    \
	{                                                                     \
		libcdev_module_set_exit(THIS_MODULE, __libcdev_check_exit()); \
	}

#define __MODULE_INFO(tag, info)                                                 \
	__attribute__((section(".modinfo"), used, aligned(1))) static const char \
	__LIBCDEV_UNIQUE_ID(tag)[] = #tag "=" info

#define MODULE_INFO(tag, info)	  __MODULE_INFO(tag, info)
#define MODULE_LICENSE(_license)  __MODULE_INFO(license, _license)
#define MODULE_AUTHOR(_author)	  __MODULE_INFO(author, _author)
#define MODULE_DESCRIPTION(_desc) __MODULE_INFO(description, _desc)
#define MODULE_VERSION(_version)  __MODULE_INFO(version, _version)
#define MODULE_ALIAS(_alias)	  __MODULE_INFO(alias, _alias)

/*
 * The loader, for cdevctl and for programs that host modules themselves.
 * A module is a shared object built with `pkg-config --cflags --libs libcdev`.
 */

/**
 * libcdev_module_load - dlopen() a module; its init has not run yet
 * @path: the .so file
 * @modp: set to the module
 *
 * A module that uses symbols exported by modules loaded before it holds a
 * reference on each of those modules until it is unloaded.
 *
 * Return: 0; -ENOENT (no such file, or it needs a symbol that no module
 * exports: libcdev_module_unknown_symbol() names it); -ENOEXEC (not a shared
 * object, or no module_init() in it); -ENOTUNIQ (it exports a symbol that a
 * loaded module exports); -EEXIST (a module of that name is loaded); -ENOMEM.
 */
int libcdev_module_load(const char *path, struct module **modp);

/**
 * libcdev_module_param - set a parameter from "name=value" ("name" alone: a bool's true)
 *
 * Return: 0; -ENOENT (unknown parameter); -EINVAL (bad value); -ENOSPC
 * (too many array elements); -ENOMEM.
 */
int libcdev_module_param(struct module *mod, const char *arg);

/**
 * libcdev_module_params_free - free the strings libcdev_module_param() copied
 * into @mod's charp parameters (each such parameter is then NULL); defaults
 * the module set itself are left alone. The loader calls it at unload; a
 * program that sets the parameters of a module of its own calls it when done.
 */
void libcdev_module_params_free(struct module *mod);

/**
 * libcdev_module_start - run the module's init function
 *
 * Return: 0, or init's negative errno, after which the module is unloaded
 * and @mod is gone.
 */
int libcdev_module_start(struct module *mod);

/**
 * libcdev_module_unload - run module_exit() and dlclose() the module
 * @force: even while files are open (they keep their references)
 *
 * What the module left behind (timers, works, threads) is cancelled and
 * reported, and a summary of the problems the kernel's rules found is
 * printed (libcdev-kernel(7)).
 *
 * Return: 0; -EBUSY while in use and not @force; -EWOULDBLOCK while another
 * module uses its symbols (nothing changed in both cases); -ENOTRECOVERABLE
 * when LIBCDEV_STRICT=1 is set and problems were found (the module is
 * unloaded all the same).
 */
int libcdev_module_unload(struct module *mod, bool force);

/** libcdev_module_path - the file a loaded module came from */
const char *libcdev_module_path(const struct module *mod);

/*
 * Symbols between modules, as EXPORT_SYMBOL() and the kernel's module loader
 * do: a module that exports symbols joins the global scope of the process,
 * where the modules loaded after it link to them; each module that links to
 * one holds a reference on it, so it is unloaded first. libcdev-kernel(7).
 */

/**
 * libcdev_module_export - what EXPORT_SYMBOL() records from a constructor
 * @gpl_only: EXPORT_SYMBOL_GPL(): only for modules under a GPL-compatible
 *            licence (MODULE_LICENSE())
 */
void libcdev_module_export(struct module *mod, const char *name, bool gpl_only);

/**
 * libcdev_module_holders - the modules that use @mod's exported symbols
 * @names: filled with up to @max of their names
 *
 * Return: how many there are (may be more than @max).
 */
size_t libcdev_module_holders(struct module *mod, const char **names, size_t max);

/**
 * libcdev_module_unknown_symbol - why a module does not load: the first
 * symbol it needs that nothing loaded defines, or that a loaded module
 * defines without exporting it to it (not at all, or with
 * EXPORT_SYMBOL_GPL() to a module not under the GPL): the kernel's "Unknown
 * symbol"
 * @name: where to put the name, @size bytes
 *
 * Return: 0 with @name set; -ENOENT when it lacks no symbol; -ENOEXEC (not
 * an ELF64 shared object) or another -errno of reading @path.
 */
int libcdev_module_unknown_symbol(const char *path, char *name, size_t size);

/*
 * What a module file says of itself, read without loading it: the
 * "key=value" strings of its .modinfo section (MODULE_LICENSE(),
 * MODULE_PARM_DESC(), ...) and the symbols it needs from others. `cdevctl
 * modinfo` prints them. The file is untrusted: every offset and size in it is
 * checked before use. libcdev_module_info(3).
 */
struct libcdev_module_info;

/**
 * libcdev_module_info_open - read a module file without loading it
 * @path: the .so file, a regular file
 * @infop: set to the info, for the other libcdev_module_info_*() calls
 *
 * Return: 0; -ENOEXEC (not a well-formed 64-bit ELF shared object: its
 * header, its section header table or its section-name table lies outside
 * the file, or it is empty or not a regular file); -EINVAL (a NULL
 * argument); -ENOMEM; another -errno of opening or mapping @path.
 */
int libcdev_module_info_open(const char *path, struct libcdev_module_info **infop);

/**
 * libcdev_module_info_open_image - the same, of a module image in memory
 * @image: the file's bytes, at any alignment; kept by the caller until
 *         libcdev_module_info_close()
 * @size: how many
 * @infop: set to the info
 *
 * Return: 0; -ENOEXEC; -EINVAL (a NULL argument); -ENOMEM.
 */
int libcdev_module_info_open_image(const void *image, size_t size,
				   struct libcdev_module_info **infop);

/** libcdev_module_info_close - free @info and what it read; NULL is allowed */
void libcdev_module_info_close(struct libcdev_module_info *info);

/**
 * libcdev_module_info_next - the next value of a .modinfo key, in file order
 * @info: from libcdev_module_info_open()
 * @key: e.g. "license" or "parm"; NULL for every non-empty entry, whole
 *       ("key=value")
 * @pos: where to go on from: 0 for the first, then left as this call moved it
 * @value: set to the value (after "@key="), NUL-terminated, valid until
 *         libcdev_module_info_close()
 *
 * Return: 1 with @value set; 0 after the last; -ENODATA (the file has no
 * .modinfo section: not a libcdev module); -ENOEXEC (a section header before
 * .modinfo lies outside the file); -EINVAL (a NULL argument).
 */
int libcdev_module_info_next(const struct libcdev_module_info *info, const char *key, size_t *pos,
			     const char **value);

/**
 * libcdev_module_info_next_needed - the next symbol the module needs from others
 * @info: from libcdev_module_info_open()
 * @pos: 0 for the first, then left as this call moved it
 * @name: set to the symbol's name, valid until libcdev_module_info_close()
 * @weak: set to whether it is a weak reference (the module loads without it)
 *
 * These are the undefined entries of its dynamic symbol table, as the loader
 * links them (libcdev_module_unknown_symbol()).
 *
 * Return: 1 with @name and @weak set; 0 after the last (or when it has no
 * dynamic symbol table); -ENOEXEC (the table, its string table or a section
 * header before it lies outside the file, or its entries are not ELF64
 * symbols); -EINVAL (a NULL argument).
 */
int libcdev_module_info_next_needed(const struct libcdev_module_info *info, size_t *pos,
				    const char **name, bool *weak);

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

/*
 * Loading a module on demand (kernel/kmod.c): request_module() runs
 * modprobe_path as "PATH -q -- NAME" and, waiting, returns its wait status
 * (0 when it exited 0). The path is empty by default, so autoloading is off
 * and a request fails with -ENOENT, as in a kernel whose modprobe path is
 * cleared; a program that loads modules (cdevctl modprobe) can be named.
 */
#define KMOD_PATH_LEN	256
#define MODULE_NAME_LEN (64 - sizeof(unsigned long))
extern char modprobe_path[KMOD_PATH_LEN];

/**
 * __request_module - run modprobe_path for the module named by @fmt
 * @wait: wait for it to exit (request_module()) or not (request_module_nowait())
 *
 * Return: the wait status of modprobe_path (0 on success), 0 when not
 * waiting; -ENOENT (no modprobe_path), -ENAMETOOLONG (a name of
 * MODULE_NAME_LEN or more), or the negative errno of starting it.
 */
int __request_module(bool wait, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/**
 * libcdev_module_stop - mark a module as going, as delete_module(2) does
 * @mod: the module
 * @force: stop it even if users hold references
 *
 * From then on try_module_get() fails, so its devices can no longer be opened
 * (-ENXIO). Files already open keep their references.
 *
 * Return: 0; -EBUSY if the module is in use or permanent (it has a
 * module_init() and no module_exit(), libcdev_module_is_permanent()) and
 * @force is false;
 * -EWOULDBLOCK, even with @force, while a module uses its exported symbols
 * (libcdev_module_holders()); -EINVAL for NULL; -EALREADY if it is already going.
 */
int libcdev_module_stop(struct module *mod, bool force);

/**
 * libcdev_module_is_permanent - whether a module can only be removed by force
 * @mod: the module
 *
 * A module with a module_init() and no module_exit() is one, as in the
 * kernel, whose delete_module(2) refuses it (-EBUSY) unless forced. When
 * it goes, what it still holds is released and named, but not counted as
 * left behind by the rule checks (the kernel never unloads it).
 */
bool libcdev_module_is_permanent(const struct module *mod);

/**
 * libcdev_module_set_live - make a stopped module live again (a failed unload)
 */
void libcdev_module_set_live(struct module *mod);

#endif
