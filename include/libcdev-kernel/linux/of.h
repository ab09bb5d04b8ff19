/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/of.h>: device-tree nodes. A described platform
 * device with a "compatible" property has one (dev->of_node), as a device the
 * kernel made from the device tree; its properties are the description's
 * KEY=VALUE words (libcdev-platform(7)): numbers N or N,N,... for the integer
 * readers, a string for the string readers, and a key given several times a
 * string list (compatible=acme,s2 compatible=acme,s1). A node has no parent
 * and no children. Devices registered by a driver's own code have none,
 * as in the kernel. Matching against an of_match_table is the kernel's.
 */
#ifndef LIBCDEV_KERNEL_LINUX_OF_H
#define LIBCDEV_KERNEL_LINUX_OF_H

#include <linux/errno.h>
#include <linux/mod_devicetable.h>
#include <linux/property.h>
#include <linux/string.h>

#define of_match_ptr(_ptr) (_ptr)

/* The device whose node @np is (NULL for NULL): the property readers take it. */
static inline struct device *of_node_device(const struct device_node *np)
{
	return np ? np->dev : NULL;
}

/* Nodes live as long as their device: counting references changes nothing (!CONFIG_OF_DYNAMIC). */
static inline struct device_node *of_node_get(struct device_node *np)
{
	return np;
}

static inline void of_node_put(struct device_node *np)
{
	(void)np;
}

static inline struct device_node *dev_of_node(struct device *dev)
{
	return dev ? dev->of_node : NULL;
}

static inline const char *of_node_full_name(const struct device_node *np)
{
	return np ? np->full_name : "<no-node>";
}

static inline bool of_node_name_eq(const struct device_node *np, const char *name)
{
	return np && name && !strcmp(np->name, name);
}

static inline bool of_property_read_bool(const struct device_node *np, const char *propname)
{
	return device_property_present(of_node_device(np), propname);
}

static inline bool of_property_present(const struct device_node *np, const char *propname)
{
	return of_property_read_bool(np, propname);
}

static inline int of_property_read_u32_array(const struct device_node *np, const char *propname,
					     u32 *out_values, size_t sz)
{
	return device_property_read_u32_array(of_node_device(np), propname, out_values, sz);
}

static inline int of_property_read_u64_array(const struct device_node *np, const char *propname,
					     u64 *out_values, size_t sz)
{
	return device_property_read_u64_array(of_node_device(np), propname, (uint64_t *)out_values,
					      sz);
}

static inline int of_property_read_u32(const struct device_node *np, const char *propname,
				       u32 *out_value)
{
	return of_property_read_u32_array(np, propname, out_value, 1);
}

static inline int of_property_read_s32(const struct device_node *np, const char *propname,
				       s32 *out_value)
{
	return of_property_read_u32(np, propname, (u32 *)out_value);
}

static inline int of_property_read_u64(const struct device_node *np, const char *propname,
				       u64 *out_value)
{
	return of_property_read_u64_array(np, propname, out_value, 1);
}

/* How many numbers the property has, or -EINVAL (absent) / -EPROTO (not numbers). */
static inline int of_property_count_u32_elems(const struct device_node *np, const char *propname)
{
	return device_property_read_u32_array(of_node_device(np), propname, NULL, 0);
}

static inline int of_property_count_u64_elems(const struct device_node *np, const char *propname)
{
	return device_property_read_u64_array(of_node_device(np), propname, NULL, 0);
}

static inline int of_property_read_string(const struct device_node *np, const char *propname,
					  const char **out_string)
{
	return device_property_read_string(of_node_device(np), propname, out_string);
}

static inline int of_property_count_strings(const struct device_node *np, const char *propname)
{
	return device_property_read_string_array(of_node_device(np), propname, NULL, 0);
}

static inline int of_property_match_string(const struct device_node *np, const char *propname,
					   const char *string)
{
	return device_property_match_string(of_node_device(np), propname, string);
}

/* No children, no parent: a described device is a leaf of the tree. */
static inline struct device_node *of_get_parent(const struct device_node *np)
{
	(void)np;
	return NULL;
}

static inline struct device_node *of_get_next_child(const struct device_node *np,
						    struct device_node *prev)
{
	(void)np, (void)prev;
	return NULL;
}

static inline struct device_node *of_get_child_by_name(const struct device_node *np,
						       const char *name)
{
	(void)np, (void)name;
	return NULL;
}

static inline int of_get_child_count(const struct device_node *np)
{
	(void)np;
	return 0;
}

static inline int of_get_available_child_count(const struct device_node *np)
{
	return of_get_child_count(np);
}

#define for_each_child_of_node(parent, child)                \
	for (child = of_get_next_child(parent, NULL); child; \
	     child = of_get_next_child(parent, child))
#define for_each_available_child_of_node(parent, child) for_each_child_of_node(parent, child)

static inline bool of_device_is_available(const struct device_node *np)
{
	const char *status;

	if (!np)
		return false;
	if (of_property_read_string(np, "status", &status))
		return true;
	return !strcmp(status, "okay") || !strcmp(status, "ok");
}

#endif
