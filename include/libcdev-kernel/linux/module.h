/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/module.h>: module_init()/module_exit(),
 * MODULE_*(), THIS_MODULE, try_module_get()/module_put().
 *
 * KBUILD_MODNAME names the module, as kbuild passes it to every object of a
 * module (-DKBUILD_MODNAME='"name"'); cdev-kbuild(1) and the examples' build
 * do the same. Without it, the name comes from the file's name at load time,
 * and pr_fmt() cannot use it.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MODULE_H
#define LIBCDEV_KERNEL_LINUX_MODULE_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/moduleparam.h>
#include <linux/stat.h>
#include <linux/stringify.h>
#include <libcdev/module.h>

/*
 * Every module is loaded, never built in: the initcall levels of built-in
 * code are its module_init(), as the kernel's <linux/module.h> makes them
 * for a module build.
 */
#define early_initcall(fn)	   module_init(fn)
#define core_initcall(fn)	   module_init(fn)
#define core_initcall_sync(fn)	   module_init(fn)
#define postcore_initcall(fn)	   module_init(fn)
#define postcore_initcall_sync(fn) module_init(fn)
#define arch_initcall(fn)	   module_init(fn)
#define subsys_initcall(fn)	   module_init(fn)
#define subsys_initcall_sync(fn)   module_init(fn)
#define fs_initcall(fn)		   module_init(fn)
#define fs_initcall_sync(fn)	   module_init(fn)
#define rootfs_initcall(fn)	   module_init(fn)
#define device_initcall(fn)	   module_init(fn)
#define device_initcall_sync(fn)   module_init(fn)
#define late_initcall(fn)	   module_init(fn)
#define late_initcall_sync(fn)	   module_init(fn)
#define console_initcall(fn)	   module_init(fn)

#define MODULE_DEVICE_TABLE(type, name)
#define MODULE_FIRMWARE(_firmware) MODULE_INFO(firmware, _firmware)
#define MODULE_SOFTDEP(_softdep)   MODULE_INFO(softdep, _softdep)
#define MODULE_IMPORT_NS(ns)	   MODULE_INFO(import_ns, __stringify(ns))

/*
 * An exported symbol found by name, with a reference on the module that
 * has it (kernel/kallsyms.c; <libcdev/instrument.h>).
 */
void *__symbol_get(const char *name);
void __symbol_put(const char *name);
#define symbol_get(x) ((__typeof__(&x))(__symbol_get(__stringify(x))))
#define symbol_put(x) __symbol_put(__stringify(x))

#endif
