/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/i2c/i2c-core-base.c, its adapter half: adapters
 * registered and looked up, the bus lock, and plain I2C transfers with the
 * adapter's quirks and retries. Clients and drivers are in
 * i2c-core-base.c.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include "drivers/i2c/i2c-core.h"
#include <libcdev/printk.h>

static struct i2c_adapter *adapters;

/* ---- adapters ---- */

static int i2c_adapter_add_locked(struct i2c_adapter *adap)
{
	if (!adap->algo || (!adap->algo->master_xfer && !adap->algo->smbus_xfer)) {
		printk(KERN_ERR "i2c-core: adapter '%s': no algo supplied!\n", adap->name);
		return -EINVAL;
	}
	if (!adap->name[0]) {
		printk(KERN_ERR "i2c-core: Attempt to register an adapter with no name!\n");
		return -EINVAL;
	}
	for (struct i2c_adapter *it = adapters; it; it = it->next)
		if (it->nr == adap->nr)
			return -EBUSY;
	if (!adap->timeout)
		adap->timeout = HZ; /* the kernel's default: one second */
	mutex_init(&adap->bus_lock);
	snprintf(adap->dev_name_buf, sizeof(adap->dev_name_buf), "i2c-%d", adap->nr);
	adap->dev.name = adap->dev_name_buf;
	adap->registered = true;
	adap->next = adapters;
	adapters = adap;
	i2c_detect_drivers_locked(adap);
	return 0;
}

_public_ int i2c_add_numbered_adapter(struct i2c_adapter *adap)
{
	int err;

	if (!adap)
		return -EINVAL;
	if (adap->nr == -1)
		return i2c_add_adapter(adap);
	if (adap->nr < 0)
		return -EINVAL;
	i2c_core_lock();
	err = i2c_adapter_add_locked(adap);
	i2c_core_unlock();
	return err;
}

_public_ int i2c_add_adapter(struct i2c_adapter *adap)
{
	int nr = 0, err;

	if (!adap)
		return -EINVAL;
	i2c_core_lock();
	/* The lowest free number (the kernel's idr), above the numbers described buses took. */
	for (struct i2c_adapter *it = adapters; it; it = it->next)
		if (it->nr >= nr)
			nr = it->nr + 1;
	adap->nr = nr;
	err = i2c_adapter_add_locked(adap);
	i2c_core_unlock();
	return err;
}

_public_ void i2c_del_adapter(struct i2c_adapter *adap)
{
	struct i2c_adapter **pp;

	if (!adap)
		return;
	i2c_core_lock();
	for (pp = &adapters; *pp && *pp != adap; pp = &(*pp)->next)
		;
	if (*pp) {
		while (adap->clients)
			i2c_client_del_locked(adap->clients);
		*pp = adap->next;
		adap->registered = false;
	}
	i2c_core_unlock();
}

static void devm_i2c_del_adapter(void *adap)
{
	i2c_del_adapter(adap);
}

_public_ int devm_i2c_add_adapter(struct device *dev, struct i2c_adapter *adap)
{
	int err = i2c_add_adapter(adap);

	return err ? err : devm_add_action_or_reset(dev, devm_i2c_del_adapter, adap);
}

_public_ struct i2c_adapter *i2c_get_adapter(int nr)
{
	struct i2c_adapter *adap;

	i2c_core_lock();
	for (adap = adapters; adap && adap->nr != nr; adap = adap->next)
		;
	if (adap && adap->owner)
		__module_get(adap->owner);
	i2c_core_unlock();
	return adap;
}

_public_ void i2c_put_adapter(struct i2c_adapter *adap)
{
	if (adap && adap->owner)
		module_put(adap->owner);
}

_public_ struct i2c_adapter *i2c_verify_adapter(struct device *dev)
{
	i2c_core_lock();
	for (struct i2c_adapter *adap = adapters; adap; adap = adap->next)
		if (&adap->dev == dev) {
			i2c_core_unlock();
			return adap;
		}
	i2c_core_unlock();
	return NULL;
}

/* Every adapter, for those that walk them (the described ones, i2c-dev). */
struct i2c_adapter *i2c_adapters_locked(void)
{
	return adapters;
}

/* ---- plain I2C transfers ---- */

_public_ void i2c_lock_bus(struct i2c_adapter *adap, unsigned int flags)
{
	(void)flags;
	mutex_lock(&adap->bus_lock);
}

_public_ int i2c_trylock_bus(struct i2c_adapter *adap, unsigned int flags)
{
	(void)flags;
	return mutex_trylock(&adap->bus_lock);
}

_public_ void i2c_unlock_bus(struct i2c_adapter *adap, unsigned int flags)
{
	(void)flags;
	mutex_unlock(&adap->bus_lock);
}

/* i2c_check_for_quirks(): what the adapter says it cannot do is refused before it is tried. */
static int i2c_check_quirks(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	const struct i2c_adapter_quirks *q = adap->quirks;

	if (!q)
		return 0;
	if (q->max_num_msgs && num > q->max_num_msgs)
		return -EOPNOTSUPP;
	for (int i = 0; i < num; i++) {
		bool rd = msgs[i].flags & I2C_M_RD;
		uint16_t max = rd ? q->max_read_len : q->max_write_len;

		if (max && msgs[i].len > max)
			return -EOPNOTSUPP;
		if (!msgs[i].len &&
		    (q->flags & (rd ? I2C_AQ_NO_ZERO_LEN_READ : I2C_AQ_NO_ZERO_LEN_WRITE)))
			return -EOPNOTSUPP;
	}
	if ((q->flags & I2C_AQ_NO_REP_START) && num > 1)
		return -EOPNOTSUPP;
	return 0;
}

_public_ int __i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	int ret = -EAGAIN;

	if (!adap || !msgs || num < 1)
		return -EINVAL;
	/* An SMBus-only adapter cannot carry arbitrary messages (the kernel's -EOPNOTSUPP). */
	if (!adap->algo->master_xfer)
		return -EOPNOTSUPP;
	if (i2c_check_quirks(adap, msgs, num))
		return -EOPNOTSUPP;
	for (int try = 0; try <= adap->retries && ret == -EAGAIN; try++)
		ret = adap->algo->master_xfer(adap, msgs, num);
	return ret;
}

_public_ int i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	int ret;

	if (!adap)
		return -EINVAL;
	i2c_lock_bus(adap, I2C_LOCK_SEGMENT);
	ret = __i2c_transfer(adap, msgs, num);
	i2c_unlock_bus(adap, I2C_LOCK_SEGMENT);
	return ret;
}

_public_ int i2c_transfer_buffer_flags(const struct i2c_client *client, char *buf, int count,
				       uint16_t flags)
{
	struct i2c_msg msg = {
		.addr = client->addr,
		.flags = flags | (client->flags & I2C_M_TEN),
		.len = (uint16_t)count,
		.buf = (uint8_t *)buf,
	};
	int ret;

	if (count < 0 || count > 0xffff)
		return -EINVAL;
	ret = i2c_transfer(client->adapter, &msg, 1);
	/* One message done: all @count bytes went. */
	return ret == 1 ? count : ret;
}

_public_ uint32_t i2c_get_functionality(struct i2c_adapter *adap)
{
	return adap && adap->algo && adap->algo->functionality ? adap->algo->functionality(adap) :
								 0;
}
