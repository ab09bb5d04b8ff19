/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/configfs/item.c: config items and groups, their names and
 * their reference counts.
 *
 * An item starts with one reference, its maker's. The last put frees a
 * name too long for ci_namebuf, calls the type's ->release() and then puts
 * the group and parent the item was linked to (the tree takes those
 * references when it links the item: dir.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "fs/configfs/configfs.h"

_public_ int config_item_set_name(struct config_item *item, const char *fmt, ...)
{
	char *name = item->ci_namebuf;
	va_list ap;
	int need;

	/* ci_namebuf first; a longer name is allocated, as the kernel does. */
	va_start(ap, fmt);
	need = vsnprintf(item->ci_namebuf, sizeof(item->ci_namebuf), fmt, ap);
	va_end(ap);
	if (need < 0)
		return -EINVAL;
	if ((size_t)need >= sizeof(item->ci_namebuf)) {
		va_start(ap, fmt);
		need = vasprintf(&name, fmt, ap);
		va_end(ap);
		if (need < 0)
			return -EFAULT; /* the kernel's answer when it cannot allocate */
	}
	if (item->ci_name && item->ci_name != item->ci_namebuf)
		free(item->ci_name);
	item->ci_name = name;
	return 0;
}

static void config_item_init(struct config_item *item)
{
	atomic_set_int(&item->ci_refcount, 1);
	cfs_list_init(&item->ci_entry);
}

_public_ void config_item_init_type_name(struct config_item *item, const char *name,
					 const struct config_item_type *type)
{
	config_item_set_name(item, "%s", name);
	item->ci_type = type;
	config_item_init(item);
}

_public_ void config_group_init(struct config_group *group)
{
	config_item_init(&group->cg_item);
	cfs_list_init(&group->cg_children);
	cfs_list_init(&group->default_groups);
}

_public_ void config_group_init_type_name(struct config_group *group, const char *name,
					  const struct config_item_type *type)
{
	config_item_set_name(&group->cg_item, "%s", name);
	group->cg_item.ci_type = type;
	config_group_init(group);
}

_public_ struct config_item *config_item_get(struct config_item *item)
{
	if (item && atomic_inc_return(&item->ci_refcount) <= 1)
		pr_err_lib("config_item %s: get of a released item",
			   item->ci_name ? item->ci_name : "(null)");
	return item;
}

_public_ struct config_item *config_item_get_unless_zero(struct config_item *item)
{
	return item && atomic_inc_not_zero(&item->ci_refcount) ? item : NULL;
}

static void config_item_cleanup(struct config_item *item)
{
	const struct config_item_type *type = item->ci_type;
	struct config_group *group = item->ci_group;
	struct config_item *parent = item->ci_parent;

	if (item->ci_name != item->ci_namebuf)
		free(item->ci_name);
	item->ci_name = NULL;
	/* ->release() may free @item: nothing of it is read after. */
	if (type && type->ct_item_ops && type->ct_item_ops->release)
		type->ct_item_ops->release(item);
	if (group)
		config_item_put(&group->cg_item);
	if (parent)
		config_item_put(parent);
}

_public_ void config_item_put(struct config_item *item)
{
	int r;

	if (!item)
		return;
	r = atomic_dec_return(&item->ci_refcount);
	if (r == 0)
		config_item_cleanup(item);
	else if (r < 0)
		pr_err_lib("config_item %s: put of a released item",
			   item->ci_name ? item->ci_name : "(null)");
}

_public_ struct config_item *config_group_find_item(struct config_group *group, const char *name)
{
	struct config_item *item = cfs_child_find(group, name);

	return config_item_get(item);
}
