/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the files of fs/configfs/ share: the list helpers the
 * kernel's <linux/list.h> gives it, the tree's lock and the entries of an
 * item's directory and attributes.
 *
 * Included by: libcdev/fs/configfs/ only.
 */
#ifndef LIBCDEV_FS_CONFIGFS_CONFIGFS_H
#define LIBCDEV_FS_CONFIGFS_CONFIGFS_H

#include <stdbool.h>

#include <libcdev/configfs.h>

#include "fs/internal.h"

/* The configfs mount point, below which item paths are named. */
#define CFS_ROOT "sys/kernel/config"

/* cfs_flags of an item's directory entry (the kernel's CONFIGFS_USET_*). */
#define CFS_GROUP   1U /* a group: mkdir works in it if its type makes items */
#define CFS_DEFAULT 2U /* a subsystem or a default group: no rmdir */

static inline void cfs_list_init(struct list_head *head)
{
	head->next = head->prev = head;
}

static inline void cfs_list_add_tail(struct list_head *entry, struct list_head *head)
{
	entry->prev = head->prev;
	entry->next = head;
	head->prev->next = entry;
	head->prev = entry;
}

static inline void cfs_list_del_init(struct list_head *entry)
{
	entry->prev->next = entry->next;
	entry->next->prev = entry->prev;
	cfs_list_init(entry);
}

#define to_group(item)	container_of(item, struct config_group, cg_item)
#define cfs_item_of(e)	container_of(e, struct config_item, ci_entry)
#define cfs_group_of(e) container_of(e, struct config_group, group_entry)

/* The child of @group named @name, without a reference; or NULL. */
struct config_item *cfs_child_find(struct config_group *group, const char *name);

/* The directory entry of @item at @path with @flags, and its attributes' files (file.c). */
int cfs_item_publish(struct config_item *item, const char *path, unsigned int flags);
/* Take away the entries of @path and of everything below it (file.c). */
void cfs_path_unpublish(const char *path);

#endif
