/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/timer.h>, from libcdev's <libcdev/kdefer.h>:
 * callbacks run on the process's one thread of timers and tasklets, in
 * atomic context, in the order of their expiry (a jiffy is a millisecond).
 * Both names of Linux 6.6 are here: timer_delete_sync() and its older name
 * del_timer_sync().
 */
#ifndef LIBCDEV_KERNEL_LINUX_TIMER_H
#define LIBCDEV_KERNEL_LINUX_TIMER_H

#include <linux/container_of.h>
#include <linux/jiffies.h>
#include <linux/types.h>
#include <libcdev/kdefer.h>

#define timer_setup(timer, callback, flags) libcdev_timer_setup(timer, callback, flags, THIS_MODULE)

#define __TIMER_INITIALIZER(_function, _flags)                                    \
	{                                                                         \
		.function = (_function), .flags = (_flags), .owner = THIS_MODULE, \
	}
#define DEFINE_TIMER(_name, _function) struct timer_list _name = __TIMER_INITIALIZER(_function, 0)

#define from_timer(var, callback_timer, timer_fieldname) \
	container_of(callback_timer, __typeof__(*var), timer_fieldname)

static inline int del_timer(struct timer_list *timer)
{
	return timer_delete(timer);
}

static inline int del_timer_sync(struct timer_list *timer)
{
	return timer_delete_sync(timer);
}

static inline int timer_shutdown(struct timer_list *timer)
{
	return timer_shutdown_sync(timer);
}

static inline void destroy_timer_on_stack(struct timer_list *timer)
{
	(void)timer;
}

#define timer_setup_on_stack(timer, callback, flags) timer_setup(timer, callback, flags)

/* Fire no earlier than @expires: it never fires early, so the same as mod_timer(). */
static inline int mod_timer_pending(struct timer_list *timer, unsigned long expires)
{
	return timer_pending(timer) ? mod_timer(timer, expires) : 0;
}

static inline int timer_reduce(struct timer_list *timer, unsigned long expires)
{
	if (timer_pending(timer) && time_before_eq(timer->expires, expires))
		return 1;
	return mod_timer(timer, expires);
}

static inline unsigned long round_jiffies(unsigned long j)
{
	return j;
}

static inline unsigned long round_jiffies_relative(unsigned long j)
{
	return j;
}

#endif
