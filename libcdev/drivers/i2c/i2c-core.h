/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the I2C core (i2c-core-base.c, i2c-core-smbus.c), its
 * simulated adapters (i2c-sim.c), the adapters backed by the host's
 * /dev/i2c-N (i2c-hostdev.c) and the described devices (i2c-describe.c)
 * share.
 *
 * Included by: the files of libcdev/drivers/i2c/ only.
 */
#ifndef LIBCDEV_DRIVERS_I2C_CORE_H
#define LIBCDEV_DRIVERS_I2C_CORE_H

#include <libcdev/i2c-sim.h>
#include <libcdev/i2c.h>

/*
 * One recursive lock over the adapters, clients and drivers and their
 * binding, as the platform bus has: a probe() may add clients or drivers.
 */
void i2c_core_lock(void);
void i2c_core_unlock(void);

/* The client at @addr of @adap, or NULL. Under the core lock. */
struct i2c_client *i2c_client_at_locked(struct i2c_adapter *adap, unsigned short addr);

/* A client of @info on @adap, not registered yet (freed with free() until it is). */
struct i2c_client *i2c_client_alloc(struct i2c_adapter *adap, const struct i2c_board_info *info);
/* Register @client and bind it. 0; -EINVAL (a bad address); -EBUSY (taken). Under the core lock. */
int i2c_client_add_locked(struct i2c_client *client);
/* i2c_new_client_device() under the core lock. */
struct i2c_client *i2c_new_client_locked(struct i2c_adapter *adap,
					 const struct i2c_board_info *info);
/* Unbind, unregister and free @client (its model and properties too). Under the core lock. */
void i2c_client_del_locked(struct i2c_client *client);
/* The first registered adapter (->next for the others). Under the core lock (i2c-core-adapter.c). */
struct i2c_adapter *i2c_adapters_locked(void);
/* Each registered driver's detection, on new adapter @adap. Under the core lock. */
void i2c_detect_drivers_locked(struct i2c_adapter *adap);

/* Whether @addr (with I2C_CLIENT_TEN in @flags for 10 bits) is one a device may have. */
bool i2c_addr_valid(unsigned short addr, unsigned short flags);

/* ---- simulated adapters (i2c-sim.c) ---- */

/*
 * The simulated adapter of bus @nr, registered on first use and owned by the
 * library (it goes with the last described client). Return: the adapter, or
 * ERR_PTR(-EBUSY) if bus @nr is another kind of adapter, ERR_PTR(-ENOMEM).
 */
struct i2c_adapter *i2c_sim_adapter_get(int nr);
/* Whether @adap is a simulated adapter. */
bool i2c_adapter_is_sim(const struct i2c_adapter *adap);
/*
 * A chip at @addr of simulated @adap, from a description's model= value
 * ("regs[:REG=VAL,...]", or NAME[:ARGS] of a registered model, looked up at
 * the first transfer); whether a client is there too is the core's business.
 * Return: 0, -EINVAL (a malformed value), -EBUSY (a model is there already).
 */
int i2c_sim_model_add(struct i2c_adapter *adap, unsigned short addr, const char *spec);
/* The model at @addr goes (none: nothing happens). */
void i2c_sim_model_del(struct i2c_adapter *adap, unsigned short addr);
/* Whether simulated @adap has neither clients nor models left. */
bool i2c_sim_adapter_unused(struct i2c_adapter *adap);
/* Unregister and free a simulated adapter. */
void i2c_sim_adapter_free(struct i2c_adapter *adap);

/* ---- simulated adapters as real nodes, /dev/i2c-N (i2c-dev.c) ---- */

struct i2c_dev;
/* Serve @adap as the node i2c-NR with i2c-dev's ioctls. Return: the export, or ERR_PTR(). */
struct i2c_dev *i2c_dev_export(struct i2c_adapter *adap);
/* The node goes (NULL and ERR_PTR are ignored). */
void i2c_dev_unexport(struct i2c_dev *d);
/* Export simulated @adap as /dev/i2c-NR (once): 0, -EEXIST (exported already) or the export's error. */
int i2c_sim_adapter_export(struct i2c_adapter *adap);

/* ---- adapters backed by the host's /dev/i2c-N (i2c-hostdev.c) ---- */

/*
 * The i2c-dev ioctls (include/uapi/linux/i2c-dev.h): the kernel's ABI, here
 * because the system's header would bring a second struct i2c_msg.
 */
#define I2C_RETRIES		0x0701
#define I2C_TIMEOUT		0x0702
#define I2C_SLAVE		0x0703
#define I2C_SLAVE_FORCE		0x0706
#define I2C_TENBIT		0x0704
#define I2C_FUNCS		0x0705
#define I2C_RDWR		0x0707
#define I2C_PEC			0x0708
#define I2C_SMBUS		0x0720
#define I2C_RDWR_IOCTL_MAX_MSGS 42

struct i2c_rdwr_ioctl_data {
	struct i2c_msg *msgs;
	uint32_t nmsgs;
};

struct i2c_smbus_ioctl_data {
	uint8_t read_write;
	uint8_t command;
	uint32_t size;
	union i2c_smbus_data *data;
};

/*
 * Bus @nr backed by the host's adapter at @path, registered on first use.
 * Return: the adapter, or ERR_PTR(): -ENOENT/-EACCES (cannot open @path),
 * -ENOTTY (not an I2C adapter), -EBUSY (bus @nr is another adapter).
 */
struct i2c_adapter *i2c_hostdev_adapter_get(int nr, const char *path);
/* Unregister and free an adapter i2c_hostdev_adapter_get() made, closing its device. */
void i2c_hostdev_adapter_free(struct i2c_adapter *adap);
/* Whether @adap is backed by the host's adapter. */
bool i2c_adapter_is_hostdev(const struct i2c_adapter *adap);

#endif
