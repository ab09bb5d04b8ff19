/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/spi/spi.h>: SPI protocol drivers, devices,
 * messages and controllers, from libcdev's <libcdev/spi.h>, with the
 * kernel's inline helpers (spi_message_init(), spi_write(), spi_w8r16(),
 * module_spi_driver(), ...). Devices may be described from outside the
 * driver, with a simulated device behind them (libcdev-spi(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_SPI_SPI_H
#define LIBCDEV_KERNEL_LINUX_SPI_SPI_H

#include <linux/completion.h>
#include <linux/device.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <asm/byteorder.h>
#include <libcdev/spi.h>

static inline void *spi_get_drvdata(const struct spi_device *spi)
{
	return dev_get_drvdata(&spi->dev);
}

static inline void spi_set_drvdata(struct spi_device *spi, void *data)
{
	dev_set_drvdata(&spi->dev, data);
}

static inline void spi_controller_set_devdata(struct spi_controller *ctlr, void *data)
{
	ctlr->devdata = data;
}
#define spi_master_set_devdata(c, d) spi_controller_set_devdata(c, d)

static inline struct spi_device *spi_dev_get(struct spi_device *spi)
{
	return spi;
}

#define module_spi_driver(__spi_driver)                      \
	static int __init __spi_driver##_init(void)          \
	{                                                    \
		return spi_register_driver(&(__spi_driver)); \
	}                                                    \
	module_init(__spi_driver##_init);                    \
	static void __exit __spi_driver##_exit(void)         \
	{                                                    \
		spi_unregister_driver(&(__spi_driver));      \
	}                                                    \
	module_exit(__spi_driver##_exit)

/* ---- messages ---- */

static inline void spi_message_init_no_memset(struct spi_message *m)
{
	INIT_LIST_HEAD(&m->transfers);
	INIT_LIST_HEAD(&m->queue);
}

static inline void spi_message_init(struct spi_message *m)
{
	memset(m, 0, sizeof(*m));
	spi_message_init_no_memset(m);
}

static inline void spi_message_add_tail(struct spi_transfer *t, struct spi_message *m)
{
	list_add_tail(&t->transfer_list, &m->transfers);
}

static inline void spi_transfer_del(struct spi_transfer *t)
{
	list_del(&t->transfer_list);
}

static inline void spi_message_init_with_transfers(struct spi_message *m,
						   struct spi_transfer *xfers,
						   unsigned int num_xfers)
{
	unsigned int i;

	spi_message_init(m);
	for (i = 0; i < num_xfers; ++i)
		spi_message_add_tail(&xfers[i], m);
}

static inline int spi_sync_transfer(struct spi_device *spi, struct spi_transfer *xfers,
				    unsigned int num_xfers)
{
	struct spi_message msg;

	spi_message_init_with_transfers(&msg, xfers, num_xfers);
	return spi_sync(spi, &msg);
}

static inline int spi_write(struct spi_device *spi, const void *buf, size_t len)
{
	struct spi_transfer t = {
		.tx_buf = buf,
		.len = (unsigned int)len,
	};

	return spi_sync_transfer(spi, &t, 1);
}

static inline int spi_read(struct spi_device *spi, void *buf, size_t len)
{
	struct spi_transfer t = {
		.rx_buf = buf,
		.len = (unsigned int)len,
	};

	return spi_sync_transfer(spi, &t, 1);
}

/* spi_w8r8 - one byte out, one byte in: the byte, or a negative errno */
static inline ssize_t spi_w8r8(struct spi_device *spi, u8 cmd)
{
	ssize_t status;
	u8 result;

	status = spi_write_then_read(spi, &cmd, 1, &result, 1);
	return status < 0 ? status : result;
}

/* spi_w8r16 - one byte out, a 16-bit word in, in the CPU's order */
static inline ssize_t spi_w8r16(struct spi_device *spi, u8 cmd)
{
	ssize_t status;
	u16 result;

	status = spi_write_then_read(spi, &cmd, 1, &result, 2);
	return status < 0 ? status : result;
}

/* spi_w8r16be - one byte out, a big-endian 16-bit word in */
static inline ssize_t spi_w8r16be(struct spi_device *spi, u8 cmd)
{
	ssize_t status;
	__be16 result;

	status = spi_write_then_read(spi, &cmd, 1, &result, 2);
	return status < 0 ? status : be16_to_cpu(result);
}

#endif
