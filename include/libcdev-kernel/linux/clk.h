/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/clk.h>: the clocks of a described device
 * (clk=NAME:HZ, libcdev-platform(7)), from libcdev's <libcdev/clk.h>, with
 * the kernel's prepare and enable counts.
 */
#ifndef LIBCDEV_KERNEL_LINUX_CLK_H
#define LIBCDEV_KERNEL_LINUX_CLK_H

#include <linux/device.h>
#include <linux/err.h>
#include <libcdev/clk.h>

static inline int clk_prepare_enable(struct clk *clk)
{
	int ret = clk_prepare(clk);

	if (ret)
		return ret;
	ret = clk_enable(clk);
	if (ret)
		clk_unprepare(clk);
	return ret;
}

static inline void clk_disable_unprepare(struct clk *clk)
{
	clk_disable(clk);
	clk_unprepare(clk);
}

#endif
