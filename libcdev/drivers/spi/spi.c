/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/spi/spi.c: the SPI core. Controllers and their devices,
 * protocol drivers and their binding (spi_match_device()), spi_setup()'s
 * checks. Messages are in message.c, the simulated controller and its
 * models in spi-sim.c, the devices described in text in describe.c.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/spi/internal.h"
#include <libcdev/kcheck.h>
#include <libcdev/printk.h>
#include <libcdev/sysfs.h>

/* Recursive: a probe() may register or describe more on the same bus. */
static pthread_mutex_t spi_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static struct spi_controller *controllers;
static struct spi_driver *drivers;

void spi_lock_take(void)
{
	pthread_mutex_lock(&spi_lock);
}

void spi_lock_drop(void)
{
	pthread_mutex_unlock(&spi_lock);
}

/* ---- matching and binding ---- */

static const struct spi_device_id *spi_match_id(const struct spi_device_id *id, const char *name)
{
	for (; id && id->name[0]; id++)
		if (!strcmp(id->name, name))
			return id;
	return NULL;
}

/* spi_match_device(): an override, the device-tree node, the id table, else the driver's name. */
static bool spi_match(struct spi_device *spi, struct spi_driver *sdrv)
{
	const struct of_device_id *of;

	if (spi->driver_override)
		return !strcmp(spi->driver_override, sdrv->driver.name);
	of = of_match_node(sdrv->driver.of_match_table, spi->dev.of_node);
	if (of) {
		spi->of_match = of;
		return true;
	}
	if (sdrv->id_table)
		return spi_match_id(sdrv->id_table, spi->modalias) != NULL;
	return !strcmp(spi->modalias, sdrv->driver.name);
}

_public_ const struct spi_device_id *spi_get_device_id(const struct spi_device *sdev)
{
	if (!sdev || !sdev->dev.driver)
		return NULL;
	return spi_match_id(to_spi_driver(sdev->dev.driver)->id_table, sdev->modalias);
}

static void spi_unbound(struct spi_device *spi)
{
	libcdev_devres_release_all(&spi->dev);
	spi->dev.driver = NULL;
	spi->dev.driver_data = NULL;
	spi->of_match = NULL;
}

/* spi_probe() via really_probe(): under the bus lock. */
static void spi_probe_locked(struct spi_device *spi, struct spi_driver *sdrv)
{
	int err;

	spi->dev.driver = &sdrv->driver;
	err = sdrv->probe(spi);
	kcheck_on_return("probe", (const void *)sdrv->probe);
	if (!err) {
		err = device_add_groups(&spi->dev, sdrv->driver.dev_groups);
		if (!err)
			return;
		printk(KERN_ERR "%s %s: cannot serve the driver's attributes: %d\n",
		       sdrv->driver.name, dev_name(&spi->dev), err);
		if (sdrv->remove)
			sdrv->remove(spi);
	} else if (err != -ENODEV && err != -ENXIO) {
		printk(KERN_WARNING "%s: probe of %s failed with error %d\n", sdrv->driver.name,
		       dev_name(&spi->dev), err);
	}
	spi_unbound(spi);
}

/* spi_remove(), then the managed resources. Under the bus lock. */
static void spi_unbind_locked(struct spi_device *spi)
{
	struct spi_driver *sdrv;

	if (!spi->dev.driver)
		return;
	sdrv = to_spi_driver(spi->dev.driver);
	device_remove_groups(&spi->dev, sdrv->driver.dev_groups);
	if (sdrv->remove) {
		sdrv->remove(spi);
		kcheck_on_return("remove", (const void *)sdrv->remove);
	}
	spi_unbound(spi);
}

static void spi_bind_device_locked(struct spi_device *spi)
{
	for (struct spi_driver *sdrv = drivers; sdrv && !spi->dev.driver; sdrv = sdrv->next)
		if (spi_match(spi, sdrv))
			spi_probe_locked(spi, sdrv);
}

_public_ int __spi_register_driver(struct module *owner, struct spi_driver *sdrv)
{
	struct spi_driver **pp;

	if (!sdrv || !sdrv->driver.name || !sdrv->probe)
		return -EINVAL;
	spi_lock_take();
	for (pp = &drivers; *pp && *pp != sdrv; pp = &(*pp)->next)
		;
	if (*pp) {
		spi_lock_drop();
		return -EBUSY;
	}
	sdrv->driver.owner = owner;
	sdrv->next = NULL;
	*pp = sdrv;
	for (struct spi_controller *c = controllers; c; c = c->next)
		for (struct spi_device *spi = c->devices; spi; spi = spi->next)
			if (!spi->dev.driver && spi_match(spi, sdrv))
				spi_probe_locked(spi, sdrv);
	spi_lock_drop();
	return 0;
}

_public_ void spi_unregister_driver(struct spi_driver *sdrv)
{
	struct spi_driver **pp;

	if (!sdrv)
		return;
	spi_lock_take();
	for (struct spi_controller *c = controllers; c; c = c->next)
		for (struct spi_device *spi = c->devices; spi; spi = spi->next)
			if (spi->dev.driver == &sdrv->driver)
				spi_unbind_locked(spi);
	for (pp = &drivers; *pp && *pp != sdrv; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = sdrv->next;
	spi_lock_drop();
}

/* At @mod's unload: its SPI drivers still registered are unregistered (their remove() runs). */
int spi_module_stop(struct module *mod)
{
	struct spi_driver *sdrv;
	int n = 0;

	for (;;) {
		spi_lock_take();
		for (sdrv = drivers; sdrv && sdrv->driver.owner != mod; sdrv = sdrv->next)
			;
		spi_lock_drop();
		if (!sdrv)
			return n;
		printk(KERN_WARNING
		       "spi driver %s still registered at module unload: unregistered\n",
		       sdrv->driver.name);
		spi_unregister_driver(sdrv);
		n++;
	}
}

/* ---- controllers ---- */

struct spi_controller *spi_controller_find_locked(int bus)
{
	struct spi_controller *c = controllers;

	while (c && c->bus_num != bus)
		c = c->next;
	return c;
}

struct spi_controller *spi_controller_next_locked(struct spi_controller *c)
{
	return c ? c->next : controllers;
}

_public_ struct spi_controller *spi_busnum_to_master(uint16_t busnum)
{
	struct spi_controller *c;

	spi_lock_take();
	c = spi_controller_find_locked(busnum);
	spi_lock_drop();
	return c;
}

_public_ struct spi_controller *__spi_alloc_controller(struct device *dev, unsigned int size,
						       bool slave)
{
	struct spi_controller *ctlr;

	/* No slave mode: nothing here plays the device's side of a real bus. */
	if (slave)
		return NULL;
	ctlr = calloc(1, sizeof(*ctlr) + size);
	if (!ctlr)
		return NULL;
	ctlr->devdata = size ? ctlr + 1 : NULL;
	ctlr->dev.parent = dev;
	ctlr->bus_num = -1;
	ctlr->num_chipselect = 1;
	ctlr->allocated = true;
	return ctlr;
}

_public_ void spi_controller_put(struct spi_controller *ctlr)
{
	if (!ctlr || ctlr->registered)
		return;
	free(ctlr->dev.name);
	ctlr->dev.name = NULL;
	if (ctlr->allocated)
		free(ctlr);
}

static int spi_controller_number_locked(struct spi_controller *ctlr)
{
	if (ctlr->bus_num < 0) {
		int16_t n = 0;

		while (spi_controller_find_locked(n))
			n++;
		ctlr->bus_num = n;
	} else if (spi_controller_find_locked(ctlr->bus_num)) {
		return -EBUSY;
	}
	free(ctlr->dev.name);
	if (asprintf(&ctlr->dev.name, "spi%d", ctlr->bus_num) < 0) {
		ctlr->dev.name = NULL;
		return -ENOMEM;
	}
	return 0;
}

_public_ int spi_register_controller(struct spi_controller *ctlr)
{
	pthread_mutexattr_t attr;
	int err;

	if (!ctlr || ctlr->registered || !ctlr->num_chipselect ||
	    (!ctlr->transfer_one && !ctlr->transfer_one_message))
		return -EINVAL;
	spi_lock_take();
	err = spi_controller_number_locked(ctlr);
	if (err) {
		spi_lock_drop();
		return err;
	}
	/* Recursive: a model's callbacks, which run under it, may set up models. */
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&ctlr->io_mutex, &attr);
	pthread_mutexattr_destroy(&attr);
	pthread_mutex_init(&ctlr->queue_lock, NULL);
	pthread_mutex_init(&ctlr->bus_lock_mutex, NULL);
	ctlr->bus_lock_flag = false;
	pthread_cond_init(&ctlr->done_cond, NULL);
	ctlr->queue.next = ctlr->queue.prev = &ctlr->queue;
	libcdev_init_work(&ctlr->pump, spi_pump, NULL);
	ctlr->dev.bus_name = "spi_master";
	ctlr->registered = true;
	ctlr->next = controllers;
	controllers = ctlr;
	spi_lock_drop();
	return 0;
}

_public_ void spi_unregister_controller(struct spi_controller *ctlr)
{
	struct spi_controller **pp;

	if (!ctlr || !ctlr->registered)
		return;
	while (ctlr->devices)
		spi_unregister_device(ctlr->devices);
	/* The queue runs dry first: the messages queued still complete. */
	flush_work(&ctlr->pump);
	spi_lock_take();
	for (pp = &controllers; *pp && *pp != ctlr; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = ctlr->next;
	ctlr->registered = false;
	spi_lock_drop();
	pthread_cond_destroy(&ctlr->done_cond);
	pthread_mutex_destroy(&ctlr->queue_lock);
	pthread_mutex_destroy(&ctlr->io_mutex);
	pthread_mutex_destroy(&ctlr->bus_lock_mutex);
	spi_controller_put(ctlr);
}

/* ---- devices ---- */

_public_ struct spi_device *spi_alloc_device(struct spi_controller *ctlr)
{
	struct spi_device *spi;

	if (!ctlr)
		return NULL;
	spi = calloc(1, sizeof(*spi));
	if (!spi)
		return NULL;
	spi->controller = spi->master = ctlr;
	spi->dev.parent = &ctlr->dev;
	return spi;
}

/* A device that was never added, or is no longer: everything it holds goes. */
_public_ void spi_dev_put(struct spi_device *spi)
{
	if (!spi || spi->registered)
		return;
	spi_sim_device_release(spi);
	free(spi->dev.name);
	free(spi);
}

static int spi_add_device_locked(struct spi_device *spi)
{
	struct spi_controller *ctlr = spi->controller;
	int err;

	if (spi->chip_select >= ctlr->num_chipselect) {
		printk(KERN_ERR "%s: cs%d >= max %d\n", dev_name(&ctlr->dev), spi->chip_select,
		       ctlr->num_chipselect);
		return -EINVAL;
	}
	for (struct spi_device *it = ctlr->devices; it; it = it->next)
		if (it->chip_select == spi->chip_select) {
			printk(KERN_ERR "%s: chipselect %d already in use\n", dev_name(&ctlr->dev),
			       spi->chip_select);
			return -EBUSY;
		}
	if (asprintf(&spi->dev.name, "%s.%u", dev_name(&ctlr->dev), spi->chip_select) < 0) {
		spi->dev.name = NULL;
		return -ENOMEM;
	}
	err = spi_setup(spi);
	if (err < 0) {
		printk(KERN_ERR "%s: can't setup %s, status %d\n", dev_name(&ctlr->dev),
		       dev_name(&spi->dev), err);
		return err;
	}
	spi->dev.bus_name = "spi";
	/* Its directory, for the driver's sysfs_create_group(&spi->dev.kobj, ...). */
	err = device_sysfs_add(&spi->dev);
	if (err)
		return err;
	spi->registered = true;
	spi->next = ctlr->devices;
	ctlr->devices = spi;
	spi_bind_device_locked(spi);
	return 0;
}

_public_ int spi_add_device(struct spi_device *spi)
{
	int err;

	if (!spi || spi->registered || !spi->controller || !spi->controller->registered)
		return -EINVAL;
	spi_lock_take();
	err = spi_add_device_locked(spi);
	spi_lock_drop();
	return err;
}

_public_ struct spi_device *spi_new_device(struct spi_controller *ctlr, struct spi_board_info *chip)
{
	struct spi_device *spi;

	if (!chip)
		return NULL;
	spi = spi_alloc_device(ctlr);
	if (!spi)
		return NULL;
	spi->chip_select = (uint8_t)chip->chip_select;
	spi->max_speed_hz = chip->max_speed_hz;
	spi->mode = chip->mode;
	spi->irq = chip->irq;
	spi->dev.platform_data = (void *)chip->platform_data;
	spi->controller_data = chip->controller_data;
	snprintf(spi->modalias, sizeof(spi->modalias), "%s", chip->modalias);
	if (chip->chip_select > 0xff || spi_add_device(spi)) {
		spi_dev_put(spi);
		return NULL;
	}
	return spi;
}

_public_ struct spi_device *spi_new_ancillary_device(struct spi_device *spi, uint8_t chip_select)
{
	struct spi_device *ancillary = spi_alloc_device(spi->controller);
	int err;

	if (!ancillary)
		return ERR_PTR(-ENOMEM);
	snprintf(ancillary->modalias, sizeof(ancillary->modalias), "dummy");
	ancillary->chip_select = chip_select;
	ancillary->max_speed_hz = spi->max_speed_hz;
	ancillary->mode = spi->mode;
	err = spi_add_device(ancillary);
	if (err) {
		printk(KERN_ERR "%s: failed to register ancillary device\n", dev_name(&spi->dev));
		spi_dev_put(ancillary);
		return ERR_PTR(err);
	}
	return ancillary;
}

_public_ void spi_unregister_device(struct spi_device *spi)
{
	struct spi_device **pp;

	if (!spi || !spi->registered)
		return;
	spi_lock_take();
	spi_unbind_locked(spi);
	for (pp = &spi->controller->devices; *pp && *pp != spi; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = spi->next;
	spi->registered = false;
	spi_lock_drop();
	/* Managed resources taken without a driver go with the device, as at its release. */
	libcdev_devres_release_all(&spi->dev);
	if (spi->controller->cleanup)
		spi->controller->cleanup(spi);
	kfs_remove_device(&spi->dev);
	device_sysfs_del(&spi->dev);
	spi_dev_put(spi);
}

/* ---- setup ---- */

int spi_check_bpw(const struct spi_controller *ctlr, unsigned int bpw)
{
	if (!ctlr->bits_per_word_mask)
		return 0;
	if (bpw == 0 || bpw > 32 || !(ctlr->bits_per_word_mask & SPI_BPW_MASK(bpw)))
		return -EINVAL;
	return 0;
}

static unsigned int bit_count(uint32_t v)
{
	return (unsigned int)__builtin_popcount(v);
}

/* The mode checks of the kernel's spi_setup(): what no controller can do, then what this one cannot. */
static int spi_check_mode(struct spi_device *spi)
{
	const uint32_t wide = SPI_TX_DUAL | SPI_TX_QUAD | SPI_TX_OCTAL | SPI_RX_DUAL | SPI_RX_QUAD |
			      SPI_RX_OCTAL;
	uint32_t bad, ugly;

	if (bit_count(spi->mode & (SPI_TX_DUAL | SPI_TX_QUAD | SPI_NO_TX)) > 1 ||
	    bit_count(spi->mode & (SPI_RX_DUAL | SPI_RX_QUAD | SPI_NO_RX)) > 1) {
		printk(KERN_ERR "%s: setup: can not select any two of dual, quad and no-rx/tx at "
				"the same time\n",
		       dev_name(&spi->dev));
		return -EINVAL;
	}
	if ((spi->mode & SPI_3WIRE) && (spi->mode & wide))
		return -EINVAL;
	bad = spi->mode & ~(spi->controller->mode_bits | SPI_CS_WORD | SPI_NO_TX | SPI_NO_RX);
	ugly = bad & wide;
	if (ugly) {
		printk(KERN_WARNING "%s: setup: ignoring unsupported mode bits %x\n",
		       dev_name(&spi->dev), ugly);
		spi->mode &= ~ugly;
		bad &= ~ugly;
	}
	if (bad) {
		printk(KERN_ERR "%s: setup: unsupported mode bits %x\n", dev_name(&spi->dev), bad);
		return -EINVAL;
	}
	return 0;
}

_public_ int spi_setup(struct spi_device *spi)
{
	struct spi_controller *ctlr;
	int err;

	if (!spi || !spi->controller)
		return -EINVAL;
	ctlr = spi->controller;
	err = spi_check_mode(spi);
	if (err)
		return err;
	if (!spi->bits_per_word)
		spi->bits_per_word = 8;
	err = spi_check_bpw(ctlr, spi->bits_per_word);
	if (err)
		return err;
	if (ctlr->max_speed_hz && (!spi->max_speed_hz || spi->max_speed_hz > ctlr->max_speed_hz))
		spi->max_speed_hz = ctlr->max_speed_hz;
	pthread_mutex_lock(&ctlr->io_mutex);
	err = ctlr->setup ? ctlr->setup(spi) : 0;
	if (!err)
		spi_set_cs(spi, false);
	pthread_mutex_unlock(&ctlr->io_mutex);
	return err;
}
