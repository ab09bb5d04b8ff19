/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/configfs/dir.c: the tree of configfs. Subsystems hang below
 * a root group; each group lists its children (cg_children) and the
 * default groups made with it (default_groups).
 *
 * Linking an item to its group takes a reference on the group and one on
 * the item (for the group's list); unlinking drops both. mkdir() adds a
 * third party, the maker's reference returned by ->make_item(), which
 * rmdir() drops through ->drop_item() (or a put): so an item nobody else
 * holds is released at its rmdir, and one still held (an open attribute
 * file, a driver's get) when its last holder lets go.
 *
 * One lock, taken recursively, serializes what changes the tree, where the
 * kernel locks the directories themselves: a ->make_group() may register
 * groups of its own.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "fs/configfs/configfs.h"

static struct config_group cfs_root = {
	.cg_item = { .ci_name = (char *)"config", .ci_refcount = 1 },
	.cg_children = { &cfs_root.cg_children, &cfs_root.cg_children },
	.default_groups = { &cfs_root.default_groups, &cfs_root.default_groups },
};

static pthread_mutex_t cfs_tree_lock;
static pthread_once_t cfs_tree_once = PTHREAD_ONCE_INIT;

static void cfs_tree_lock_init(void)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&cfs_tree_lock, &attr);
	pthread_mutexattr_destroy(&attr);
}

static void cfs_lock(void)
{
	pthread_once(&cfs_tree_once, cfs_tree_lock_init);
	pthread_mutex_lock(&cfs_tree_lock);
}

static void cfs_unlock(void)
{
	pthread_mutex_unlock(&cfs_tree_lock);
}

struct config_item *cfs_child_find(struct config_group *group, const char *name)
{
	for (struct list_head *e = group->cg_children.next; e != &group->cg_children; e = e->next)
		if (cfs_item_of(e)->ci_name && !strcmp(cfs_item_of(e)->ci_name, name))
			return cfs_item_of(e);
	return NULL;
}

/* ---- linking (the kernel's link_obj(), link_group() and their undoing) ---- */

static void cfs_link(struct config_group *parent, struct config_item *item)
{
	item->ci_parent = &parent->cg_item;
	item->ci_group = to_group(config_item_get(&parent->cg_item));
	cfs_list_add_tail(&item->ci_entry, &parent->cg_children);
	config_item_get(item);
}

static void cfs_unlink(struct config_item *item)
{
	struct config_group *group = item->ci_group;

	if (!group)
		return;
	cfs_list_del_init(&item->ci_entry);
	item->ci_group = NULL;
	item->ci_parent = NULL;
	config_item_put(item);
	config_item_put(&group->cg_item);
}

static void cfs_link_group(struct config_group *parent, struct config_group *group)
{
	struct list_head *e;

	cfs_link(parent, &group->cg_item);
	/* A subsystem is its own; every group below one belongs to it. */
	group->cg_subsys = parent == &cfs_root ?
				   container_of(group, struct configfs_subsystem, su_group) :
				   parent->cg_subsys;
	for (e = group->default_groups.next; e != &group->default_groups; e = e->next)
		cfs_link_group(group, cfs_group_of(e));
}

static void cfs_unlink_group(struct config_group *group)
{
	for (struct list_head *e = group->default_groups.next; e != &group->default_groups;
	     e = e->next)
		cfs_unlink_group(cfs_group_of(e));
	group->cg_subsys = NULL;
	cfs_unlink(&group->cg_item);
}

/* ---- entries ---- */

static int cfs_item_path(const struct config_item *item, char *buf, size_t size)
{
	char up[KFS_PATH_MAX];
	int n;

	if (!item->ci_parent)
		n = snprintf(buf, size, "%s", CFS_ROOT);
	else if (cfs_item_path(item->ci_parent, up, sizeof(up)))
		return -ENAMETOOLONG;
	else
		n = snprintf(buf, size, "%s/%s", up, item->ci_name);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/*
 * @item's entries are gone: drop its hold on its directory's entry, and
 * its children's (default groups, and a user's items left by an
 * unregister).
 */
static void cfs_forget(struct config_item *item)
{
	struct dentry *d = item->ci_dentry;
	struct config_group *group = to_group(item);

	if (!d)
		return;
	item->ci_dentry = NULL;
	if (d->cfs_flags & CFS_GROUP)
		for (struct list_head *e = group->cg_children.next; e != &group->cg_children;
		     e = e->next)
			cfs_forget(cfs_item_of(e));
	kfs_put(d);
}

static void cfs_detach(struct config_item *item)
{
	char path[KFS_PATH_MAX];

	if (!cfs_item_path(item, path, sizeof(path)))
		cfs_path_unpublish(path);
	cfs_forget(item);
}

/* The entries of linked @item, then of its default groups (marked CFS_DEFAULT). */
static int cfs_attach(struct config_item *item, unsigned int flags)
{
	char path[KFS_PATH_MAX];
	struct config_group *group = to_group(item);
	int err = cfs_item_path(item, path, sizeof(path));

	if (!err)
		err = cfs_item_publish(item, path, flags);
	if (err || !(flags & CFS_GROUP))
		return err;
	for (struct list_head *e = group->default_groups.next; !err && e != &group->default_groups;
	     e = e->next)
		err = cfs_attach(&cfs_group_of(e)->cg_item, CFS_GROUP | CFS_DEFAULT);
	if (err)
		cfs_detach(item);
	return err;
}

/* ---- registering ---- */

static int cfs_register_locked(struct config_group *parent, struct config_group *group)
{
	struct config_item *item = &group->cg_item;
	int err;

	if (!item->ci_name)
		item->ci_name = item->ci_namebuf;
	if (cfs_child_find(parent, item->ci_name))
		return -EEXIST;
	cfs_link_group(parent, group);
	err = cfs_attach(item, CFS_GROUP | CFS_DEFAULT);
	if (err)
		cfs_unlink_group(group);
	return err;
}

_public_ int configfs_register_subsystem(struct configfs_subsystem *subsys)
{
	int err;

	cfs_lock();
	err = cfs_register_locked(&cfs_root, &subsys->su_group);
	cfs_unlock();
	return err;
}

/* Whether @group holds, at any depth, an item a user made. */
static bool cfs_has_user_items(struct config_group *group)
{
	for (struct list_head *e = group->cg_children.next; e != &group->cg_children; e = e->next) {
		struct config_item *child = cfs_item_of(e);
		struct dentry *d = child->ci_dentry;

		if (!d || !(d->cfs_flags & CFS_DEFAULT))
			return true;
		if ((d->cfs_flags & CFS_GROUP) && cfs_has_user_items(to_group(child)))
			return true;
	}
	return false;
}

static void cfs_unregister_locked(struct config_group *group)
{
	if (cfs_has_user_items(group))
		pr_err_lib("configfs: Tried to unregister non-empty subsystem!");
	cfs_detach(&group->cg_item);
	cfs_unlink_group(group);
}

_public_ void configfs_unregister_subsystem(struct configfs_subsystem *subsys)
{
	cfs_lock();
	cfs_unregister_locked(&subsys->su_group);
	cfs_unlock();
}

_public_ int configfs_register_group(struct config_group *parent_group, struct config_group *group)
{
	int err;

	/* The kernel needs @parent_group in the tree too: it adds to its directory. */
	cfs_lock();
	err = parent_group->cg_item.ci_dentry ? cfs_register_locked(parent_group, group) : -ENOENT;
	cfs_unlock();
	return err;
}

_public_ void configfs_unregister_group(struct config_group *group)
{
	cfs_lock();
	cfs_detach(&group->cg_item);
	cfs_unlink_group(group);
	cfs_unlock();
}

_public_ struct config_group *
configfs_register_default_group(struct config_group *parent_group, const char *name,
				const struct config_item_type *item_type)
{
	struct config_group *group = calloc(1, sizeof(*group));
	int err;

	if (!group)
		return ERR_PTR(-ENOMEM);
	config_group_init_type_name(group, name, item_type);
	err = configfs_register_group(parent_group, group);
	if (err) {
		free(group);
		return ERR_PTR(err);
	}
	return group;
}

_public_ void configfs_unregister_default_group(struct config_group *group)
{
	configfs_unregister_group(group);
	free(group);
}

_public_ void configfs_remove_default_groups(struct config_group *group)
{
	struct list_head *e, *next;

	for (e = group->default_groups.next; e != &group->default_groups; e = next) {
		next = e->next;
		cfs_list_del_init(e);
		config_item_put(&cfs_group_of(e)->cg_item);
	}
}

/* ---- mkdir and rmdir ---- */

static bool cfs_is_group(const struct config_item *item)
{
	return item == &cfs_root.cg_item ||
	       (item->ci_dentry && (item->ci_dentry->cfs_flags & CFS_GROUP));
}

/* Whether @item's directory has a file (an attribute) @name. */
static bool cfs_has_file(const struct config_item *item, const char *name)
{
	char path[KFS_PATH_MAX], dir[KFS_PATH_MAX];
	bool found;

	if (cfs_item_path(item, dir, sizeof(dir)) ||
	    (size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return false;
	pthread_mutex_lock(&kfs_lock);
	found = kfs_find_path_locked(path) != NULL;
	pthread_mutex_unlock(&kfs_lock);
	return found;
}

/* The child @name of @dir: 0, -ENOENT, or -ENOTDIR if a file has the name. */
static int cfs_step(struct config_item *dir, const char *name, struct config_item **child)
{
	*child = cfs_is_group(dir) ? cfs_child_find(to_group(dir), name) : NULL;
	if (*child)
		return 0;
	return cfs_has_file(dir, name) ? -ENOTDIR : -ENOENT;
}

/*
 * Under the tree's lock: the directory that holds the last name of @path
 * (below the configfs root), and that name in @name (NAME_MAX + 1 bytes).
 */
static int cfs_lookup_parent(const char *path, struct config_item **parent, char *name)
{
	struct config_item *dir = &cfs_root.cg_item;
	char buf[KFS_PATH_MAX], *last, *part, *save;
	size_t len = strlen(path);
	int err;

	if (len >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, len + 1);
	while (len && buf[len - 1] == '/')
		buf[--len] = '\0';
	last = strrchr(buf, '/');
	if (last)
		*last++ = '\0';
	else
		last = buf;
	if (!*last)
		return -ENOENT;
	if (strlen(last) > NAME_MAX)
		return -ENAMETOOLONG;
	for (part = last == buf ? NULL : strtok_r(buf, "/", &save); part;
	     part = strtok_r(NULL, "/", &save)) {
		err = cfs_step(dir, part, &dir);
		if (err)
			return err;
	}
	strcpy(name, last);
	*parent = dir;
	return 0;
}

static void cfs_drop(struct config_item *parent, struct config_item *item, bool is_group)
{
	const struct configfs_group_operations *ops = parent->ci_type->ct_group_ops;

	if (ops && ops->disconnect_notify)
		ops->disconnect_notify(to_group(parent), item);
	if (is_group)
		cfs_unlink_group(to_group(item));
	else
		cfs_unlink(item);
	/* ->drop_item() puts the maker's reference itself. */
	if (ops && ops->drop_item)
		ops->drop_item(to_group(parent), item);
	else
		config_item_put(item);
}

/* The group's ->make_group() or ->make_item(), linked: 0 and @*out, or its error. */
static int cfs_make(struct config_item *parent, const char *name, struct config_item **out,
		    bool *is_group)
{
	const struct configfs_group_operations *ops = parent->ci_type->ct_group_ops;
	struct configfs_subsystem *subsys = to_group(parent)->cg_subsys;
	struct config_group *group;
	struct config_item *item;
	int err = 0;

	mutex_lock(&subsys->su_mutex);
	if (ops->make_group) {
		group = ops->make_group(to_group(parent), name);
		err = !group ? -ENOMEM : IS_ERR(group) ? (int)PTR_ERR(group) : 0;
		if (!err)
			cfs_link_group(to_group(parent), group);
		item = err ? NULL : &group->cg_item;
	} else {
		item = ops->make_item(to_group(parent), name);
		err = !item ? -ENOMEM : IS_ERR(item) ? (int)PTR_ERR(item) : 0;
		if (!err)
			cfs_link(to_group(parent), item);
	}
	mutex_unlock(&subsys->su_mutex);
	*out = item;
	*is_group = ops->make_group != NULL;
	return err;
}

static int cfs_mkdir_locked(struct config_item *parent, const char *name)
{
	const struct config_item_type *type = parent->ci_type;
	struct configfs_subsystem *subsys;
	struct module *subsys_owner, *owner;
	struct config_item *item;
	bool is_group;
	int err;

	/* The VFS finds a taken name before configfs is asked. */
	if (!strcmp(name, ".") || !strcmp(name, "..") || cfs_has_file(parent, name) ||
	    (cfs_is_group(parent) && cfs_child_find(to_group(parent), name)))
		return -EEXIST;
	/* The root, an item that is no group, a group that makes nothing: "lack-of-mkdir". */
	if (parent == &cfs_root.cg_item || !cfs_is_group(parent) || !type || !type->ct_group_ops ||
	    (!type->ct_group_ops->make_group && !type->ct_group_ops->make_item))
		return -EPERM;
	subsys = to_group(parent)->cg_subsys;
	if (!subsys->su_group.cg_item.ci_type)
		return -EINVAL;
	subsys_owner = subsys->su_group.cg_item.ci_type->ct_owner;
	if (!try_module_get(subsys_owner))
		return -EINVAL;
	err = cfs_make(parent, name, &item, &is_group);
	if (err)
		goto out_subsys;
	err = -EINVAL; /* an item without a type, or of a module going away */
	if (!item->ci_type)
		goto out_drop;
	owner = item->ci_type->ct_owner;
	if (!try_module_get(owner))
		goto out_drop;
	err = cfs_attach(item, is_group ? CFS_GROUP : 0);
	if (!err)
		return 0;
	module_put(owner);
out_drop:
	mutex_lock(&subsys->su_mutex);
	cfs_drop(parent, item, is_group);
	mutex_unlock(&subsys->su_mutex);
out_subsys:
	module_put(subsys_owner);
	return err;
}

_public_ int libcdev_configfs_mkdir(const char *path)
{
	struct config_item *parent;
	char name[NAME_MAX + 1];
	int err;

	cfs_lock();
	err = cfs_lookup_parent(path, &parent, name);
	if (!err)
		err = cfs_mkdir_locked(parent, name);
	cfs_unlock();
	return err;
}

static int cfs_rmdir_locked(struct config_item *item)
{
	struct config_item *parent = item->ci_parent;
	struct configfs_subsystem *subsys = to_group(parent)->cg_subsys;
	struct module *subsys_owner, *owner;
	bool is_group = cfs_is_group(item);

	/* A subsystem or a default group goes with what made it, not by rmdir. */
	if (!item->ci_dentry || (item->ci_dentry->cfs_flags & CFS_DEFAULT))
		return -EPERM;
	if (is_group && cfs_has_user_items(to_group(item)))
		return -ENOTEMPTY;
	if (!parent->ci_type)
		return -EINVAL;
	subsys_owner = subsys->su_group.cg_item.ci_type->ct_owner;
	owner = item->ci_type ? item->ci_type->ct_owner : NULL;
	config_item_get(item);
	/* Waits for a ->show()/->store() running on its files; open ones then get -ENOENT. */
	cfs_detach(item);
	mutex_lock(&subsys->su_mutex);
	cfs_drop(parent, item, is_group);
	mutex_unlock(&subsys->su_mutex);
	config_item_put(item);
	module_put(owner);
	module_put(subsys_owner);
	return 0;
}

_public_ int libcdev_configfs_rmdir(const char *path)
{
	struct config_item *parent, *item;
	char name[NAME_MAX + 1];
	int err;

	cfs_lock();
	err = cfs_lookup_parent(path, &parent, name);
	if (!err)
		err = cfs_step(parent, name, &item);
	if (!err)
		err = cfs_rmdir_locked(item);
	cfs_unlock();
	return err;
}
