// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ksym_b: uses ksym_a's exported ksym_add(), and has a ksym_helper() of its
 * own, which must stay its own (and ksym_a's ksym_a's).
 */
#include <linux/module.h>
#include <linux/printk.h>

int ksym_add(int x);
int ksym_twice(int x);

int ksym_helper(void)
{
	return 200;
}

static int __init ksym_b_init(void)
{
	pr_info("init add(1)=%d helper=%d twice(21)=%d\n", ksym_add(1), ksym_helper(),
		ksym_twice(21));
	return 0;
}

static void __exit ksym_b_exit(void)
{
	pr_info("exit\n");
}

module_init(ksym_b_init);
module_exit(ksym_b_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uses ksym_a's ksym_add()");
