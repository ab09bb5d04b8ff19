/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/of/base.c: matching a device-tree node against a
 * driver's of_device_id table, as the kernel's does. The nodes are those of
 * described devices with a "compatible" property (<libcdev/platform.h>); their
 * compatible values, in the order given, are the node's list: the first is
 * the most specific, and a table entry for it wins over one for a later value.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/core.h"
#include <libcdev/platform.h>

/* The index of @compat among @np's compatible values (compared as the kernel does, ignoring case), or -1. */
static int of_compat_index(const struct device_node *np, const char *compat)
{
	const char *v;

	for (unsigned int i = 0; (v = device_prop_nth(np->dev, "compatible", i)); i++)
		if (!strcasecmp(v, compat))
			return (int)i;
	return -1;
}

/*
 * How well @np matches @compat and @name (either may be empty): 0 for not at
 * all, higher for a compatible value nearer the front of the node's list.
 */
static int of_compat_score(const struct device_node *np, const char *compat, const char *name)
{
	int score = 0;

	if (compat && compat[0]) {
		int i = of_compat_index(np, compat);

		if (i < 0)
			return 0;
		score = INT_MAX / 2 - (i << 2);
	}
	if (name && name[0]) {
		if (!np->name || strcmp(name, np->name))
			return 0;
		score++;
	}
	return score;
}

_public_ int of_property_read_string_index(const struct device_node *np, const char *propname,
					   int index, const char **output)
{
	const char *v;

	if (!np || !device_prop_nth(np->dev, propname, 0))
		return -EINVAL;
	v = index < 0 ? NULL : device_prop_nth(np->dev, propname, (unsigned int)index);
	if (!v)
		return -ENODATA;
	*output = v;
	return 0;
}

_public_ int of_property_read_u32_index(const struct device_node *np, const char *propname,
					uint32_t index, uint32_t *out_value)
{
	int n = np ? device_property_read_u32_array(np->dev, propname, NULL, 0) : -EINVAL;
	uint32_t *all;

	if (n < 0)
		return n;
	if (index >= (uint32_t)n)
		return -EOVERFLOW;
	all = calloc((size_t)n, sizeof(*all));
	if (!all)
		return -ENOMEM;
	n = device_property_read_u32_array(np->dev, propname, all, (size_t)n);
	if (!n)
		*out_value = all[index];
	free(all);
	return n;
}

_public_ int of_device_is_compatible(const struct device_node *np, const char *compat)
{
	return np && compat ? of_compat_score(np, compat, NULL) : 0;
}

_public_ const struct of_device_id *of_match_node(const struct of_device_id *matches,
						  const struct device_node *np)
{
	const struct of_device_id *best = NULL;
	int best_score = 0;

	if (!matches || !np)
		return NULL;
	for (; matches->name[0] || matches->type[0] || matches->compatible[0]; matches++) {
		/* A type alone scores 0 here: the nodes have no device_type. */
		int score = of_compat_score(np, matches->compatible, matches->name);

		if (score > best_score) {
			best = matches;
			best_score = score;
		}
	}
	return best;
}

_public_ const struct of_device_id *of_match_device(const struct of_device_id *matches,
						    const struct device *dev)
{
	return dev ? of_match_node(matches, dev->of_node) : NULL;
}
