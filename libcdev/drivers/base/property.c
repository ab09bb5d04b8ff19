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

/*
 * The numbers of @v, "N" or "N,N,...": the first @max into @out (which may
 * be NULL), each at most @limit. Return: their count, or -EPROTO if one is
 * not a number (decimal or 0x), -EOVERFLOW if one is above @limit.
 */
static int prop_numbers(const char *v, uint64_t *out, size_t max, uint64_t limit)
{
	int n = 0;

	for (;;) {
		unsigned long long x;
		char *end;

		errno = 0;
		x = strtoull(v, &end, 0);
		if (end == v || (*end && *end != ',') || *v == '-' || *v == ' ')
			return -EPROTO;
		if (errno == ERANGE || x > limit)
			return -EOVERFLOW;
		if (out && (size_t)n < max)
			out[n] = x;
		n++;
		if (!*end)
			return n;
		v = end + 1;
	}
}

/* The array reader of both widths: as device_property_read_u32_array(). */
static int prop_read_array(const struct device *dev, const char *propname, uint64_t *val,
			   size_t nval, uint64_t limit)
{
	const char *v = property_find(dev, propname);
	int n;

	if (!v)
		return -EINVAL;
	n = prop_numbers(v, val, nval, limit);
	if (n < 0 || !val)
		return n;
	return (size_t)n < nval ? -EOVERFLOW : 0;
}

_public_ int device_property_read_u64_array(const struct device *dev, const char *propname,
					    uint64_t *val, size_t nval)
{
	return prop_read_array(dev, propname, val, nval, UINT64_MAX);
}

_public_ int device_property_read_u32_array(const struct device *dev, const char *propname,
					    uint32_t *val, size_t nval)
{
	uint64_t one, *wide = NULL;
	int ret;

	if (val && nval > 1 && !(wide = calloc(nval, sizeof(*wide))))
		return -ENOMEM;
	ret = prop_read_array(dev, propname, val ? (wide ? wide : &one) : NULL, nval, UINT32_MAX);
	for (size_t i = 0; val && ret == 0 && i < nval; i++)
		val[i] = (uint32_t)(wide ? wide[i] : one);
	free(wide);
	return ret;
}

_public_ int device_property_read_u64(const struct device *dev, const char *propname, uint64_t *val)
{
	return device_property_read_u64_array(dev, propname, val, 1);
}

_public_ int device_property_read_u32(const struct device *dev, const char *propname, uint32_t *val)
{
	return device_property_read_u32_array(dev, propname, val, 1);
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

_public_ int device_property_read_string_array(const struct device *dev, const char *propname,
					       const char **val, size_t nval)
{
	const char *v;
	unsigned int n = 0;

	while ((v = device_prop_nth(dev, propname, n)) && (!val || n < nval)) {
		if (val)
			val[n] = v;
		n++;
	}
	return n ? (int)n : -EINVAL;
}

_public_ int device_property_match_string(const struct device *dev, const char *propname,
					  const char *string)
{
	const char *v;
	unsigned int n;

	for (n = 0; (v = device_prop_nth(dev, propname, n)); n++)
		if (string && !strcmp(v, string))
			return (int)n;
	return n ? -ENODATA : -EINVAL;
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
