/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/i2c/i2c-core-base.c: I2C adapters, their clients and
 * the drivers that bind to them (by of_match_table, then id_table, as
 * i2c_device_match() does; or by detection at the addresses of a driver's
 * address_list on the adapters of its class).
 *
 * Adapters and plain I2C transfers are in i2c-core-adapter.c, SMBus
 * transfers in i2c-core-smbus.c, the simulated adapters in i2c-sim.c, the
 * described devices in i2c-describe.c.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/i2c/i2c-core.h"
#include <libcdev/printk.h>
#include <libcdev/sysfs.h>

/* Recursive: a probe() may register or describe more on the same bus. */
static pthread_mutex_t core_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static struct i2c_driver *drivers;

void i2c_core_lock(void)
{
	pthread_mutex_lock(&core_lock);
}

void i2c_core_unlock(void)
{
	pthread_mutex_unlock(&core_lock);
}

/* i2c_check_addr_validity(): 7-bit addresses 0x01-0x7f, 10-bit 0x000-0x3ff. */
bool i2c_addr_valid(unsigned short addr, unsigned short flags)
{
	if (flags & I2C_CLIENT_TEN)
		return addr <= 0x3ff;
	return addr >= 0x01 && addr <= 0x7f;
}

struct i2c_client *i2c_client_at_locked(struct i2c_adapter *adap, unsigned short addr)
{
	struct i2c_client *c;

	for (c = adap->clients; c && c->addr != addr; c = c->next)
		;
	return c;
}

/* ---- matching and binding ---- */

_public_ const struct i2c_device_id *i2c_match_id(const struct i2c_device_id *id,
						  const struct i2c_client *client)
{
	if (!id || !client)
		return NULL;
	for (; id->name[0]; id++)
		if (!strcmp(client->name, id->name))
			return id;
	return NULL;
}

_public_ const struct i2c_device_id *i2c_client_get_device_id(const struct i2c_client *client)
{
	return client ? client->id_entry : NULL;
}

/* i2c_device_match(): the node's compatible values first, then the id table. */
static bool i2c_match(struct i2c_client *client, struct i2c_driver *drv)
{
	const struct of_device_id *of =
		of_match_node(drv->driver.of_match_table, client->dev.of_node);

	if (of) {
		client->of_match = of;
		client->id_entry = NULL;
		return true;
	}
	client->id_entry = i2c_match_id(drv->id_table, client);
	return client->id_entry != NULL;
}

static void i2c_unbound(struct i2c_client *client)
{
	libcdev_devres_release_all(&client->dev);
	client->dev.driver = NULL;
	client->dev.driver_data = NULL;
	client->id_entry = NULL;
	client->of_match = NULL;
}

/* i2c_device_probe(): probe_new, else probe with the id (NULL for a compatible match). */
static void i2c_probe_locked(struct i2c_client *client, struct i2c_driver *drv)
{
	int err;

	client->dev.driver = &drv->driver;
	if (drv->probe_new)
		err = drv->probe_new(client);
	else if (drv->probe)
		err = drv->probe(client, client->id_entry);
	else
		err = -ENODEV;
	kcheck_on_return("probe",
			 drv->probe_new ? (const void *)drv->probe_new : (const void *)drv->probe);
	if (!err) {
		err = device_add_groups(&client->dev, drv->driver.dev_groups);
		if (!err)
			return;
		printk(KERN_ERR "%s %s: cannot serve the driver's attributes: %d\n",
		       drv->driver.name, dev_name(&client->dev), err);
		if (drv->remove)
			drv->remove(client);
	} else if (err != -ENODEV && err != -ENXIO) {
		printk(KERN_WARNING "%s: probe of %s failed with error %d\n", drv->driver.name,
		       dev_name(&client->dev), err);
	}
	i2c_unbound(client);
}

static void i2c_unbind_locked(struct i2c_client *client)
{
	struct i2c_driver *drv;

	if (!client->dev.driver)
		return;
	drv = to_i2c_driver(client->dev.driver);
	device_remove_groups(&client->dev, drv->driver.dev_groups);
	if (drv->remove) {
		drv->remove(client);
		kcheck_on_return("remove", (const void *)drv->remove);
	}
	i2c_unbound(client);
}

static void i2c_bind_client_locked(struct i2c_client *client)
{
	/* A dummy has no type: it is a second address of a chip, never bound. */
	if (!client->name[0])
		return;
	for (struct i2c_driver *drv = drivers; drv && !client->dev.driver; drv = drv->next)
		if ((drv->probe || drv->probe_new) && i2c_match(client, drv))
			i2c_probe_locked(client, drv);
}

/* ---- clients ---- */

/* The kernel's name of a client: BUS-ADDR, with 0xa000 added for 10-bit addresses. */
static void i2c_client_set_name(struct i2c_client *client)
{
	unsigned int addr = client->addr | ((client->flags & I2C_CLIENT_TEN) ? 0xa000 : 0);

	snprintf(client->dev_name_buf, sizeof(client->dev_name_buf), "%d-%04x", client->adapter->nr,
		 addr);
	client->dev.name = client->dev_name_buf;
}

int i2c_client_add_locked(struct i2c_client *client)
{
	struct i2c_adapter *adap = client->adapter;
	int err;

	if (!i2c_addr_valid(client->addr, client->flags)) {
		printk(KERN_ERR "i2c i2c-%d: Invalid %d-bit I2C address 0x%02hx\n", adap->nr,
		       (client->flags & I2C_CLIENT_TEN) ? 10 : 7, client->addr);
		return -EINVAL;
	}
	if (i2c_client_at_locked(adap, client->addr))
		return -EBUSY;
	i2c_client_set_name(client);
	client->dev.bus_name = "i2c";
	client->dev.parent = &adap->dev;
	err = device_sysfs_add(&client->dev);
	if (err)
		return err;
	client->registered = true;
	client->next = adap->clients;
	adap->clients = client;
	i2c_bind_client_locked(client);
	return 0;
}

struct i2c_client *i2c_client_alloc(struct i2c_adapter *adap, const struct i2c_board_info *info)
{
	struct i2c_client *client = calloc(1, sizeof(*client));

	if (!client)
		return NULL;
	client->adapter = adap;
	client->addr = info->addr;
	client->flags = info->flags;
	client->irq = info->irq;
	client->init_irq = info->irq;
	client->dev.platform_data = info->platform_data;
	client->dev.of_node = info->of_node;
	snprintf(client->name, sizeof(client->name), "%s", info->type);
	return client;
}

struct i2c_client *i2c_new_client_locked(struct i2c_adapter *adap,
					 const struct i2c_board_info *info)
{
	struct i2c_client *client;
	int err;

	if (!adap || !info)
		return ERR_PTR(-EINVAL);
	client = i2c_client_alloc(adap, info);
	if (!client)
		return ERR_PTR(-ENOMEM);
	err = i2c_client_add_locked(client);
	if (err) {
		if (err == -EBUSY)
			printk(KERN_ERR "i2c i2c-%d: Failed to register i2c client %s at 0x%02x "
					"(-16)\n",
			       adap->nr, client->name, client->addr);
		free(client);
		return ERR_PTR(err);
	}
	return client;
}

_public_ struct i2c_client *i2c_new_client_device(struct i2c_adapter *adap,
						  const struct i2c_board_info *info)
{
	struct i2c_client *client;

	i2c_core_lock();
	client = i2c_new_client_locked(adap, info);
	i2c_core_unlock();
	return client;
}

_public_ struct i2c_client *i2c_new_dummy_device(struct i2c_adapter *adap, uint16_t address)
{
	struct i2c_board_info info = { .addr = address };

	return i2c_new_client_device(adap, &info);
}

void i2c_client_del_locked(struct i2c_client *client)
{
	struct i2c_client **pp;

	i2c_unbind_locked(client);
	/* Managed resources taken without a driver go with the device, as at its release. */
	libcdev_devres_release_all(&client->dev);
	for (pp = &client->adapter->clients; *pp && *pp != client; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = client->next;
	client->registered = false;
	kfs_remove_device(&client->dev);
	device_sysfs_del(&client->dev);
	/* A described device's simulated chip is part of its description. */
	if (client->described)
		i2c_sim_model_del(client->adapter, client->addr);
	props_free(client->props);
	free(client);
}

_public_ void i2c_unregister_device(struct i2c_client *client)
{
	if (IS_ERR_OR_NULL(client))
		return;
	i2c_core_lock();
	if (client->registered)
		i2c_client_del_locked(client);
	i2c_core_unlock();
}

static void devm_i2c_release_dummy(void *client)
{
	i2c_unregister_device(client);
}

_public_ struct i2c_client *devm_i2c_new_dummy_device(struct device *dev, struct i2c_adapter *adap,
						      uint16_t address)
{
	struct i2c_client *client = i2c_new_dummy_device(adap, address);
	int err;

	if (IS_ERR(client))
		return client;
	err = devm_add_action_or_reset(dev, devm_i2c_release_dummy, client);
	return err ? ERR_PTR(err) : client;
}

_public_ struct i2c_client *i2c_verify_client(struct device *dev)
{
	return dev && dev->bus_name && !strcmp(dev->bus_name, "i2c") ? to_i2c_client(dev) : NULL;
}

/* ---- detection at the addresses of an address list ---- */

/* i2c_default_probe(): a quick write, or a byte read where quick writes could harm the chip. */
static int i2c_default_probe(struct i2c_adapter *adap, unsigned short addr)
{
	union i2c_smbus_data data;
	bool read = (addr >= 0x30 && addr <= 0x37) || (addr >= 0x50 && addr <= 0x5f);
	int err;

	if (!read && (i2c_get_functionality(adap) & I2C_FUNC_SMBUS_QUICK))
		err = i2c_smbus_xfer(adap, addr, 0, I2C_SMBUS_WRITE, 0, I2C_SMBUS_QUICK, NULL);
	else if (i2c_get_functionality(adap) & I2C_FUNC_SMBUS_READ_BYTE)
		err = i2c_smbus_xfer(adap, addr, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &data);
	else
		err = -EOPNOTSUPP;
	return err >= 0;
}

_public_ int i2c_probe_func_quick_read(struct i2c_adapter *adap, unsigned short addr)
{
	return i2c_smbus_xfer(adap, addr, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_QUICK, NULL) >= 0;
}

_public_ struct i2c_client *
i2c_new_scanned_device(struct i2c_adapter *adap, struct i2c_board_info *info,
		       const unsigned short *addr_list,
		       int (*probe)(struct i2c_adapter *adap, unsigned short addr))
{
	if (!adap || !info || !addr_list)
		return ERR_PTR(-EINVAL);
	for (int i = 0; addr_list[i] != I2C_CLIENT_END; i++) {
		bool taken;

		if (!i2c_addr_valid(addr_list[i], 0))
			continue;
		i2c_core_lock();
		taken = i2c_client_at_locked(adap, addr_list[i]) != NULL;
		i2c_core_unlock();
		if (taken || !(probe ? probe : i2c_default_probe)(adap, addr_list[i]))
			continue;
		info->addr = addr_list[i];
		return i2c_new_client_device(adap, info);
	}
	return ERR_PTR(-ENODEV);
}

/* i2c_detect_address(): a temporary client for ->detect(), a real one if it names a type. */
static void i2c_detect_address_locked(struct i2c_adapter *adap, struct i2c_driver *drv,
				      unsigned short addr)
{
	struct i2c_board_info info = { .addr = addr };
	struct i2c_client probe_client = { .adapter = adap, .addr = addr };
	struct i2c_client *client;

	if (!i2c_addr_valid(addr, 0) || i2c_client_at_locked(adap, addr) ||
	    !i2c_default_probe(adap, addr))
		return;
	if (drv->detect(&probe_client, &info) || !info.type[0])
		return;
	if (info.addr != addr)
		printk(KERN_ERR "i2c i2c-%d: %s detection function provided an address "
				"different from the one probed\n",
		       adap->nr, drv->driver.name);
	printk(KERN_INFO "i2c i2c-%d: Creating %s at 0x%02x\n", adap->nr, info.type, info.addr);
	client = i2c_new_client_locked(adap, &info);
	if (!IS_ERR(client))
		client->detected = true;
}

static void i2c_detect_locked(struct i2c_adapter *adap, struct i2c_driver *drv)
{
	if (!drv->detect || !drv->address_list || !(adap->class & drv->class))
		return;
	for (int i = 0; drv->address_list[i] != I2C_CLIENT_END; i++)
		i2c_detect_address_locked(adap, drv, drv->address_list[i]);
}

/* ---- drivers ---- */

_public_ int i2c_register_driver(struct module *owner, struct i2c_driver *drv)
{
	struct i2c_driver *it;

	if (!drv || !drv->driver.name)
		return -EINVAL;
	i2c_core_lock();
	for (it = drivers; it && it != drv; it = it->next)
		;
	if (it) {
		i2c_core_unlock();
		return -EBUSY;
	}
	drv->driver.owner = owner;
	drv->next = drivers;
	drivers = drv;
	for (struct i2c_adapter *adap = i2c_adapters_locked(); adap; adap = adap->next)
		for (struct i2c_client *c = adap->clients; c; c = c->next)
			if (!c->dev.driver && (drv->probe || drv->probe_new) && c->name[0] &&
			    i2c_match(c, drv))
				i2c_probe_locked(c, drv);
	for (struct i2c_adapter *adap = i2c_adapters_locked(); adap; adap = adap->next)
		i2c_detect_locked(adap, drv);
	i2c_core_unlock();
	printk(KERN_DEBUG "i2c-core: driver [%s] registered\n", drv->driver.name);
	return 0;
}

/* The clients @drv detected go with it; the ones it is bound to are unbound. */
static void i2c_driver_detach_locked(struct i2c_driver *drv)
{
	for (struct i2c_adapter *adap = i2c_adapters_locked(); adap; adap = adap->next) {
		struct i2c_client *c = adap->clients, *next;

		for (; c; c = next) {
			next = c->next;
			if (c->dev.driver != &drv->driver)
				continue;
			if (c->detected)
				i2c_client_del_locked(c);
			else
				i2c_unbind_locked(c);
		}
	}
}

_public_ void i2c_del_driver(struct i2c_driver *drv)
{
	struct i2c_driver **pp;

	if (!drv)
		return;
	i2c_core_lock();
	for (pp = &drivers; *pp && *pp != drv; pp = &(*pp)->next)
		;
	if (*pp) {
		i2c_driver_detach_locked(drv);
		*pp = drv->next;
		/* A client it left may match another driver still registered. */
		for (struct i2c_adapter *adap = i2c_adapters_locked(); adap; adap = adap->next)
			for (struct i2c_client *c = adap->clients; c; c = c->next)
				if (!c->dev.driver)
					i2c_bind_client_locked(c);
	}
	i2c_core_unlock();
}

int i2c_module_stop(struct module *mod)
{
	struct i2c_driver *drv;
	int n = 0;

	for (;;) {
		i2c_core_lock();
		for (drv = drivers; drv && drv->driver.owner != mod; drv = drv->next)
			;
		i2c_core_unlock();
		if (!drv)
			return n;
		printk(KERN_WARNING "i2c driver %s still registered at module unload: "
				    "unregistered\n",
		       drv->driver.name);
		i2c_del_driver(drv);
		n++;
	}
}

/* A new adapter: each driver's detection runs on it. */
void i2c_detect_drivers_locked(struct i2c_adapter *adap)
{
	for (struct i2c_driver *drv = drivers; drv; drv = drv->next)
		i2c_detect_locked(adap, drv);
}
