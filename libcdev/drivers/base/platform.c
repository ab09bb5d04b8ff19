/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/base/platform.c:
 * the platform bus: devices, drivers, binding (probe/remove with
 * the driver's ->dev_groups served in between), resources and properties.
 *
 * One recursive lock serializes binding and the lists, as the kernel's
 * device lock does: a probe() may register other devices or drivers.
 *
 * This file holds the bus and its lists; the devices described in text and
 * their properties are in describe.c.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/base/base.h"
#include <libcdev/platform.h>
#include <libcdev/sysfs.h>

/* Recursive: a probe() may register or describe more on the same bus. */
static pthread_mutex_t bus_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static struct platform_device *bus_devices;
static struct platform_driver *bus_drivers;
static unsigned char auto_ids[256];

static void bus_lock_take(void)
{
	pthread_mutex_lock(&bus_lock);
}

static void bus_lock_drop(void)
{
	pthread_mutex_unlock(&bus_lock);
}

/* ---- matching and binding ---- */

/*
 * platform_match(): the device-tree node's compatible values, then the id
 * table, then the driver's name.
 */
static bool platform_match(struct platform_device *pdev, struct platform_driver *drv)
{
	const struct of_device_id *of =
		of_match_node(drv->driver.of_match_table, pdev->dev.of_node);
	const struct platform_device_id *id = drv->id_table;

	if (of) {
		pdev->of_match = of;
		return true;
	}
	for (; id && id->name[0]; id++)
		if (!strcmp(id->name, pdev->name)) {
			pdev->id_entry = id;
			return true;
		}
	return drv->driver.name && !strcmp(drv->driver.name, pdev->name);
}

/* After a failed probe() or after remove(): the managed resources go, the binding is forgotten. */
static void platform_unbound(struct platform_device *pdev)
{
	libcdev_devres_release_all(&pdev->dev);
	pdev->dev.driver = NULL;
	pdev->dev.driver_data = NULL;
	pdev->id_entry = NULL;
	pdev->of_match = NULL;
}

/* really_probe(): under bus_lock. */
static void platform_probe_locked(struct platform_device *pdev, struct platform_driver *drv)
{
	int err;

	pdev->dev.driver = &drv->driver;
	err = drv->probe(pdev);
	kcheck_on_return("probe", (const void *)drv->probe);
	if (!err) {
		err = device_add_groups(&pdev->dev, drv->driver.dev_groups);
		if (!err)
			return;
		printk(KERN_ERR "%s %s: cannot serve the driver's attributes: %d\n",
		       drv->driver.name, dev_name(&pdev->dev), err);
		if (drv->remove_new)
			drv->remove_new(pdev);
		else if (drv->remove)
			drv->remove(pdev);
	} else if (err != -ENODEV && err != -ENXIO) {
		printk(KERN_WARNING "%s: probe of %s failed with error %d\n", drv->driver.name,
		       dev_name(&pdev->dev), err);
	}
	platform_unbound(pdev);
}

/* device_release_driver(): attributes, remove(), then the managed resources. Under bus_lock. */
static void platform_unbind_locked(struct platform_device *pdev)
{
	struct platform_driver *drv;

	if (!pdev->dev.driver)
		return;
	drv = to_platform_driver(pdev->dev.driver);
	device_remove_groups(&pdev->dev, drv->driver.dev_groups);
	if (drv->remove_new) {
		drv->remove_new(pdev);
		kcheck_on_return("remove", (const void *)drv->remove_new);
	} else if (drv->remove) {
		drv->remove(pdev);
		kcheck_on_return("remove", (const void *)drv->remove);
	}
	platform_unbound(pdev);
}

static void platform_bind_device_locked(struct platform_device *pdev)
{
	for (struct platform_driver *drv = bus_drivers; drv && !pdev->dev.driver; drv = drv->next)
		if (platform_match(pdev, drv))
			platform_probe_locked(pdev, drv);
}

_public_ int __platform_driver_register(struct platform_driver *drv, struct module *owner)
{
	struct platform_driver *it;

	if (!drv || !drv->driver.name || !drv->probe)
		return -EINVAL;
	bus_lock_take();
	for (it = bus_drivers; it && it != drv; it = it->next)
		;
	if (it) {
		bus_lock_drop();
		return -EBUSY;
	}
	drv->driver.owner = owner;
	/* At the end: earlier drivers match first, as in registration order. */
	drv->next = NULL;
	for (struct platform_driver **pp = &bus_drivers;; pp = &(*pp)->next)
		if (!*pp) {
			*pp = drv;
			break;
		}
	for (struct platform_device *pdev = bus_devices; pdev; pdev = pdev->next)
		if (!pdev->dev.driver && platform_match(pdev, drv))
			platform_probe_locked(pdev, drv);
	bus_lock_drop();
	return 0;
}

_public_ void platform_driver_unregister(struct platform_driver *drv)
{
	struct platform_driver **pp;

	if (!drv)
		return;
	bus_lock_take();
	for (struct platform_device *pdev = bus_devices; pdev; pdev = pdev->next)
		if (pdev->dev.driver == &drv->driver)
			platform_unbind_locked(pdev);
	for (pp = &bus_drivers; *pp && *pp != drv; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = drv->next;
	bus_lock_drop();
}

/* The probe of a platform_driver_probe() driver once its devices are bound: no later one binds. */
static int platform_probe_fail(struct platform_device *pdev)
{
	(void)pdev;
	return -ENXIO;
}

static bool platform_driver_bound_locked(const struct platform_driver *drv)
{
	for (struct platform_device *pdev = bus_devices; pdev; pdev = pdev->next)
		if (pdev->dev.driver == &drv->driver)
			return true;
	return false;
}

_public_ int __platform_driver_probe(struct platform_driver *drv,
				     int (*probe)(struct platform_device *), struct module *module)
{
	bool bound;
	int err;

	if (!drv)
		return -EINVAL;
	if (drv->driver.probe_type == PROBE_PREFER_ASYNCHRONOUS) {
		printk(KERN_ERR "%s: drivers registered with %s can not be probed asynchronously\n",
		       drv->driver.name, __func__);
		return -EINVAL;
	}
	drv->prevent_deferred_probe = true;
	drv->driver.suppress_bind_attrs = true;
	drv->probe = probe;
	/* The bus lock is recursive: no device comes between the probes and the switch. */
	bus_lock_take();
	err = __platform_driver_register(drv, module);
	if (!err)
		drv->probe = platform_probe_fail;
	bound = !err && platform_driver_bound_locked(drv);
	bus_lock_drop();
	if (!err && !bound) {
		platform_driver_unregister(drv);
		err = -ENODEV;
	}
	return err;
}

/* ---- devices ---- */

void props_free(struct platform_device_property *p)
{
	while (p) {
		struct platform_device_property *next = p->next;

		free(p->key);
		free(p->value);
		free(p->of_prop);
		free(p);
		p = next;
	}
}

/* The device's name: NAME, NAME.ID, or NAME.ID of an automatic id. Under bus_lock. */
static int platform_set_name_locked(struct platform_device *pdev)
{
	int r;

	if (pdev->id == PLATFORM_DEVID_AUTO) {
		int id = 0;

		while (id < (int)sizeof(auto_ids) && auto_ids[id])
			id++;
		if (id == (int)sizeof(auto_ids))
			return -ENOSPC;
		auto_ids[id] = 1;
		pdev->id = id;
		pdev->id_auto = true;
	}
	free(pdev->dev.name);
	if (pdev->id == PLATFORM_DEVID_NONE)
		r = asprintf(&pdev->dev.name, "%s", pdev->name);
	else
		r = asprintf(&pdev->dev.name, pdev->id_auto ? "%s.%d.auto" : "%s.%d", pdev->name,
			     pdev->id);
	if (r < 0) {
		pdev->dev.name = NULL;
		return -ENOMEM;
	}
	return 0;
}

_public_ int platform_device_add(struct platform_device *pdev)
{
	int err;

	if (!pdev || !pdev->name || !*pdev->name || pdev->registered)
		return -EINVAL;
	bus_lock_take();
	err = platform_set_name_locked(pdev);
	for (struct platform_device *it = bus_devices; it && !err; it = it->next)
		if (!strcmp(it->dev.name, pdev->dev.name))
			err = -EEXIST;
	/* Its MSRs first: another device's may refuse it. */
	if (!err && pdev->described)
		err = msr_sim_attach(pdev);
	if (err)
		goto out;
	pdev->dev.bus_name = "platform";
	err = device_sysfs_add(&pdev->dev);
	if (err) {
		msr_sim_detach(pdev);
		goto out;
	}
	pdev->registered = true;
	pdev->next = bus_devices;
	bus_devices = pdev;
	if (pdev->described)
		mc146818_sim_attach(pdev);
	platform_bind_device_locked(pdev);
out:
	bus_lock_drop();
	return err;
}

_public_ void platform_device_del(struct platform_device *pdev)
{
	struct platform_device **pp;

	if (!pdev || !pdev->registered)
		return;
	bus_lock_take();
	platform_unbind_locked(pdev);
	for (pp = &bus_devices; *pp && *pp != pdev; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = pdev->next;
	pdev->registered = false;
	if (pdev->id_auto && pdev->id >= 0 && pdev->id < (int)sizeof(auto_ids)) {
		auto_ids[pdev->id] = 0;
		pdev->id = PLATFORM_DEVID_AUTO;
		pdev->id_auto = false;
	}
	bus_lock_drop();
	msr_sim_detach(pdev);
	/* Managed resources taken without a driver go with the device, as at its release. */
	libcdev_devres_release_all(&pdev->dev);
	/* What the driver did not take away itself goes with the device. */
	kfs_remove_device(&pdev->dev);
	device_sysfs_del(&pdev->dev);
}

_public_ int platform_device_register(struct platform_device *pdev)
{
	return platform_device_add(pdev);
}

/* A platform device the library allocated: platform_device_alloc() or a description. */
struct platform_object {
	struct platform_device pdev;
	char name[];
};

static bool platform_allocated(const struct platform_device *pdev)
{
	return pdev->allocated;
}

_public_ void platform_device_put(struct platform_device *pdev)
{
	if (!pdev)
		return;
	regbanks_forget(pdev->resource, pdev->num_resources);
	props_free(pdev->props);
	pdev->props = NULL;
	free(pdev->dev.name);
	pdev->dev.name = NULL;
	if (!platform_allocated(pdev))
		return;
	for (unsigned int i = 0; i < pdev->num_resources; i++)
		free((char *)pdev->resource[i].name);
	free(pdev->resource);
	free(pdev->dev.platform_data);
	free(pdev);
}

_public_ void platform_device_unregister(struct platform_device *pdev)
{
	platform_device_del(pdev);
	platform_device_put(pdev);
}

_public_ struct platform_device *platform_device_alloc(const char *name, int id)
{
	struct platform_object *o;

	if (!name)
		return NULL;
	o = calloc(1, sizeof(*o) + strlen(name) + 1);
	if (!o)
		return NULL;
	strcpy(o->name, name);
	o->pdev.name = o->name;
	o->pdev.id = id;
	o->pdev.allocated = true;
	return &o->pdev;
}

_public_ int platform_device_add_resources(struct platform_device *pdev, const struct resource *res,
					   unsigned int num)
{
	struct resource *r = NULL;

	if (!pdev || !platform_allocated(pdev))
		return -EINVAL;
	if (num) {
		r = calloc(num, sizeof(*r));
		if (!r)
			return -ENOMEM;
		memcpy(r, res, num * sizeof(*r));
		for (unsigned int i = 0; i < num; i++)
			if (res[i].name && !(r[i].name = strdup(res[i].name))) {
				while (i--)
					free((char *)r[i].name);
				free(r);
				return -ENOMEM;
			}
	}
	for (unsigned int i = 0; i < pdev->num_resources; i++)
		free((char *)pdev->resource[i].name);
	free(pdev->resource);
	pdev->resource = r;
	pdev->num_resources = num;
	return 0;
}

_public_ int platform_device_add_data(struct platform_device *pdev, const void *data, size_t size)
{
	void *copy = NULL;

	if (!pdev || !platform_allocated(pdev))
		return -EINVAL;
	if (data && !(copy = malloc(size ? size : 1)))
		return -ENOMEM;
	if (data)
		memcpy(copy, data, size);
	free(pdev->dev.platform_data);
	pdev->dev.platform_data = copy;
	return 0;
}

_public_ struct platform_device *platform_device_register_simple(const char *name, int id,
								 const struct resource *res,
								 unsigned int num)
{
	struct platform_device *pdev = platform_device_alloc(name, id);
	int err;

	if (!pdev)
		return ERR_PTR(-ENOMEM);
	err = platform_device_add_resources(pdev, res, num);
	if (!err)
		err = platform_device_add(pdev);
	if (err) {
		platform_device_put(pdev);
		return ERR_PTR(err);
	}
	return pdev;
}

/* ---- resources ---- */

_public_ struct resource *platform_get_resource(struct platform_device *pdev, unsigned int type,
						unsigned int num)
{
	for (unsigned int i = 0; pdev && i < pdev->num_resources; i++)
		if (resource_type(&pdev->resource[i]) == type && num-- == 0)
			return &pdev->resource[i];
	return NULL;
}

_public_ struct resource *platform_get_resource_byname(struct platform_device *pdev,
						       unsigned int type, const char *name)
{
	for (unsigned int i = 0; pdev && name && i < pdev->num_resources; i++) {
		struct resource *r = &pdev->resource[i];

		if (resource_type(r) == type && r->name && !strcmp(r->name, name))
			return r;
	}
	return NULL;
}

_public_ int platform_get_irq_optional(struct platform_device *pdev, unsigned int num)
{
	struct resource *r = platform_get_resource(pdev, IORESOURCE_IRQ, num);

	if (!r)
		return -ENXIO;
	/* The kernel's WARN(ret == 0): IRQ 0 is not valid. */
	return r->start > 0 && r->start < 1024 ? (int)r->start : -EINVAL;
}

_public_ int platform_get_irq(struct platform_device *pdev, unsigned int num)
{
	int irq = platform_get_irq_optional(pdev, num);

	if (irq < 0)
		printk(KERN_ERR "%s %s: IRQ index %u not found\n", dev_driver_string(&pdev->dev),
		       dev_name(&pdev->dev), num);
	return irq;
}

_public_ int platform_irq_count(struct platform_device *pdev)
{
	int n = 0;

	while (platform_get_resource(pdev, IORESOURCE_IRQ, (unsigned int)n))
		n++;
	return n;
}

struct resource *platform_region(unsigned long type, unsigned long long phys,
				 unsigned long long size)
{
	struct resource *found = NULL;

	bus_lock_take();
	for (struct platform_device *pdev = bus_devices; pdev && !found; pdev = pdev->next)
		for (unsigned int i = 0; i < pdev->num_resources && !found; i++) {
			struct resource *r = &pdev->resource[i];

			if (resource_type(r) == type && phys >= r->start && size &&
			    phys + size - 1 <= r->end && phys + size - 1 >= phys)
				found = r;
		}
	bus_lock_drop();
	return found;
}

/* ---- removal in bulk: the described devices, a module's drivers ---- */

_public_ void libcdev_platform_forget_described(void)
{
	struct platform_device *pdev;

	do {
		bus_lock_take();
		for (pdev = bus_devices; pdev && !pdev->described; pdev = pdev->next)
			;
		bus_lock_drop();
		platform_device_unregister(pdev);
	} while (pdev);
}

/* At @mod's unload: its drivers still registered are unregistered (their devices' remove() runs). */
int platform_module_stop(struct module *mod)
{
	struct platform_driver *drv;
	int n = 0;

	for (;;) {
		bus_lock_take();
		for (drv = bus_drivers; drv && drv->driver.owner != mod; drv = drv->next)
			;
		bus_lock_drop();
		if (!drv)
			return n;
		printk(KERN_WARNING "platform driver %s still registered at module unload: "
				    "unregistered\n",
		       drv->driver.name);
		platform_driver_unregister(drv);
		n++;
	}
}
