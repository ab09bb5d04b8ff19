// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ksym_a: exports ksym_add() to the modules loaded after it, and
 * ksym_twice() to those under the GPL; ksym_helper() is a global it does not
 * export (ksym_b has one of the same name).
 */
#include <linux/module.h>
#include <linux/printk.h>

int ksym_helper(void)
{
	return 100;
}

int ksym_add(int x)
{
	return x + ksym_helper();
}
EXPORT_SYMBOL(ksym_add);

int ksym_twice(int x)
{
	return 2 * x;
}
EXPORT_SYMBOL_GPL(ksym_twice);

static int __init ksym_a_init(void)
{
	pr_info("init helper=%d\n", ksym_helper());
	return 0;
}

static void __exit ksym_a_exit(void)
{
	pr_info("exit helper=%d\n", ksym_helper());
}

module_init(ksym_a_init);
module_exit(ksym_a_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("exports ksym_add()");
