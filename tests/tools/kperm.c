/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A kernel-style module without an exit function, as some of the kernel's
 * own are: it keeps what its init made for good. The kernel refuses to
 * remove such a module unless forced; cdevctl-host.bats checks the same
 * here, and that its forced removal reports nothing it kept as left behind.
 */
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/timer.h>

static void *kept;
static struct timer_list tick;

static void kperm_tick(struct timer_list *t)
{
}

static int __init kperm_init(void)
{
	kept = kmalloc(32, GFP_KERNEL);
	if (!kept)
		return -ENOMEM;
	timer_setup(&tick, kperm_tick, 0);
	mod_timer(&tick, jiffies + 100000);
	return 0;
}

module_init(kperm_init);
MODULE_LICENSE("GPL");
