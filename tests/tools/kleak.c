/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A kernel-style module that breaks two of the kernel's rules on purpose:
 * its exit leaves a timer pending and does not free what init allocated.
 * cdevctl-host.bats runs it to see the reports and LIBCDEV_STRICT's exit.
 */
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/timer.h>

static void *kept;
static struct timer_list tick;

static void kleak_tick(struct timer_list *t)
{
}

static int __init kleak_init(void)
{
	kept = kmalloc(32, GFP_KERNEL);
	if (!kept)
		return -ENOMEM;
	timer_setup(&tick, kleak_tick, 0);
	mod_timer(&tick, jiffies + 100000);
	return 0;
}

static void __exit kleak_exit(void)
{
	/* Neither del_timer_sync(&tick) nor kfree(kept): the bugs under test. */
}

module_init(kleak_init);
module_exit(kleak_exit);
MODULE_LICENSE("GPL");
