/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kdb.h>: commands of the kernel debugger's shell.
 * kdb runs on the console with every CPU stopped; a process has no such
 * place. The calls are those of a kernel built without CONFIG_KGDB_KDB:
 * kdb_register() succeeds and the command is never run, kdb_printf()
 * prints nothing and returns 0 (libcdev-kernel(7), "Instrumentation").
 */
#ifndef LIBCDEV_KERNEL_LINUX_KDB_H
#define LIBCDEV_KERNEL_LINUX_KDB_H

#include <linux/list.h>

/* The calls take the kernel's arguments; the stubs among them use none. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#define KDB_ENABLE_NO_ARGS_SHIFT 10

typedef enum {
	KDB_ENABLE_ALL = 1 << 0,
	KDB_ENABLE_MEM_READ = 1 << 1,
	KDB_ENABLE_MEM_WRITE = 1 << 2,
	KDB_ENABLE_REG_READ = 1 << 3,
	KDB_ENABLE_REG_WRITE = 1 << 4,
	KDB_ENABLE_INSPECT = 1 << 5,
	KDB_ENABLE_FLOW_CTRL = 1 << 6,
	KDB_ENABLE_SIGNAL = 1 << 7,
	KDB_ENABLE_REBOOT = 1 << 8,
	KDB_ENABLE_ALWAYS_SAFE = 1 << 9,
	KDB_ENABLE_MASK = (1 << KDB_ENABLE_NO_ARGS_SHIFT) - 1,
	KDB_ENABLE_ALL_NO_ARGS = KDB_ENABLE_ALL << KDB_ENABLE_NO_ARGS_SHIFT,
	KDB_ENABLE_ALWAYS_SAFE_NO_ARGS = KDB_ENABLE_ALWAYS_SAFE << KDB_ENABLE_NO_ARGS_SHIFT,
	KDB_REPEAT_NO_ARGS = 0x40000000,
	KDB_REPEAT_WITH_ARGS = (int)0x80000000u,
} kdb_cmdflags_t;

typedef int (*kdb_func_t)(int, const char **);

typedef struct _kdbtab {
	char *name;
	kdb_func_t func;
	char *usage;
	char *help;
	short minlen;
	kdb_cmdflags_t flags;
	struct list_head list_node;
} kdbtab_t;

/* What a command returns on a usage error. */
#define KDB_NOTFOUND	  (-1)
#define KDB_ARGCOUNT	  (-2)
#define KDB_BADWIDTH	  (-3)
#define KDB_BADRADIX	  (-4)
#define KDB_NOTENV	  (-5)
#define KDB_NOENVVALUE	  (-6)
#define KDB_NOTIMP	  (-7)
#define KDB_ENVFULL	  (-8)
#define KDB_ENVBUFFULL	  (-9)
#define KDB_TOOMANYBPT	  (-10)
#define KDB_TOOMANYDBREGS (-11)
#define KDB_DUPBPT	  (-12)
#define KDB_BPTNOTFOUND	  (-13)
#define KDB_BADMODE	  (-14)
#define KDB_BADINT	  (-15)
#define KDB_INVADDRFMT	  (-16)
#define KDB_BADREG	  (-17)
#define KDB_BADCPUNUM	  (-18)
#define KDB_BADLENGTH	  (-19)
#define KDB_NOBP	  (-20)
#define KDB_BADADDR	  (-21)
#define KDB_NOPERM	  (-22)

static inline __attribute__((format(printf, 1, 2))) int kdb_printf(const char *fmt, ...)
{
	return 0;
}

static inline int kdb_register(kdbtab_t *cmd)
{
	return 0;
}

static inline void kdb_unregister(kdbtab_t *cmd)
{
}

#pragma GCC diagnostic pop

#endif
