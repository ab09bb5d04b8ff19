/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/spi/spi-sim.c: the simulated SPI controller, what answers
 * on its wires (models registered by name, the register file "regs") and
 * fault injection, as the kernel keeps its simulators beside their
 * subsystem (drivers/gpio/gpio-sim.c). The devices described in text that
 * use it are in describe.c.
 *
 * The controller drives no wire: its chip select calls a model's begin() and
 * end(), its transfer_one() the model's xfer(); the core around it toggles
 * chip select as the kernel's does, so a model sees the frames a device would.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/spi/internal.h"
#include <libcdev/printk.h>

#define SIM_CHIPSELECTS	 8
#define SIM_MAX_SPEED_HZ 50000000u
#define SIM_MODE_BITS                                                                           \
	(SPI_CPHA | SPI_CPOL | SPI_CS_HIGH | SPI_LSB_FIRST | SPI_3WIRE | SPI_LOOP | SPI_NO_CS | \
	 SPI_READY | SPI_TX_DUAL | SPI_TX_QUAD | SPI_RX_DUAL | SPI_RX_QUAD | SPI_CS_WORD |      \
	 SPI_TX_OCTAL | SPI_RX_OCTAL | SPI_3WIRE_HIZ)

/* ---- models by name ---- */

struct model_entry {
	struct model_entry *next;
	const struct libcdev_spi_model *model;
};

static pthread_mutex_t models_lock = PTHREAD_MUTEX_INITIALIZER;
static struct model_entry *models;

static const struct libcdev_spi_model *model_find(const char *name, size_t len)
{
	const struct libcdev_spi_model *m = NULL;

	pthread_mutex_lock(&models_lock);
	for (struct model_entry *e = models; e && !m; e = e->next)
		if (strlen(e->model->name) == len && !strncmp(e->model->name, name, len))
			m = e->model;
	pthread_mutex_unlock(&models_lock);
	return m;
}

_public_ int libcdev_spi_model_register(const struct libcdev_spi_model *model)
{
	struct model_entry *e;

	if (!model || !model->name || !*model->name || strchr(model->name, ':') ||
	    !strcmp(model->name, "regs"))
		return -EINVAL;
	if (model_find(model->name, strlen(model->name)))
		return -EEXIST;
	e = malloc(sizeof(*e));
	if (!e)
		return -ENOMEM;
	e->model = model;
	pthread_mutex_lock(&models_lock);
	e->next = models;
	models = e;
	pthread_mutex_unlock(&models_lock);
	return 0;
}

static void model_drop_from(struct spi_device *spi, const struct libcdev_spi_model *model)
{
	/* Looked up again at the next message, should the model come back. */
	if (spi->model == model)
		libcdev_spi_set_model(spi, NULL, NULL);
}

_public_ void libcdev_spi_model_unregister(const struct libcdev_spi_model *model)
{
	struct model_entry **pp, *e;

	pthread_mutex_lock(&models_lock);
	for (pp = &models; *pp && (*pp)->model != model; pp = &(*pp)->next)
		;
	e = *pp;
	if (e)
		*pp = e->next;
	pthread_mutex_unlock(&models_lock);
	free(e);
	if (!e)
		return;
	spi_lock_take();
	for (struct spi_controller *c = spi_controller_next_locked(NULL); c;
	     c = spi_controller_next_locked(c))
		for (struct spi_device *spi = c->devices; spi; spi = spi->next)
			model_drop_from(spi, model);
	spi_lock_drop();
}

static void io_lock(struct spi_device *spi)
{
	if (spi->controller->registered)
		pthread_mutex_lock(&spi->controller->io_mutex);
}

static void io_unlock(struct spi_device *spi)
{
	if (spi->controller->registered)
		pthread_mutex_unlock(&spi->controller->io_mutex);
}

_public_ int libcdev_spi_set_model(struct spi_device *spi, const struct libcdev_spi_model *model,
				   void *priv)
{
	if (!spi)
		return -EINVAL;
	io_lock(spi);
	/* A frame the old model had open ends with it. */
	if (spi->cs_active && spi->model && spi->model->end)
		spi->model->end(spi);
	spi->cs_active = false;
	if (spi->model && spi->model->detach)
		spi->model->detach(spi);
	spi->model = model;
	spi->model_priv = priv;
	io_unlock(spi);
	return 0;
}

_public_ void *libcdev_spi_model_priv(const struct spi_device *spi)
{
	return spi ? spi->model_priv : NULL;
}

_public_ void libcdev_spi_model_set_priv(struct spi_device *spi, void *priv)
{
	if (spi)
		spi->model_priv = priv;
}

_public_ void libcdev_spi_inject_fault(struct spi_device *spi, int err, unsigned int count)
{
	if (!spi)
		return;
	io_lock(spi);
	spi->fault_err = err < 0 ? err : -EIO;
	spi->fault_count = count;
	io_unlock(spi);
}

void spi_sim_device_release(struct spi_device *spi)
{
	libcdev_spi_set_model(spi, NULL, NULL);
	props_free(spi->props);
	spi->props = NULL;
	free(spi->model_name);
	spi->model_name = NULL;
}

/* model=NAME[:ARGS], looked up at the first message: the model may be registered after the description. */
static int model_resolve(struct spi_device *spi)
{
	const char *colon = strchr(spi->model_name, ':');
	size_t len = colon ? (size_t)(colon - spi->model_name) : strlen(spi->model_name);
	const struct libcdev_spi_model *m = model_find(spi->model_name, len);
	int err;

	if (!m) {
		printk(KERN_ERR "%s: no SPI model %.*s registered\n", dev_name(&spi->dev), (int)len,
		       spi->model_name);
		return -ENODEV;
	}
	libcdev_spi_set_model(spi, m, NULL);
	err = m->attach ? m->attach(spi, colon ? colon + 1 : "") : 0;
	if (err) {
		printk(KERN_ERR "%s: SPI model %s refused \"%s\": %d\n", dev_name(&spi->dev),
		       m->name, spi->model_name, err);
		spi->model = NULL;
	}
	return err;
}

/* ---- the simulated controller ---- */

static int sim_prepare(struct spi_controller *ctlr, struct spi_message *msg)
{
	struct spi_device *spi = msg->spi;

	(void)ctlr;
	if (spi->fault_count) {
		spi->fault_count--;
		return spi->fault_err;
	}
	if (!spi->model && spi->model_name)
		return model_resolve(spi);
	return 0;
}

static void sim_end(struct spi_device *spi)
{
	spi->cs_active = false;
	if (spi->model && spi->model->end)
		spi->model->end(spi);
}

/* @level is the line's: low asserts, unless the device's chip select is active-high. */
static void sim_set_cs(struct spi_device *spi, bool level)
{
	bool assert = (spi->mode & SPI_CS_HIGH) ? level : !level;

	if (assert && !spi->cs_active) {
		/* One device at a time on a bus: one left selected (cs_change on its last transfer) lets go. */
		for (struct spi_device *o = spi->controller->devices; o; o = o->next)
			if (o != spi && o->cs_active)
				sim_end(o);
		spi->cs_active = true;
		if (spi->model && spi->model->begin)
			spi->model->begin(spi);
	} else if (!assert && spi->cs_active) {
		sim_end(spi);
	}
}

static int sim_transfer_one(struct spi_controller *ctlr, struct spi_device *spi,
			    struct spi_transfer *x)
{
	(void)ctlr;
	if (x->rx_buf)
		memset(x->rx_buf, 0, x->len);
	/* Loopback: what goes out comes back, and no device hears it. */
	if (spi->mode & SPI_LOOP) {
		if (x->rx_buf && x->tx_buf)
			memcpy(x->rx_buf, x->tx_buf, x->len);
		return 0;
	}
	if (!spi->model || !spi->model->xfer)
		return 0;
	return spi->model->xfer(spi, x, x->tx_buf, x->rx_buf, x->len);
}

struct spi_controller *spi_sim_controller_new(int bus)
{
	struct spi_controller *ctlr = spi_alloc_master(NULL, 0);
	int err;

	if (!ctlr)
		return NULL;
	ctlr->bus_num = (int16_t)bus;
	ctlr->num_chipselect = SIM_CHIPSELECTS;
	ctlr->mode_bits = SIM_MODE_BITS;
	ctlr->bits_per_word_mask = SPI_BPW_RANGE_MASK(1, 32);
	ctlr->max_speed_hz = SIM_MAX_SPEED_HZ;
	ctlr->prepare_message = sim_prepare;
	ctlr->set_cs = sim_set_cs;
	ctlr->transfer_one = sim_transfer_one;
	ctlr->simulated = true;
	err = spi_register_controller(ctlr);
	if (err) {
		spi_controller_put(ctlr);
		return NULL;
	}
	return ctlr;
}

/* ---- the register file ---- */

struct regs_hook {
	int (*read)(struct spi_device *spi, unsigned int reg, uint8_t *val, void *ctx);
	int (*write)(struct spi_device *spi, unsigned int reg, uint8_t val, void *ctx);
	void *ctx;
};

struct regs {
	uint8_t val[256];
	struct regs_hook hook[256];
	uint8_t mask;
	bool write_mask; /* mask set: a write (else a read) */
	bool reading;
	int addr; /* -1 until the frame's first byte */
};

static void regs_begin(struct spi_device *spi)
{
	((struct regs *)spi->model_priv)->addr = -1;
}

static int regs_byte(struct spi_device *spi, struct regs *r, uint8_t in, uint8_t *out)
{
	struct regs_hook *h;
	uint8_t v;
	int err = 0;

	if (r->addr < 0) {
		r->reading = r->write_mask ? !(in & r->mask) : !!(in & r->mask);
		r->addr = in & (uint8_t)~r->mask;
		return 0;
	}
	h = &r->hook[r->addr];
	if (r->reading) {
		v = r->val[r->addr];
		if (h->read)
			err = h->read(spi, (unsigned int)r->addr, &v, h->ctx);
		if (out)
			*out = v;
	} else {
		if (h->write)
			err = h->write(spi, (unsigned int)r->addr, in, h->ctx);
		if (!err)
			r->val[r->addr] = in;
	}
	r->addr = (r->addr + 1) & 0xff;
	return err;
}

static int regs_xfer(struct spi_device *spi, const struct spi_transfer *t, const uint8_t *tx,
		     uint8_t *rx, unsigned int len)
{
	struct regs *r = spi->model_priv;
	int err = 0;

	(void)t;
	for (unsigned int i = 0; i < len && !err; i++)
		err = regs_byte(spi, r, tx ? tx[i] : 0, rx ? &rx[i] : NULL);
	return err;
}

static void regs_end(struct spi_device *spi)
{
	((struct regs *)spi->model_priv)->addr = -1;
}

static void regs_detach(struct spi_device *spi)
{
	free(spi->model_priv);
	spi->model_priv = NULL;
}

static const struct libcdev_spi_model regs_model = {
	.name = "regs",
	.detach = regs_detach,
	.begin = regs_begin,
	.xfer = regs_xfer,
	.end = regs_end,
};

static struct regs *regs_of(struct spi_device *spi)
{
	return spi && spi->model == &regs_model ? spi->model_priv : NULL;
}

_public_ int libcdev_spi_regs_attach(struct spi_device *spi, uint8_t read_mask)
{
	struct regs *r;

	if (!spi)
		return -EINVAL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->mask = read_mask;
	r->addr = -1;
	return libcdev_spi_set_model(spi, &regs_model, r);
}

_public_ int libcdev_spi_regs_set_write_mask(struct spi_device *spi, uint8_t write_mask)
{
	struct regs *r = regs_of(spi);

	if (!r)
		return -ENODEV;
	r->mask = write_mask;
	r->write_mask = true;
	return 0;
}

int spi_regs_set_read_mask(struct spi_device *spi, uint8_t read_mask)
{
	struct regs *r = regs_of(spi);

	if (!r)
		return -ENODEV;
	r->mask = read_mask;
	r->write_mask = false;
	return 0;
}

_public_ int libcdev_spi_regs_set(struct spi_device *spi, unsigned int reg, uint8_t val)
{
	struct regs *r = regs_of(spi);

	if (!r)
		return -ENODEV;
	if (reg > 0xff)
		return -EINVAL;
	r->val[reg] = val;
	return 0;
}

_public_ int libcdev_spi_regs_get(struct spi_device *spi, unsigned int reg)
{
	struct regs *r = regs_of(spi);

	if (!r)
		return -ENODEV;
	return reg > 0xff ? -EINVAL : r->val[reg];
}

_public_ int
libcdev_spi_regs_on(struct spi_device *spi, unsigned int reg,
		    int (*read)(struct spi_device *spi, unsigned int reg, uint8_t *val, void *ctx),
		    int (*write)(struct spi_device *spi, unsigned int reg, uint8_t val, void *ctx),
		    void *ctx)
{
	struct regs *r = regs_of(spi);

	if (!r)
		return -ENODEV;
	if (reg > 0xff)
		return -EINVAL;
	io_lock(spi);
	r->hook[reg] = (struct regs_hook){ read, write, ctx };
	io_unlock(spi);
	return 0;
}
