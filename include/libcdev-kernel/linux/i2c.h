/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/i2c.h>: I2C clients, drivers and adapters, from
 * libcdev's <libcdev/i2c.h>. Devices are described from outside the driver
 * (`cdevctl run --device 'i2c:1 0x39 tsl2550 model=...'`, libcdev-buses(7)).
 */
#ifndef LIBCDEV_KERNEL_LINUX_I2C_H
#define LIBCDEV_KERNEL_LINUX_I2C_H

#include <linux/device.h>
#include <linux/init.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/types.h>
#include <libcdev/i2c.h>

/* An address list for a driver's detection, ended as the core expects. */
#define I2C_ADDRS(addr, addrs...) ((const unsigned short[]){ addr, ##addrs, I2C_CLIENT_END })

static inline void *i2c_get_clientdata(const struct i2c_client *client)
{
	return dev_get_drvdata(&client->dev);
}

static inline void i2c_set_clientdata(struct i2c_client *client, void *data)
{
	client->dev.driver_data = data;
}

static inline void *i2c_get_adapdata(const struct i2c_adapter *adap)
{
	return dev_get_drvdata(&adap->dev);
}

static inline void i2c_set_adapdata(struct i2c_adapter *adap, void *data)
{
	adap->dev.driver_data = data;
}

static inline int i2c_adapter_id(struct i2c_adapter *adap)
{
	return adap->nr;
}

/* Return: the bytes sent or received, or a negative errno. */
static inline int i2c_master_send(const struct i2c_client *client, const char *buf, int count)
{
	return i2c_transfer_buffer_flags(client, (char *)buf, count, 0);
}

static inline int i2c_master_recv(const struct i2c_client *client, char *buf, int count)
{
	return i2c_transfer_buffer_flags(client, buf, count, I2C_M_RD);
}

static inline int i2c_master_send_dmasafe(const struct i2c_client *client, const char *buf,
					  int count)
{
	return i2c_transfer_buffer_flags(client, (char *)buf, count, I2C_M_DMA_SAFE);
}

static inline int i2c_master_recv_dmasafe(const struct i2c_client *client, char *buf, int count)
{
	return i2c_transfer_buffer_flags(client, buf, count, I2C_M_RD | I2C_M_DMA_SAFE);
}

/* Whether the adapter has every one of @func (I2C_FUNC_*). */
static inline int i2c_check_functionality(struct i2c_adapter *adap, u32 func)
{
	return (func & i2c_get_functionality(adap)) == func;
}

static inline bool i2c_check_quirks(struct i2c_adapter *adap, u64 quirks)
{
	return adap->quirks && (adap->quirks->flags & quirks) == quirks;
}

/* Words of chips that send the high byte first. */
static inline s32 i2c_smbus_read_word_swapped(const struct i2c_client *client, u8 command)
{
	s32 value = i2c_smbus_read_word_data(client, command);

	return value < 0 ? value : (s32)(((value & 0xff) << 8) | ((value >> 8) & 0xff));
}

static inline s32 i2c_smbus_write_word_swapped(const struct i2c_client *client, u8 command,
					       u16 value)
{
	return i2c_smbus_write_word_data(client, command, (u16)((value << 8) | (value >> 8)));
}

static inline u8 i2c_8bit_addr_from_msg(const struct i2c_msg *msg)
{
	return (u8)((msg->addr << 1) | (msg->flags & I2C_M_RD));
}

static inline bool i2c_client_has_driver(struct i2c_client *client)
{
	return !IS_ERR_OR_NULL(client) && client->dev.driver;
}

static inline struct i2c_adapter *i2c_parent_is_i2c_adapter(const struct i2c_adapter *adap)
{
	(void)adap;
	return NULL; /* no multiplexers here */
}

#define module_i2c_driver(__i2c_driver)                 \
	static int __init __i2c_driver##_init(void)     \
	{                                               \
		return i2c_add_driver(&(__i2c_driver)); \
	}                                               \
	module_init(__i2c_driver##_init);               \
	static void __exit __i2c_driver##_exit(void)    \
	{                                               \
		i2c_del_driver(&(__i2c_driver));        \
	}                                               \
	module_exit(__i2c_driver##_exit)

#define builtin_i2c_driver(__i2c_driver)                \
	static int __init __i2c_driver##_init(void)     \
	{                                               \
		return i2c_add_driver(&(__i2c_driver)); \
	}                                               \
	module_init(__i2c_driver##_init)

#endif
