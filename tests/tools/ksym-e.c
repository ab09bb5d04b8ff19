// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ksym_e: a library module, as the kernel has many (a chip's core that its
 * bus drivers use): exports and nothing else, no module_init() or
 * module_exit(). The kernel loads it (init is optional) and unloads it (no
 * init, so no exit is needed).
 */
#include <linux/module.h>

int ksym_e_value(int x);
int ksym_e_value(int x)
{
	return x + 5;
}
EXPORT_SYMBOL(ksym_e_value);

MODULE_LICENSE("GPL");
