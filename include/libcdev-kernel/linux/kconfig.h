/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kconfig.h>: the kernel configuration a driver sees,
 * which kbuild puts before every file (libcdev-kernel.pc's -include does
 * here). The CONFIG_ options defined are those that are true of libcdev's
 * "kernel": an x86_64 machine with loadable modules. Every other option is
 * unset, so a driver's code for it is left out as in a kernel built without
 * it (libcdev-kernel(7), "CONFIGURATION").
 *
 * IS_ENABLED(CONFIG_FOO) and the others are 1 or 0 in C expressions and in
 * #if, whether CONFIG_FOO is defined as 1 or not defined at all.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KCONFIG_H
#define LIBCDEV_KERNEL_LINUX_KCONFIG_H

#define CONFIG_X86	     1
#define CONFIG_X86_64	     1
#define CONFIG_64BIT	     1
#define CONFIG_MMU	     1
#define CONFIG_MODULES	     1
#define CONFIG_MODULE_UNLOAD 1
#define CONFIG_SMP	     1
#define CONFIG_PRINTK	     1
#define CONFIG_PROC_FS	     1
#define CONFIG_SYSFS	     1
#define CONFIG_DEBUG_FS	     1

/*
 * Whether a macro is defined as 1: "__libcdev_on_##1" becomes a macro with a
 * comma, which shifts a 1 into the second argument's place; any other
 * expansion (the name itself, when undefined) leaves the 0 there.
 */
#define __libcdev_on_1			   0,
#define __libcdev_second(_ignored, v, ...) v
#define __libcdev_pick(comma_or_junk)	   __libcdev_second(comma_or_junk 1, 0, 0)
#define __libcdev_glue_on(value)	   __libcdev_pick(__libcdev_on_##value)
#define __is_defined(x)			   __libcdev_glue_on(x)

/* Options set to m: there are none, every option here is built in or unset. */
#define IS_BUILTIN(option)   __is_defined(option)
#define IS_MODULE(option)    __is_defined(option##_MODULE)
#define IS_ENABLED(option)   (IS_BUILTIN(option) || IS_MODULE(option))
#define IS_REACHABLE(option) IS_ENABLED(option)

#endif
