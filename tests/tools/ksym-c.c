// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ksym_c: needs ksym_helper(), which ksym_a defines but does not export, so
 * it must not load after ksym_a ("Unknown symbol ksym_helper").
 */
#include <linux/module.h>
#include <linux/printk.h>

int ksym_helper(void);

static int __init ksym_c_init(void)
{
	pr_info("init helper=%d\n", ksym_helper());
	return 0;
}

module_init(ksym_c_init);
MODULE_LICENSE("GPL");
