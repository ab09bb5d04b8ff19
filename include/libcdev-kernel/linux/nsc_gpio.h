/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/nsc_gpio.h>: the interface of the kernel's
 * nsc_gpio module (drivers/char/nsc_gpio.c), the read/write file
 * operations shared by the National Semiconductor GPIO drivers
 * (scx200_gpio, pc8736x_gpio). The module itself provides the functions;
 * each chip driver fills a struct nsc_gpio_ops with its own pin access.
 */
#ifndef LIBCDEV_KERNEL_LINUX_NSC_GPIO_H
#define LIBCDEV_KERNEL_LINUX_NSC_GPIO_H

#include <linux/fs.h>
#include <linux/types.h>

struct device;
struct module;

/* One chip family's pin access, by pin index (the device's minor). */
struct nsc_gpio_ops {
	struct module *owner;
	u32 (*gpio_config)(unsigned int iminor, u32 mask, u32 bits);
	void (*gpio_dump)(struct nsc_gpio_ops *amp, unsigned int iminor);
	int (*gpio_get)(unsigned int iminor);
	void (*gpio_set)(unsigned int iminor, int state);
	void (*gpio_change)(unsigned int iminor);
	int (*gpio_current)(unsigned int iminor);
	struct device *dev; /* for dev_dbg(), set by the chip driver */
};

ssize_t nsc_gpio_write(struct file *file, const char __user *data, size_t len, loff_t *ppos);
ssize_t nsc_gpio_read(struct file *file, char __user *buf, size_t len, loff_t *ppos);
void nsc_gpio_dump(struct nsc_gpio_ops *amp, unsigned int index);

#endif
