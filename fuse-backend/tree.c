/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the FUSE backend's tree of names, and the kernel's questions
 * about it: lookup, forget, attributes, directory listings, xattrs.
 *
 * These run in the loop thread and never call driver code. Every reply has
 * timeouts of 0: the kernel asks again at each use, so a file that
 * cdev_del() removed is gone at once without invalidation messages.
 *
 * A node stays in memory while it has a name, the kernel knows it (lookups
 * not yet forgotten), or an open is in flight or a file is open on it. Node
 * numbers are never reused, so a stale kernel reference finds nothing
 * rather than another device.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuse-private.h"

pthread_mutex_t tree_lock = PTHREAD_MUTEX_INITIALIZER;

static struct fnode root = {
	.ino = FUSE_ROOT_ID,
	.name = (char *)"",
	.mode = FNODE_DIR_MODE,
	.linked = true,
};
static struct fnode *nodes = &root;
static fuse_ino_t next_ino = FUSE_ROOT_ID + 1;

static void node_stamp(struct fnode *n)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	n->atime = n->mtime = n->ctime = now;
}

void tree_init(void)
{
	root.uid = geteuid();
	root.gid = getegid();
	node_stamp(&root);
}

struct fnode *tree_find(fuse_ino_t ino)
{
	struct fnode *n;

	for (n = nodes; n; n = n->next)
		if (n->ino == ino)
			return n;
	return NULL;
}

static struct fnode *tree_child(const struct fnode *dir, const char *name, size_t len)
{
	for (struct fnode *n = nodes; n; n = n->next)
		if (n->linked && n->parent == dir && !strncmp(n->name, name, len) && !n->name[len])
			return n;
	return NULL;
}

struct fnode *tree_file_of(dev_t dev)
{
	for (struct fnode *n = nodes; n; n = n->next)
		if (S_ISREG(n->mode) && !n->deleted && n->dev == dev)
			return n;
	return NULL;
}

static struct fnode *node_new(struct fnode *dir, const char *name, size_t len, mode_t mode)
{
	struct fnode *n = calloc(1, sizeof(*n));

	if (!n)
		return NULL;
	n->name = strndup(name, len);
	if (!n->name) {
		free(n);
		return NULL;
	}
	n->ino = next_ino++;
	n->mode = mode;
	n->uid = geteuid();
	n->gid = getegid();
	node_stamp(n);
	n->parent = dir;
	n->linked = true;
	dir->children++;
	dir->mtime = dir->ctime = n->ctime;
	n->next = nodes;
	nodes = n;
	return n;
}

void tree_maybe_free(struct fnode *n)
{
	struct fnode **pp;

	if (n == &root || n->linked || n->nlookup || n->opening || n->open_files)
		return;
	for (pp = &nodes; *pp != n; pp = &(*pp)->next)
		;
	*pp = n->next;
	free(n->name);
	free(n);
}

void tree_unlink(struct fnode *n)
{
	struct fnode *dir;

	while (n != &root && n->linked && (!S_ISDIR(n->mode) || n->children == 0)) {
		dir = n->parent;
		n->linked = false;
		n->parent = NULL;
		dir->children--;
		clock_gettime(CLOCK_REALTIME, &dir->mtime);
		dir->ctime = dir->mtime;
		tree_maybe_free(n);
		n = dir; /* a directory made for names goes with its last entry */
	}
}

int tree_add_file(const char *path, dev_t dev, struct cdev *cdev, struct fnode **np)
{
	struct fnode *dir = &root, *n;
	const char *p = path;
	size_t len;

	for (len = strcspn(p, "/"); p[len] == '/'; p += len + 1, len = strcspn(p, "/")) {
		n = tree_child(dir, p, len);
		if (n && !S_ISDIR(n->mode))
			goto out_exists;
		if (!n)
			n = node_new(dir, p, len, FNODE_DIR_MODE);
		if (!n)
			goto out_nomem;
		dir = n;
	}
	if (tree_child(dir, p, len))
		goto out_exists;
	n = node_new(dir, p, len, FNODE_FILE_MODE);
	if (!n)
		goto out_nomem;
	n->dev = dev;
	ll_share_init(&n->share, dev);
	n->cdev = cdev;
	*np = n;
	return 0;

out_exists:
	tree_unlink(dir); /* only directories made here are empty */
	return -EEXIST;
out_nomem:
	tree_unlink(dir);
	return -ENOMEM;
}

/*
 * cdev_del(): opens fail with ENXIO from now on; a file goes at once, or at
 * its last close. Unlinking may free empty directories too, so each round
 * starts from the head of the list.
 */
void tree_delete_cdev(struct cdev *cdev)
{
	struct fnode *n;

	for (;;) {
		for (n = nodes; n && !(S_ISREG(n->mode) && n->cdev == cdev); n = n->next)
			;
		if (!n)
			break;
		n->deleted = true;
		n->cdev = NULL;
		if (!n->open_files)
			tree_unlink(n);
	}
}

/* ---- attributes ---- */

static void node_attr(const struct fnode *n, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = n->ino;
	st->st_mode = n->mode;
	st->st_nlink = n->linked ? (S_ISDIR(n->mode) ? 2 : 1) : 0;
	st->st_uid = n->uid;
	st->st_gid = n->gid;
	st->st_blksize = 4096;
	st->st_atim = n->atime;
	st->st_mtim = n->mtime;
	st->st_ctim = n->ctime;
}

static void ll_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e = { 0 };
	struct fnode *dir, *n = NULL;

	pthread_mutex_lock(&tree_lock);
	dir = tree_find(parent);
	if (dir && S_ISDIR(dir->mode))
		n = tree_child(dir, name, strlen(name));
	if (n) {
		n->nlookup++;
		e.ino = n->ino;
		e.generation = 1;
		node_attr(n, &e.attr);
	}
	pthread_mutex_unlock(&tree_lock);
	if (!n) {
		fuse_reply_err(req, dir ? ENOENT : ENOTDIR);
		return;
	}
	/* Not counted by the kernel if the reply did not reach it (an interrupted lookup). */
	if (fuse_reply_entry(req, &e) != 0) {
		pthread_mutex_lock(&tree_lock);
		n->nlookup--;
		tree_maybe_free(n);
		pthread_mutex_unlock(&tree_lock);
	}
}

static void forget_one(fuse_ino_t ino, uint64_t nlookup)
{
	struct fnode *n = tree_find(ino);

	if (!n)
		return;
	n->nlookup -= nlookup < n->nlookup ? nlookup : n->nlookup;
	tree_maybe_free(n);
}

static void ll_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	pthread_mutex_lock(&tree_lock);
	forget_one(ino, nlookup);
	pthread_mutex_unlock(&tree_lock);
	fuse_reply_none(req);
}

static void ll_forget_multi(fuse_req_t req, size_t count, struct fuse_forget_data *forgets)
{
	pthread_mutex_lock(&tree_lock);
	for (size_t i = 0; i < count; i++)
		forget_one(forgets[i].ino, forgets[i].nlookup);
	pthread_mutex_unlock(&tree_lock);
	fuse_reply_none(req);
}

static void ll_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct fnode *n;
	struct stat st;

	(void)fi;
	pthread_mutex_lock(&tree_lock);
	n = tree_find(ino);
	if (n)
		node_attr(n, &st);
	pthread_mutex_unlock(&tree_lock);
	if (n)
		fuse_reply_attr(req, &st, 0);
	else
		fuse_reply_err(req, ENOENT);
}

static void set_time(struct timespec *t, const struct timespec *value, bool now)
{
	if (now)
		clock_gettime(CLOCK_REALTIME, t);
	else
		*t = *value;
}

/* chmod, chown and touch work as on a /dev node; the kernel checked the caller's right. */
static int node_setattr(struct fnode *n, const struct stat *attr, int to_set)
{
	/* A device has no size to change: truncate(2) of a char device gives EINVAL too. */
	if (to_set & FUSE_SET_ATTR_SIZE)
		return S_ISDIR(n->mode) ? -EISDIR : -EINVAL;
	if (to_set & FUSE_SET_ATTR_MODE)
		n->mode = (n->mode & S_IFMT) | (attr->st_mode & 07777);
	if (to_set & FUSE_SET_ATTR_UID)
		n->uid = attr->st_uid;
	if (to_set & FUSE_SET_ATTR_GID)
		n->gid = attr->st_gid;
	if (to_set & (FUSE_SET_ATTR_ATIME | FUSE_SET_ATTR_ATIME_NOW))
		set_time(&n->atime, &attr->st_atim, to_set & FUSE_SET_ATTR_ATIME_NOW);
	if (to_set & (FUSE_SET_ATTR_MTIME | FUSE_SET_ATTR_MTIME_NOW))
		set_time(&n->mtime, &attr->st_mtim, to_set & FUSE_SET_ATTR_MTIME_NOW);
	clock_gettime(CLOCK_REALTIME, &n->ctime);
	return 0;
}

static void ll_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set,
		       struct fuse_file_info *fi)
{
	struct fnode *n;
	struct stat st;
	int err = -ENOENT;

	(void)fi;
	pthread_mutex_lock(&tree_lock);
	n = tree_find(ino);
	if (n)
		err = node_setattr(n, attr, to_set);
	if (!err)
		node_attr(n, &st);
	pthread_mutex_unlock(&tree_lock);
	if (err)
		fuse_reply_err(req, -err);
	else
		fuse_reply_attr(req, &st, 0);
}

/* ---- directories: a listing is taken at opendir and read from there ---- */

struct dirbuf {
	char *p;
	size_t size;
};

static int dirbuf_add(fuse_req_t req, struct dirbuf *b, const char *name, const struct fnode *n)
{
	struct stat st = { .st_ino = n->ino, .st_mode = n->mode };
	size_t len = fuse_add_direntry(req, NULL, 0, name, NULL, 0);
	char *p = realloc(b->p, b->size + len);

	if (!p)
		return -ENOMEM;
	b->p = p;
	fuse_add_direntry(req, b->p + b->size, len, name, &st, b->size + len);
	b->size += len;
	return 0;
}

static int dir_list(fuse_req_t req, const struct fnode *dir, struct dirbuf *b)
{
	int err = dirbuf_add(req, b, ".", dir);

	if (!err)
		err = dirbuf_add(req, b, "..", dir->parent ? dir->parent : dir);
	for (struct fnode *n = nodes; n && !err; n = n->next)
		if (n->linked && n->parent == dir)
			err = dirbuf_add(req, b, n->name, n);
	return err;
}

static void ll_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dirbuf *b = calloc(1, sizeof(*b));
	struct fnode *dir;
	int err = -ENOMEM;

	pthread_mutex_lock(&tree_lock);
	dir = tree_find(ino);
	if (!dir || !S_ISDIR(dir->mode))
		err = dir ? -ENOTDIR : -ENOENT;
	else if (b)
		err = dir_list(req, dir, b);
	pthread_mutex_unlock(&tree_lock);
	if (err) {
		if (b)
			free(b->p);
		free(b);
		fuse_reply_err(req, -err);
		return;
	}
	fi->fh = (uintptr_t)b;
	if (fuse_reply_open(req, fi) != 0) {
		free(b->p);
		free(b);
	}
}

static void ll_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		       struct fuse_file_info *fi)
{
	struct dirbuf *b = (struct dirbuf *)(uintptr_t)fi->fh;

	(void)ino;
	/* Offsets are byte offsets in the listing; the kernel drops a cut entry. */
	if (off < 0 || (size_t)off >= b->size)
		fuse_reply_buf(req, NULL, 0);
	else
		fuse_reply_buf(req, b->p + off, b->size - off < size ? b->size - off : size);
}

static void ll_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dirbuf *b = (struct dirbuf *)(uintptr_t)fi->fh;

	(void)ino;
	free(b->p);
	free(b);
	fuse_reply_err(req, 0);
}

/* ---- user.libcdev.dev: the device number a file stands for, "MAJOR:MINOR" ---- */

static int node_dev_xattr(fuse_ino_t ino, char *buf, size_t size)
{
	struct fnode *n;
	int len = -ENOENT;

	pthread_mutex_lock(&tree_lock);
	n = tree_find(ino);
	if (n && S_ISREG(n->mode))
		len = snprintf(buf, size, "%u:%u", MAJOR(n->dev), MINOR(n->dev));
	else if (n)
		len = -ENODATA;
	pthread_mutex_unlock(&tree_lock);
	return len;
}

static void reply_xattr(fuse_req_t req, const char *value, size_t len, size_t size)
{
	if (size == 0)
		fuse_reply_xattr(req, len);
	else if (size < len)
		fuse_reply_err(req, ERANGE);
	else
		fuse_reply_buf(req, value, len);
}

static void ll_getxattr(fuse_req_t req, fuse_ino_t ino, const char *name, size_t size)
{
	char value[32];
	int len = strcmp(name, FNODE_DEV_XATTR) ? -ENODATA :
						  node_dev_xattr(ino, value, sizeof(value));

	if (len < 0)
		fuse_reply_err(req, -len);
	else
		reply_xattr(req, value, len, size);
}

static void ll_listxattr(fuse_req_t req, fuse_ino_t ino, size_t size)
{
	char value[32];
	int len = node_dev_xattr(ino, value, sizeof(value));

	if (len == -ENODATA)
		reply_xattr(req, "", 0, size);
	else if (len < 0)
		fuse_reply_err(req, -len);
	else
		reply_xattr(req, FNODE_DEV_XATTR, sizeof(FNODE_DEV_XATTR), size);
}

/* ---- names come only from drivers: no file of the mount is made or removed by hand ---- */

static void ll_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev)
{
	(void)parent, (void)name, (void)mode, (void)rdev;
	fuse_reply_err(req, EPERM);
}

static void ll_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
		      struct fuse_file_info *fi)
{
	(void)parent, (void)name, (void)mode, (void)fi;
	fuse_reply_err(req, EPERM);
}

static void ll_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode)
{
	(void)parent, (void)name, (void)mode;
	fuse_reply_err(req, EPERM);
}

static void ll_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	(void)parent, (void)name;
	fuse_reply_err(req, EPERM);
}

static void ll_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent,
		      const char *newname, unsigned int flags)
{
	(void)parent, (void)name, (void)newparent, (void)newname, (void)flags;
	fuse_reply_err(req, EPERM);
}

void tree_ops(struct fuse_lowlevel_ops *ops)
{
	ops->lookup = ll_lookup;
	ops->forget = ll_forget;
	ops->forget_multi = ll_forget_multi;
	ops->getattr = ll_getattr;
	ops->setattr = ll_setattr;
	ops->opendir = ll_opendir;
	ops->readdir = ll_readdir;
	ops->releasedir = ll_releasedir;
	ops->getxattr = ll_getxattr;
	ops->listxattr = ll_listxattr;
	ops->mknod = ll_mknod;
	ops->create = ll_create;
	ops->mkdir = ll_mkdir;
	ops->unlink = ll_unlink;
	ops->rmdir = ll_unlink;
	ops->rename = ll_rename;
}
