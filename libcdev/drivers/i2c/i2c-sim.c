/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - simulated I2C adapters and the models of the devices on them
 * (<libcdev/i2c-sim.h>): what a bus of real chips would answer, for drivers
 * written for the kernel to probe and use with no hardware.
 *
 * The adapter carries plain I2C messages (so SMBus transfers are emulated
 * over them by the core, as on most real adapters) and hands each run of
 * messages to one address to the model there; an address without a model
 * does not acknowledge (-ENXIO), as an empty slot on a real bus.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/i2c/i2c-core.h"

/* The adapter's models by address: changed and used under the adapter's bus lock only. */
struct sim_adapter {
	struct i2c_adapter adap;
	struct libcdev_i2c_model *models[0x400];
	struct i2c_dev *node; /* exported as /dev/i2c-N, or NULL */
};

static pthread_mutex_t models_lock = PTHREAD_MUTEX_INITIALIZER;
static struct libcdev_i2c_model_ops *models;

/* ---- the register file: a pointer, then bytes from it ---- */

static int reg_read(struct libcdev_i2c_model *m, uint8_t *val)
{
	uint8_t reg = m->pointer++;

	if (m->ops && m->ops->reg_read)
		return m->ops->reg_read(m, reg, val);
	*val = __atomic_load_n(&m->regs[reg], __ATOMIC_RELAXED);
	return 0;
}

static int reg_write(struct libcdev_i2c_model *m, uint8_t val)
{
	uint8_t reg = m->pointer++;

	if (m->ops && m->ops->reg_write)
		return m->ops->reg_write(m, reg, val);
	__atomic_store_n(&m->regs[reg], val, __ATOMIC_RELAXED);
	return 0;
}

/* A read message; with I2C_M_RECV_LEN its first byte says how many follow (SMBus blocks). */
static int regs_read_msg(struct libcdev_i2c_model *m, struct i2c_msg *msg)
{
	uint16_t len = msg->len;
	int err = 0;

	for (uint16_t i = 0; i < len && !err; i++) {
		err = reg_read(m, &msg->buf[i]);
		if (err || i || !(msg->flags & I2C_M_RECV_LEN))
			continue;
		if (msg->buf[0] == 0 || msg->buf[0] > I2C_SMBUS_BLOCK_MAX)
			return -EPROTO;
		len = (uint16_t)(len + msg->buf[0]);
		msg->len = len;
	}
	return err;
}

static int regs_transfer(struct libcdev_i2c_model *m, struct i2c_msg *msgs, int num)
{
	for (int i = 0; i < num; i++) {
		struct i2c_msg *msg = &msgs[i];
		int err = 0;

		if (msg->flags & I2C_M_RD) {
			err = regs_read_msg(m, msg);
		} else if (msg->len) {
			m->pointer = msg->buf[0];
			for (uint16_t j = 1; j < msg->len && !err; j++)
				err = reg_write(m, msg->buf[j]);
		}
		if (err)
			return err;
	}
	return num;
}

/* ---- models by name ---- */

_public_ int libcdev_i2c_model_register(struct libcdev_i2c_model_ops *ops)
{
	int err = 0;

	if (!ops || !ops->name || !*ops->name)
		return -EINVAL;
	pthread_mutex_lock(&models_lock);
	for (struct libcdev_i2c_model_ops *it = models; it && !err; it = it->next)
		if (it == ops || !strcmp(it->name, ops->name))
			err = -EEXIST;
	if (!err) {
		ops->next = models;
		models = ops;
	}
	pthread_mutex_unlock(&models_lock);
	return err;
}

_public_ void libcdev_i2c_model_unregister(struct libcdev_i2c_model_ops *ops)
{
	struct libcdev_i2c_model_ops **pp;

	pthread_mutex_lock(&models_lock);
	for (pp = &models; *pp && *pp != ops; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = ops->next;
	pthread_mutex_unlock(&models_lock);
}

/* model=NAME is looked up at the first transfer: its module may load after the description. */
static int model_resolve(struct libcdev_i2c_model *m)
{
	struct libcdev_i2c_model_ops *ops;
	int err;

	if (!m->name)
		return 0;
	pthread_mutex_lock(&models_lock);
	for (ops = models; ops && strcmp(ops->name, m->name); ops = ops->next)
		;
	pthread_mutex_unlock(&models_lock);
	if (!ops) {
		pr_err_lib("i2c-%d: no model named \"%s\" at 0x%02x: it does not acknowledge",
			   m->bus, m->name, m->addr);
		return -ENXIO;
	}
	m->ops = ops;
	err = ops->create ? ops->create(m, m->args) : 0;
	if (err) {
		pr_err_lib("i2c-%d: model \"%s\" at 0x%02x: create failed with %d", m->bus, m->name,
			   m->addr, err);
		m->ops = NULL;
		return -ENXIO;
	}
	free(m->name);
	m->name = NULL;
	return 0;
}

static int model_transfer(struct libcdev_i2c_model *m, struct i2c_msg *msgs, int num)
{
	int err = model_resolve(m);

	if (err)
		return err;
	m->transfers++;
	if (m->fault && m->fault_count) {
		if (m->fault_count > 0)
			m->fault_count--;
		return m->fault;
	}
	if (m->ops && m->ops->transfer)
		err = m->ops->transfer(m, msgs, num);
	else
		err = regs_transfer(m, msgs, num);
	/* A model's answer is checked as a real adapter's would be: a count or an errno. */
	if (err > num || err == 0) {
		pr_err_lib("i2c-%d: model at 0x%02x returned %d for %d messages", m->bus, m->addr,
			   err, num);
		return -EIO;
	}
	return err;
}

/* ---- the adapter ---- */

static struct sim_adapter *to_sim(struct i2c_adapter *adap)
{
	return container_of(adap, struct sim_adapter, adap);
}

/* Under the bus lock, which i2c_transfer() holds. */
static int sim_master_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	int i = 0;

	/* Runs of messages to one address, each to its model; a repeated start joins them. */
	while (i < num) {
		struct libcdev_i2c_model *m = to_sim(adap)->models[msgs[i].addr & 0x3ff];
		int run = 1, err;

		while (i + run < num && msgs[i + run].addr == msgs[i].addr)
			run++;
		if (!m)
			return -ENXIO;
		err = model_transfer(m, &msgs[i], run);
		if (err < 0)
			return err;
		i += run;
	}
	return num;
}

static uint32_t sim_functionality(struct i2c_adapter *adap)
{
	(void)adap;
	return I2C_FUNC_I2C | I2C_FUNC_10BIT_ADDR | I2C_FUNC_SMBUS_EMUL_ALL;
}

static const struct i2c_algorithm sim_algo = {
	.master_xfer = sim_master_xfer,
	.functionality = sim_functionality,
};

bool i2c_adapter_is_sim(const struct i2c_adapter *adap)
{
	return adap && adap->algo == &sim_algo;
}

struct i2c_adapter *i2c_sim_adapter_get(int nr)
{
	struct i2c_adapter *adap = i2c_get_adapter(nr);
	struct sim_adapter *s;
	int err;

	/* Under the core lock: the adapter stays; no module reference is kept. */
	i2c_put_adapter(adap);
	if (adap)
		return i2c_adapter_is_sim(adap) ? adap : ERR_PTR(-EBUSY);
	s = calloc(1, sizeof(*s));
	if (!s)
		return ERR_PTR(-ENOMEM);
	s->adap.nr = nr;
	s->adap.algo = &sim_algo;
	s->adap.class = I2C_CLASS_HWMON | I2C_CLASS_SPD;
	s->adap.described = true;
	snprintf(s->adap.name, sizeof(s->adap.name), "libcdev simulated I2C adapter %d", nr);
	err = i2c_add_numbered_adapter(&s->adap);
	if (err) {
		free(s);
		return ERR_PTR(err);
	}
	return &s->adap;
}

int i2c_sim_adapter_export(struct i2c_adapter *adap)
{
	struct sim_adapter *s = to_sim(adap);
	struct i2c_dev *node;

	if (s->node)
		return -EEXIST;
	node = i2c_dev_export(adap);
	if (IS_ERR(node))
		return (int)PTR_ERR(node);
	s->node = node;
	return 0;
}

bool i2c_sim_adapter_unused(struct i2c_adapter *adap)
{
	struct sim_adapter *s = to_sim(adap);

	if (s->node)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(s->models); i++)
		if (s->models[i])
			return false;
	return !adap->clients;
}

void i2c_sim_adapter_free(struct i2c_adapter *adap)
{
	i2c_dev_unexport(to_sim(adap)->node);
	i2c_del_adapter(adap);
	free(to_sim(adap));
}

/* "regs" or "regs:REG=VAL,REG=VAL...": the register file with those values, the rest 0. */
static int regs_parse(struct libcdev_i2c_model *m, const char *spec)
{
	const char *p = spec + 4;

	if (*p == '\0')
		return 0;
	if (*p++ != ':')
		return -EINVAL;
	while (*p) {
		unsigned long reg, val;
		char *end;

		reg = strtoul(p, &end, 0);
		if (end == p || *end != '=' || reg > 0xff || *p == '-')
			return -EINVAL;
		p = end + 1;
		val = strtoul(p, &end, 0);
		if (end == p || (*end && *end != ',') || val > 0xff || *p == '-')
			return -EINVAL;
		m->regs[reg] = (uint8_t)val;
		p = *end ? end + 1 : end;
	}
	return 0;
}

static void model_free(struct libcdev_i2c_model *m)
{
	if (m->ops && !m->name && m->ops->destroy)
		m->ops->destroy(m);
	free(m->name);
	free(m->args);
	free(m);
}

static struct libcdev_i2c_model *model_new(const char *spec)
{
	struct libcdev_i2c_model *m = calloc(1, sizeof(*m));
	const char *colon = strchr(spec, ':');

	if (!m)
		return ERR_PTR(-ENOMEM);
	if (!strncmp(spec, "regs", 4) && (spec[4] == '\0' || spec[4] == ':')) {
		if (!regs_parse(m, spec))
			return m;
		free(m);
		return ERR_PTR(-EINVAL);
	}
	m->name = colon ? strndup(spec, (size_t)(colon - spec)) : strdup(spec);
	m->args = colon ? strdup(colon + 1) : NULL;
	if (m->name && *m->name && (!colon || m->args))
		return m;
	model_free(m);
	return ERR_PTR(-EINVAL);
}

int i2c_sim_model_add(struct i2c_adapter *adap, unsigned short addr, const char *spec)
{
	struct sim_adapter *s = to_sim(adap);
	struct libcdev_i2c_model *m;
	int err = 0;

	if (!i2c_adapter_is_sim(adap))
		return -EINVAL;
	m = model_new(spec);
	if (IS_ERR(m))
		return (int)PTR_ERR(m);
	m->bus = adap->nr;
	m->addr = addr;
	i2c_lock_bus(adap, I2C_LOCK_SEGMENT);
	if (s->models[addr & 0x3ff])
		err = -EBUSY;
	else
		s->models[addr & 0x3ff] = m;
	i2c_unlock_bus(adap, I2C_LOCK_SEGMENT);
	if (err)
		model_free(m);
	return err;
}

void i2c_sim_model_del(struct i2c_adapter *adap, unsigned short addr)
{
	struct libcdev_i2c_model *m;

	if (!i2c_adapter_is_sim(adap))
		return;
	i2c_lock_bus(adap, I2C_LOCK_SEGMENT);
	m = to_sim(adap)->models[addr & 0x3ff];
	to_sim(adap)->models[addr & 0x3ff] = NULL;
	i2c_unlock_bus(adap, I2C_LOCK_SEGMENT);
	if (m)
		model_free(m);
}

/* ---- for tests and models ---- */

_public_ struct libcdev_i2c_model *libcdev_i2c_model_find(int bus, unsigned short addr)
{
	struct i2c_adapter *adap = i2c_get_adapter(bus);
	struct libcdev_i2c_model *m = NULL;

	if (!adap)
		return NULL;
	if (i2c_adapter_is_sim(adap) && addr < 0x400)
		m = to_sim(adap)->models[addr];
	i2c_put_adapter(adap);
	return m;
}

_public_ void libcdev_i2c_model_set_reg(struct libcdev_i2c_model *m, uint8_t reg, uint8_t val)
{
	if (m)
		__atomic_store_n(&m->regs[reg], val, __ATOMIC_RELAXED);
}

_public_ uint8_t libcdev_i2c_model_get_reg(const struct libcdev_i2c_model *m, uint8_t reg)
{
	return m ? __atomic_load_n(&m->regs[reg], __ATOMIC_RELAXED) : 0;
}

_public_ int libcdev_i2c_model_fault(struct libcdev_i2c_model *m, int err, int count)
{
	if (!m || (err && err != -ENXIO && err != -EIO && err != -ETIMEDOUT))
		return -EINVAL;
	m->fault = err;
	m->fault_count = err ? count : 0;
	return 0;
}

_public_ unsigned long libcdev_i2c_model_transfers(const struct libcdev_i2c_model *m)
{
	return m ? m->transfers : 0;
}
