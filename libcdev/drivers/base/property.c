/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/base/property.c: a device's properties, as a driver
 * reads them (device_property_*()), from the KEY=VALUE words of its
 * description (describe.c); the match data of its driver's table.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/base/base.h"
#include <libcdev/i2c.h>
#include <libcdev/platform.h>
#include <libcdev/spi.h>

/* The described properties of @dev, whichever bus it is on. */
static const struct platform_device_property *device_props(const struct device *dev)
{
	if (!dev || !dev->bus_name)
		return NULL;
	if (!strcmp(dev->bus_name, "platform"))
		return to_platform_device(dev)->props;
	if (!strcmp(dev->bus_name, "i2c"))
		return to_i2c_client(dev)->props;
	if (!strcmp(dev->bus_name, "spi"))
		return to_spi_device(dev)->props;
	return NULL;
}

_public_ const char *device_prop_nth(const struct device *dev, const char *name, unsigned int n)
{
	if (!dev || !name || !dev->bus_name)
		return NULL;
	for (const struct platform_device_property *p = device_props(dev); p; p = p->next)
		if (!strcmp(p->key, name) && n-- == 0)
			return p->value;
	return NULL;
}

static const char *property_find(const struct device *dev, const char *name)
{
	return device_prop_nth(dev, name, 0);
}

/*
 * The values of @name's entries from @first on, a NUL after each, in a new
 * struct property; a key given once without a value has none (length 0).
 */
static struct property *property_build(const struct platform_device_property *first,
				       const char *name)
{
	size_t len = 0, off = 0, namelen = strlen(name) + 1;
	const struct platform_device_property *p;
	struct property *prop;

	for (p = first; p; p = p->next)
		if (!strcmp(p->key, name))
			len += strlen(p->value) + 1;
	if (len == 1)
		len = 0;
	prop = calloc(1, sizeof(*prop) + len + namelen);
	if (!prop)
		return NULL;
	prop->value = prop + 1;
	prop->name = (char *)(prop + 1) + len;
	memcpy(prop->name, name, namelen);
	for (p = first; p && off < len; p = p->next)
		if (!strcmp(p->key, name)) {
			memcpy((char *)prop->value + off, p->value, strlen(p->value) + 1);
			off += strlen(p->value) + 1;
		}
	prop->length = (int)len;
	return prop;
}

_public_ struct property *of_find_property(const struct device_node *np, const char *name,
					   int *lenp)
{
	static pthread_mutex_t build_lock = PTHREAD_MUTEX_INITIALIZER;
	struct platform_device_property *p;
	struct property *prop = NULL;

	if (!np || !np->dev || !name)
		return NULL;
	p = (struct platform_device_property *)device_props(np->dev);
	while (p && strcmp(p->key, name))
		p = p->next;
	if (!p)
		return NULL;
	/* Built once, on the first entry of the key, and kept with the node's properties. */
	pthread_mutex_lock(&build_lock);
	if (!p->of_prop)
		p->of_prop = property_build(p, name);
	prop = p->of_prop;
	pthread_mutex_unlock(&build_lock);
	if (prop && lenp)
		*lenp = prop->length;
	return prop;
}

_public_ bool device_property_present(const struct device *dev, const char *propname)
{
	return property_find(dev, propname) != NULL;
}

/*
 * The numbers of @v, "N" or "N,N,...": the first @max into @out (which may
 * be NULL), as uint32_t or uint64_t (@size), each at most their type's
 * maximum. Return: their count, or -EPROTO if one is not a number (decimal
 * or 0x), -EOVERFLOW if one does not fit.
 */
static int prop_numbers(const char *v, void *out, size_t size, size_t max)
{
	const uint64_t limit = size == sizeof(uint32_t) ? UINT32_MAX : UINT64_MAX;
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
		if (out && (size_t)n < max && size == sizeof(uint32_t))
			((uint32_t *)out)[n] = (uint32_t)x;
		else if (out && (size_t)n < max)
			((uint64_t *)out)[n] = x;
		n++;
		if (!*end)
			return n;
		v = end + 1;
	}
}

/* The array reader of both widths: as device_property_read_u32_array(). */
static int prop_read_array(const struct device *dev, const char *propname, void *val, size_t size,
			   size_t nval)
{
	const char *v = property_find(dev, propname);
	int n;

	if (!v)
		return -EINVAL;
	/* Counted first: a failed read writes nothing, as the kernel's. */
	n = prop_numbers(v, NULL, size, 0);
	if (n < 0 || !val)
		return n;
	if ((size_t)n < nval)
		return -EOVERFLOW;
	prop_numbers(v, val, size, nval);
	return 0;
}

_public_ int device_property_read_u64_array(const struct device *dev, const char *propname,
					    uint64_t *val, size_t nval)
{
	return prop_read_array(dev, propname, val, sizeof(*val), nval);
}

_public_ int device_property_read_u32_array(const struct device *dev, const char *propname,
					    uint32_t *val, size_t nval)
{
	return prop_read_array(dev, propname, val, sizeof(*val), nval);
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

void props_of_node(struct device *dev, struct device_node *np, const char *name, const char *unit,
		   const struct platform_device_property *props)
{
	while (props && strcmp(props->key, "compatible"))
		props = props->next;
	if (!props)
		return;
	np->dev = dev;
	np->name = name;
	if (unit)
		snprintf(np->full_name_buf, sizeof(np->full_name_buf), "%.*s@%s",
			 (int)(sizeof(np->full_name_buf) - 2 - strlen(unit)), name, unit);
	else
		snprintf(np->full_name_buf, sizeof(np->full_name_buf), "%s", name);
	np->full_name = np->full_name_buf;
	dev->of_node = np;
}

_public_ const void *device_get_match_data(const struct device *dev)
{
	const struct of_device_id *of = NULL;

	if (!dev || !dev->bus_name)
		return NULL;
	if (!strcmp(dev->bus_name, "platform"))
		of = to_platform_device(dev)->of_match;
	else if (!strcmp(dev->bus_name, "i2c"))
		of = to_i2c_client(dev)->of_match;
	else if (!strcmp(dev->bus_name, "spi"))
		of = to_spi_device(dev)->of_match;
	return of ? of->data : NULL;
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
