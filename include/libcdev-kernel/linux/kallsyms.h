/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/kallsyms.h>: the symbols of the "kernel", which
 * here is the process: the program, its libraries and the loaded modules
 * (<libcdev/instrument.h>). Functions a file keeps static are not among
 * them: their addresses print as numbers.
 */
#ifndef LIBCDEV_KERNEL_LINUX_KALLSYMS_H
#define LIBCDEV_KERNEL_LINUX_KALLSYMS_H

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/types.h>
#include <libcdev/instrument.h>

/* The calls take the kernel's arguments; the stubs among them use none. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#define KSYM_SYMBOL_LEN_MAX KSYM_SYMBOL_LEN

static inline int sprint_backtrace(char *buffer, unsigned long address)
{
	/* A return address: the call is the byte before it. */
	return sprint_symbol(buffer, address - 1);
}

static inline void print_ip_sym(const char *loglvl, unsigned long ip)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, ip);
	printk("%s[<%#lx>] %s\n", loglvl, ip, sym);
}

/* Walking every symbol: not done here, as without CONFIG_KALLSYMS. */
static inline int
kallsyms_on_each_symbol(int (*fn)(void *, const char *, struct module *, unsigned long), void *data)
{
	return -EOPNOTSUPP;
}

#pragma GCC diagnostic pop

#endif
