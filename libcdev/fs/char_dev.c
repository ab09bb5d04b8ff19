/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - device number regions and cdev objects, after fs/char_dev.c.
 *
 * Regions are reserved in the system-wide registry (registry.c). Live cdevs
 * sit in the cdev map, the kernel's kobj_map: a list sorted by range size, so
 * a lookup finds the smallest live range that holds a number, and among
 * equal sizes the one added last.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "backend/backend.h"

struct probe {
	struct probe *next;
	dev_t dev;
	unsigned long range;
	struct cdev *cdev;
};

/* The cdevs made by __register_chrdev(), so __unregister_chrdev() can delete them. */
struct chrdev_entry {
	struct chrdev_entry *next;
	unsigned int major;
	unsigned int baseminor;
	unsigned int count;
	struct cdev *cdev;
};

static pthread_mutex_t cdev_map_lock = PTHREAD_MUTEX_INITIALIZER;
static struct probe *cdev_map;

static pthread_mutex_t chrdevs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct chrdev_entry *chrdevs;

static const struct libcdev_backend *backend;

int libcdev_backend_set(const struct libcdev_backend *b)
{
	__atomic_store_n(&backend, b, __ATOMIC_RELEASE);
	return 0;
}

const struct libcdev_backend *libcdev_backend_get(void)
{
	return __atomic_load_n(&backend, __ATOMIC_ACQUIRE);
}

/* ---- regions ---- */

/* Split [from, from + count) at major boundaries; a major past the last ends the list. */
static int split_range(dev_t from, unsigned count, const char *name, struct region_req **out)
{
	dev_t to = from + count, n, next;
	struct region_req *reqs = NULL;
	int nr = 0;

	for (n = from; n < to; n = next) {
		struct region_req *tmp = realloc(reqs, (nr + 1) * sizeof(*reqs));

		if (!tmp) {
			free(reqs);
			return -ENOMEM;
		}
		reqs = tmp;
		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		reqs[nr++] =
			(struct region_req){ MAJOR(n), MINOR(n), (unsigned int)(next - n), name };
		if (MAJOR(n) >= CHRDEV_MAJOR_MAX)
			break; /* this chunk fails with -EINVAL; none after it is tried */
	}
	*out = reqs;
	return nr;
}

_public_ int register_chrdev_region(dev_t from, unsigned count, const char *name)
{
	struct region_req *reqs;
	int nr, err;

	if (count == 0)
		return 0;
	if (!name)
		return -EINVAL;
	/* The kernel would quietly pick a dynamic major here: a caller bug, refused. */
	if (MAJOR(from) == 0)
		return -EINVAL;

	nr = split_range(from, count, name, &reqs);
	if (nr < 0)
		return nr;
	/* All chunks or none: the registry applies them in one locked change. */
	err = registry_reserve(reqs, nr);
	free(reqs);
	return err;
}

_public_ int alloc_chrdev_region(dev_t *dev, unsigned baseminor, unsigned count, const char *name)
{
	struct region_req req = { 0, baseminor, count, name };
	int err;

	if (!dev || !name || count == 0)
		return -EINVAL;
	err = registry_reserve(&req, 1);
	if (err)
		return err;
	*dev = MKDEV(req.major, baseminor);
	return 0;
}

_public_ void unregister_chrdev_region(dev_t from, unsigned count)
{
	dev_t to = from + count, n, next;

	for (n = from; n < to && MAJOR(n) < CHRDEV_MAJOR_MAX; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		registry_release(MAJOR(n), MINOR(n), next - n);
	}
}

static int chrdev_remember(unsigned int major, unsigned int baseminor, unsigned int count,
			   struct cdev *cdev)
{
	struct chrdev_entry *e = malloc(sizeof(*e));

	if (!e)
		return -ENOMEM;
	*e = (struct chrdev_entry){ NULL, major, baseminor, count, cdev };
	pthread_mutex_lock(&chrdevs_lock);
	e->next = chrdevs;
	chrdevs = e;
	pthread_mutex_unlock(&chrdevs_lock);
	return 0;
}

static struct cdev *chrdev_forget(unsigned int major, unsigned int baseminor, unsigned int count)
{
	struct chrdev_entry **pp, *e;
	struct cdev *cdev = NULL;

	pthread_mutex_lock(&chrdevs_lock);
	for (pp = &chrdevs; (e = *pp); pp = &e->next) {
		if (e->major == major && e->baseminor == baseminor && e->count == count) {
			*pp = e->next;
			cdev = e->cdev;
			free(e);
			break;
		}
	}
	pthread_mutex_unlock(&chrdevs_lock);
	return cdev;
}

_public_ int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
			       const char *name, const struct file_operations *fops)
{
	struct region_req req = { major, baseminor, count, name };
	struct cdev *cdev;
	int err;

	if (!name || !fops || count == 0)
		return -EINVAL;
	err = registry_reserve(&req, 1);
	if (err)
		return err;

	err = -ENOMEM;
	cdev = cdev_alloc();
	if (!cdev)
		goto out_region;
	cdev->owner = fops->owner;
	cdev->ops = fops;
	err = kobject_set_name(&cdev->kobj, "%s", name);
	if (err)
		goto out_put;
	err = chrdev_remember(req.major, baseminor, count, cdev);
	if (err)
		goto out_put;
	err = cdev_add(cdev, MKDEV(req.major, baseminor), count);
	if (err)
		goto out_forget;
	return major ? 0 : (int)req.major;

out_forget:
	chrdev_forget(req.major, baseminor, count);
out_put:
	kobject_put(&cdev->kobj);
out_region:
	registry_release(req.major, baseminor, count);
	return err;
}

_public_ void __unregister_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
				  const char *name)
{
	struct cdev *cdev;

	(void)name;
	cdev = chrdev_forget(major, baseminor, count);
	registry_release(major, baseminor, count);
	if (cdev)
		cdev_del(cdev);
}

/* ---- cdev objects ---- */

static void cdev_default_release(struct kobject *kobj)
{
	(void)kobj; /* embedded in the driver's own memory: nothing to free */
}

static void cdev_dynamic_release(struct kobject *kobj)
{
	free(container_of(kobj, struct cdev, kobj));
}

static const struct kobj_type ktype_cdev_default = {
	.release = cdev_default_release,
};

static const struct kobj_type ktype_cdev_dynamic = {
	.release = cdev_dynamic_release,
};

_public_ struct cdev *cdev_alloc(void)
{
	struct cdev *p = calloc(1, sizeof(*p));

	if (p)
		kobject_init(&p->kobj, &ktype_cdev_dynamic);
	return p;
}

_public_ void cdev_init(struct cdev *cdev, const struct file_operations *fops)
{
	if (!cdev)
		return;
	memset(cdev, 0, sizeof(*cdev));
	kobject_init(&cdev->kobj, &ktype_cdev_default);
	cdev->ops = fops;
}

static void cdev_map_insert(struct probe *p)
{
	struct probe **s;

	pthread_mutex_lock(&cdev_map_lock);
	for (s = &cdev_map; *s && (*s)->range < p->range; s = &(*s)->next)
		;
	p->next = *s;
	*s = p;
	pthread_mutex_unlock(&cdev_map_lock);
}

static void cdev_map_remove(struct cdev *cdev)
{
	struct probe **s, *p;

	pthread_mutex_lock(&cdev_map_lock);
	for (s = &cdev_map; (p = *s);) {
		if (p->cdev == cdev) {
			*s = p->next;
			free(p);
		} else {
			s = &p->next;
		}
	}
	pthread_mutex_unlock(&cdev_map_lock);
}

_public_ int cdev_add(struct cdev *p, dev_t dev, unsigned count)
{
	const struct libcdev_backend *b = libcdev_backend_get();
	struct probe *probe;
	int err;

	jiffies_touch();
	if (!p || count == 0)
		return -EINVAL;
	if (MAJOR(dev) >= CHRDEV_MAJOR_MAX ||
	    dev + count - 1 > MKDEV(CHRDEV_MAJOR_MAX - 1, MINORMASK))
		return -EINVAL;
	probe = calloc(1, sizeof(*probe));
	if (!probe)
		return -ENOMEM;

	p->dev = dev;
	p->count = count;
	*probe = (struct probe){ NULL, dev, count, p };
	/* Live in the map first, so the backend's nodes can be opened as soon as they exist. */
	cdev_map_insert(probe);
	if (b && b->add) {
		err = b->add(p);
		if (err)
			goto out_unmap;
	}
	return 0;

out_unmap:
	cdev_map_remove(p);
	return err;
}

_public_ void cdev_del(struct cdev *p)
{
	const struct libcdev_backend *b = libcdev_backend_get();

	if (!p)
		return;
	cdev_map_remove(p);
	if (b && b->del)
		b->del(p);
	kobject_put(&p->kobj);
}

_public_ struct kobject *cdev_get(struct cdev *p)
{
	struct module *owner;
	struct kobject *kobj;

	if (!p)
		return NULL;
	owner = p->owner;
	if (!try_module_get(owner))
		return NULL;
	kobj = kobject_get_unless_zero(&p->kobj);
	if (!kobj)
		module_put(owner);
	return kobj;
}

_public_ void cdev_put(struct cdev *p)
{
	struct module *owner;

	if (!p)
		return;
	owner = p->owner; /* read before the put: it may free p */
	kobject_put(&p->kobj);
	module_put(owner);
}

/* The smallest live range holding @dev whose owner is live; with a reference taken. */
struct cdev *cdev_lookup_get(dev_t dev)
{
	struct cdev *found = NULL;
	struct probe *p;

	pthread_mutex_lock(&cdev_map_lock);
	for (p = cdev_map; p; p = p->next) {
		if (dev < p->dev || dev - p->dev >= p->range)
			continue;
		if (cdev_get(p->cdev)) {
			found = p->cdev;
			break;
		}
	}
	pthread_mutex_unlock(&cdev_map_lock);
	return found;
}

bool cdev_map_empty(void)
{
	bool empty;

	pthread_mutex_lock(&cdev_map_lock);
	empty = cdev_map == NULL;
	pthread_mutex_unlock(&cdev_map_lock);
	return empty;
}

/* Under the map's lock, so no cdev of the walk can go meanwhile. */
_public_ int libcdev_backend_nodes(int (*fn)(const char *name, dev_t dev, void *data), void *data)
{
	char name[256];
	struct probe *p;
	int ret = 0;

	if (!fn)
		return -EINVAL;
	if (!libcdev_backend_location())
		return 0;
	pthread_mutex_lock(&cdev_map_lock);
	for (p = cdev_map; p && !ret; p = p->next)
		for (unsigned long i = 0; i < p->range && !ret; i++)
			if (node_name_for(p->cdev, p->dev + i, name, sizeof(name)) == 0)
				ret = fn(name, p->dev + i, data);
	pthread_mutex_unlock(&cdev_map_lock);
	return ret;
}

_public_ int libcdev_cdev_device_add(struct cdev *cdev, struct device *dev, struct class *cls)
{
	struct device *named;
	int err;

	if (!dev->devt)
		return -EINVAL;
	if (dev->class)
		cls = dev->class;
	/* The kernel's device_add() names the node; here device_create() does. */
	if (dev->name) {
		named = device_create(cls, NULL, dev->devt, dev->driver_data, "%s", dev->name);
		if (IS_ERR(named))
			return (int)PTR_ERR(named);
	}
	err = cdev_add(cdev, dev->devt, 1);
	if (err && dev->name)
		device_destroy(cls, dev->devt);
	return err;
}
