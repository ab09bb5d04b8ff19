// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ksym_d: not under the GPL, needs ksym_a's EXPORT_SYMBOL_GPL() ksym_twice(),
 * so it must not load ("Unknown symbol ksym_twice"), as in the kernel.
 */
#include <linux/module.h>
#include <linux/printk.h>

int ksym_twice(int x);

static int __init ksym_d_init(void)
{
	pr_info("init twice(1)=%d\n", ksym_twice(1));
	return 0;
}

module_init(ksym_d_init);
MODULE_LICENSE("Proprietary");
