/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/base/property.c: a device's properties, as a driver
 * reads them (device_property_*()), from the KEY=VALUE words of its
 * description (describe.c); the match data of its driver's table.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/base/base.h"
#include <libcdev/platform.h>

_public_ const char *device_prop_nth(const struct device *dev, const char *name, unsigned int n)
{
	const struct platform_device *pdev;

	if (!dev || !name || !dev->bus_name || strcmp(dev->bus_name, "platform"))
		return NULL;
	pdev = to_platform_device(dev);
	for (const struct platform_device_property *p = pdev->props; p; p = p->next)
		if (!strcmp(p->key, name) && n-- == 0)
			return p->value;
	return NULL;
}

static const char *property_find(const struct device *dev, const char *name)
{
	return device_prop_nth(dev, name, 0);
}

_public_ bool device_property_present(const struct device *dev, const char *propname)
{
	return property_find(dev, propname) != NULL;
}

_public_ int device_property_read_u64(const struct device *dev, const char *propname, uint64_t *val)
{
	const char *v = property_find(dev, propname);
	unsigned long long n;
	char *end;

	if (!v)
		return -EINVAL;
	errno = 0;
	n = strtoull(v, &end, 0);
	if (end == v || *end || *v == '-')
		return -EPROTO;
	if (errno == ERANGE)
		return -EOVERFLOW;
	*val = n;
	return 0;
}

_public_ int device_property_read_u32(const struct device *dev, const char *propname, uint32_t *val)
{
	uint64_t v;
	int err = device_property_read_u64(dev, propname, &v);

	if (err)
		return err;
	if (v > UINT32_MAX)
		return -EOVERFLOW;
	*val = (uint32_t)v;
	return 0;
}

_public_ int device_property_read_string(const struct device *dev, const char *propname,
					 const char **val)
{
	const char *v = property_find(dev, propname);

	if (!v)
		return -EINVAL;
	*val = v;
	return 0;
}

_public_ const void *device_get_match_data(const struct device *dev)
{
	const struct platform_device *pdev;

	if (!dev || !dev->bus_name || strcmp(dev->bus_name, "platform"))
		return NULL;
	pdev = to_platform_device(dev);
	return pdev->of_match ? pdev->of_match->data : NULL;
}

_public_ const char *dev_driver_string(const struct device *dev)
{
	if (!dev)
		return "";
	if (dev->driver && dev->driver->name)
		return dev->driver->name;
	if (dev->bus_name)
		return dev->bus_name;
	return dev->class ? dev->class->name : "";
}
