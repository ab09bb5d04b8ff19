/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/moduleparam.h>: module_param() for int, uint,
 * long, ulong, short, ushort, bool and charp, module_param_named(),
 * module_param_array(), the module_param_hw() forms and MODULE_PARM_DESC(); values come from the command
 * line of `cdevctl run` (name=value), as from insmod.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MODULEPARAM_H
#define LIBCDEV_KERNEL_LINUX_MODULEPARAM_H

#include <linux/init.h>
#include <linux/stat.h>
#include <linux/stringify.h>
#include <libcdev/moduleparam.h>

#endif
