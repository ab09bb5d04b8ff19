/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/base/core.c and class.c:
 * classes and device names (see device.h for how they differ from
 * the kernel's: here they name the node a backend made for the number).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/core.h"
#include "backend/backend.h"
#include <libcdev/platform.h>
#include <libcdev/sysfs.h>

struct device_entry {
	struct device dev;
	struct device_entry *next;
};

static pthread_mutex_t devices_lock = PTHREAD_MUTEX_INITIALIZER;
static struct device_entry *devices;

/*
 * A node name is a relative path of non-empty components, without "." or
 * "..", and no blanks; '!' separates components as '/' does (kobject names).
 */
bool node_name_valid(const char *name)
{
	const char *p = name;

	if (!*name || *name == '/' || *name == '!' || strlen(name) >= 256)
		return false;
	while (*p) {
		size_t len = strcspn(p, "/!");

		if (len == 0 || (len == 1 && p[0] == '.') || (len == 2 && !strncmp(p, "..", 2)))
			return false;
		p += len;
		if (*p == '/' || *p == '!')
			p++;
		else
			break;
	}
	return p[-1] != '/' && p[-1] != '!' && !strpbrk(name, "\n\r\t ");
}

/* The class's devnode() renames the node, as devtmpfs asks it for the node's path. */
static void device_apply_devnode(struct device *dev)
{
	unsigned short mode = 0;
	char *node, *copy;

	if (!dev->class->devnode)
		return;
	node = dev->class->devnode(dev, &mode);
	if (!node)
		return;
	copy = node_name_valid(node) ? strdup(node) : NULL;
	if (copy) {
		free(dev->name);
		dev->name = copy;
	} else {
		pr_err_lib("device_create: devnode \"%s\" is not a valid node name", node);
	}
	kmem_free(node);
}

static _printf_(5, 0) struct device *device_create_va(struct class *cls, struct device *parent,
						      dev_t devt, void *drvdata, const char *fmt,
						      va_list ap)
{
	const struct libcdev_backend *b = libcdev_backend_get();
	struct device_entry *e, *it;
	int r;

	if (IS_ERR_OR_NULL(cls) || !fmt)
		return ERR_PTR(-EINVAL);
	e = calloc(1, sizeof(*e));
	if (!e)
		return ERR_PTR(-ENOMEM);
	r = vasprintf(&e->dev.name, fmt, ap);
	if (r < 0) {
		free(e);
		return ERR_PTR(-ENOMEM);
	}
	if (!node_name_valid(e->dev.name)) {
		pr_err_lib("device_create: \"%s\" is not a valid node name", e->dev.name);
		free(e->dev.name);
		free(e);
		return ERR_PTR(-EINVAL);
	}
	e->dev.class = cls;
	e->dev.parent = parent;
	e->dev.devt = devt;
	e->dev.driver_data = drvdata;
	device_apply_devnode(&e->dev);

	pthread_mutex_lock(&devices_lock);
	for (it = devices; it; it = it->next)
		if (it->dev.devt == devt || !strcmp(it->dev.name, e->dev.name))
			break;
	if (!it) {
		e->next = devices;
		devices = e;
	}
	pthread_mutex_unlock(&devices_lock);
	if (it) {
		free(e->dev.name);
		free(e);
		return ERR_PTR(-EEXIST);
	}
	if (b && b->rename)
		b->rename(devt);
	return &e->dev;
}

/* The class's ->dev_groups and @groups, served once the device has its name. */
static struct device *device_serve_groups(struct device *dev, const struct attribute_group **groups)
{
	int err;

	if (IS_ERR(dev))
		return dev;
	err = device_add_groups(dev, dev->class->dev_groups);
	if (!err)
		err = device_add_groups(dev, groups);
	if (err) {
		device_destroy(dev->class, dev->devt);
		return ERR_PTR(err);
	}
	dev->groups = groups;
	return dev;
}

_public_ struct device *device_create(struct class *cls, struct device *parent, dev_t devt,
				      void *drvdata, const char *fmt, ...)
{
	struct device *dev;
	va_list ap;

	va_start(ap, fmt);
	dev = device_create_va(cls, parent, devt, drvdata, fmt, ap);
	va_end(ap);
	return device_serve_groups(dev, NULL);
}

_public_ struct device *device_create_with_groups(struct class *cls, struct device *parent,
						  dev_t devt, void *drvdata,
						  const struct attribute_group **groups,
						  const char *fmt, ...)
{
	struct device *dev;
	va_list ap;

	va_start(ap, fmt);
	dev = device_create_va(cls, parent, devt, drvdata, fmt, ap);
	va_end(ap);
	return device_serve_groups(dev, groups);
}

_public_ void device_destroy(struct class *cls, dev_t devt)
{
	struct device_entry **pp, *e;

	pthread_mutex_lock(&devices_lock);
	for (pp = &devices; (e = *pp); pp = &e->next)
		if (e->dev.devt == devt && e->dev.class == cls) {
			*pp = e->next;
			break;
		}
	pthread_mutex_unlock(&devices_lock);
	if (!e)
		return;
	/* Its attributes are nodes whose own devices this list holds: outside the lock. */
	kfs_remove_device(&e->dev);
	free(e->dev.name);
	free(e);
}

int device_number_of(const char *name, dev_t *devt)
{
	struct device_entry *e;
	int ret = -ENOENT;

	pthread_mutex_lock(&devices_lock);
	for (e = devices; e; e = e->next)
		if (!strcmp(e->dev.name, name)) {
			*devt = e->dev.devt;
			ret = 0;
			break;
		}
	pthread_mutex_unlock(&devices_lock);
	return ret;
}

/* The node's mode as the driver asked; chmod as udev would have applied it. */
void node_chmod(struct cdev *cdev, dev_t dev, unsigned short mode)
{
	const char *dir = libcdev_backend_location();
	char name[256], path[512];

	if (!mode || !dir || node_name_for(cdev, dev, name, sizeof(name)))
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (chmod(path, mode & 07777) < 0)
		pr_err_lib("%s: cannot set mode %04o: %m", path, mode & 07777);
}

int device_name_of(dev_t devt, char *buf, size_t size)
{
	struct device_entry *e;
	int ret = -ENOENT;

	pthread_mutex_lock(&devices_lock);
	for (e = devices; e; e = e->next)
		if (e->dev.devt == devt) {
			ret = snprintf(buf, size, "%s", e->dev.name) < (int)size ? 0 :
										   -ENAMETOOLONG;
			break;
		}
	pthread_mutex_unlock(&devices_lock);
	return ret;
}

/*
 * The name of @dev's node below the backend's directory, with '/' between
 * components: the device_create() name, else the cdev's kobject name (with
 * the offset in the cdev when it has several numbers), else the region's
 * name and minor, else cdev-MAJOR-MINOR.
 */
int node_name_for(struct cdev *cdev, dev_t dev, char *buf, size_t size)
{
	const char *kname = kobject_name(&cdev->kobj);
	char region[CHRDEV_NAME_MAX];
	int n;

	if (device_name_of(dev, buf, size) == 0)
		return 0;
	if (kname && cdev->count > 1)
		n = snprintf(buf, size, "%s%u", kname, (unsigned int)(dev - cdev->dev));
	else if (kname)
		n = snprintf(buf, size, "%s", kname);
	else if (registry_name_of(dev, region, sizeof(region)) == 0)
		n = snprintf(buf, size, "%s%u", region, MINOR(dev));
	else
		n = snprintf(buf, size, "cdev-%u-%u", MAJOR(dev), MINOR(dev));
	if (n >= (int)size)
		return -ENAMETOOLONG;
	if (!node_name_valid(buf)) {
		pr_err_lib("\"%s\" is not a valid node name", buf);
		return -EINVAL;
	}
	/* kobject names carry '/' as '!'; the node's path has '/'. */
	for (char *p = buf; *p; p++)
		if (*p == '!')
			*p = '/';
	return 0;
}

_public_ int dev_set_name(struct device *dev, const char *fmt, ...)
{
	char *name;
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vasprintf(&name, fmt, ap);
	va_end(ap);
	if (len < 0)
		return -ENOMEM;
	free(dev->name);
	dev->name = name;
	return 0;
}

/* ---- a bus device's own directory (the kernel's device kobject) ---- */

/* dev_sysfs_ops: a device's attribute files call the device_attribute's show() and store(). */
static ssize_t dev_kobj_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct device_attribute *a = container_of(attr, struct device_attribute, attr);

	return a->show ? a->show(container_of(kobj, struct device, kobj), a, buf) : -EIO;
}

static ssize_t dev_kobj_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			      size_t count)
{
	struct device_attribute *a = container_of(attr, struct device_attribute, attr);

	return a->store ? a->store(container_of(kobj, struct device, kobj), a, buf, count) : -EIO;
}

static const struct sysfs_ops dev_kobj_sysfs_ops = {
	.show = dev_kobj_show,
	.store = dev_kobj_store,
};

/* The bus owns the device's memory: the kobject only names its directory. */
static void dev_kobj_release(struct kobject *kobj)
{
	(void)kobj;
}

static const struct kobj_type dev_kobj_type = {
	.release = dev_kobj_release,
	.sysfs_ops = &dev_kobj_sysfs_ops,
};

/* The directories the devices of each bus live in, as fs/sysfs.c names them. */
#define BUS_DIR(var, path)                                                                         \
	static struct kobject var = {                                                              \
		.name = (char *)(path), .refcount = 1, .state_initialized = 1, .state_in_sysfs = 1 \
	}
BUS_DIR(platform_dir, "devices/platform");
BUS_DIR(i2c_dir, "bus/i2c/devices");
BUS_DIR(spi_dir, "bus/spi/devices");

static struct kobject *bus_dir(const char *bus)
{
	if (!strcmp(bus, "platform"))
		return &platform_dir;
	if (!strcmp(bus, "i2c"))
		return &i2c_dir;
	if (!strcmp(bus, "spi"))
		return &spi_dir;
	return NULL;
}

int device_sysfs_add(struct device *dev)
{
	struct kobject *dir = dev->bus_name ? bus_dir(dev->bus_name) : NULL;

	if (!dir || !dev->name)
		return -EINVAL;
	kobject_init(&dev->kobj, &dev_kobj_type);
	return kobject_add(&dev->kobj, dir, "%s", dev->name);
}

void device_sysfs_del(struct device *dev)
{
	if (!dev->kobj.state_in_sysfs)
		return;
	kobject_del(&dev->kobj);
	kobject_put(&dev->kobj);
}

/* ---- devices with a life of their own: device_register() ---- */

/* The managed resources, then the device's own release, else its class's; the name after. */
static void device_release(struct kobject *kobj)
{
	struct device *dev = container_of(kobj, struct device, kobj);
	char *name = dev->name;

	libcdev_devres_release_all(dev);
	if (dev->release)
		dev->release(dev);
	else if (dev->class && dev->class->dev_release)
		dev->class->dev_release(dev);
	else
		pr_err_lib("Device '%s' does not have a release() function, it is broken and must "
			   "be fixed.",
			   name ? name : "(unnamed)");
	free(name);
}

static const struct kobj_type device_ktype = {
	.release = device_release,
	.sysfs_ops = &dev_kobj_sysfs_ops,
};

_public_ void device_initialize(struct device *dev)
{
	kobject_init(&dev->kobj, &device_ktype);
}

_public_ struct device *get_device(struct device *dev)
{
	if (dev && dev->kobj.state_initialized)
		kobject_get(&dev->kobj);
	return dev;
}

_public_ void put_device(struct device *dev)
{
	if (dev && dev->kobj.state_initialized)
		kobject_put(&dev->kobj);
}

static struct kobject devices_dir = { .name = (char *)"devices",
				      .refcount = 1,
				      .state_initialized = 1,
				      .state_in_sysfs = 1 };

/* Where @dev's directory goes, with a reference: its class's, its parent's, or sys/devices. */
static struct kobject *device_dir_parent(struct device *dev)
{
	if (dev->class)
		return class_dir_get(dev->class);
	if (dev->parent && dev->parent->kobj.state_in_sysfs)
		return kobject_get(&dev->parent->kobj);
	return kobject_get(&devices_dir);
}

/* The numbers device_add() names for devices of no class. */
static struct class named_nodes = { .name = "device" };

/* A name for @devt's node, as device_create() gives it, but no files: the device has its own. */
static _printf_(5, 6) struct device *device_name_node(struct class *cls, struct device *parent,
						      dev_t devt, void *drvdata, const char *fmt,
						      ...)
{
	struct device *dev;
	va_list ap;

	va_start(ap, fmt);
	dev = device_create_va(cls, parent, devt, drvdata, fmt, ap);
	va_end(ap);
	return dev;
}

/* What device_add() adds beside the directory: the files, the "device" link, the node's name. */
static int device_add_extras(struct device *dev)
{
	const struct attribute_group **class_groups = dev->class ? dev->class->dev_groups : NULL;
	struct device *named;
	int err = device_add_groups(dev, class_groups);

	if (!err)
		err = device_add_groups(dev, dev->groups);
	if (!err && dev->class && dev->parent && dev->parent->kobj.state_in_sysfs)
		err = sysfs_create_link(&dev->kobj, &dev->parent->kobj, "device");
	if (!err && dev->devt) {
		named = device_name_node(dev->class ? dev->class : &named_nodes, dev->parent,
					 dev->devt, dev->driver_data, "%s", dev->name);
		err = IS_ERR(named) ? (int)PTR_ERR(named) : 0;
	}
	return err;
}

_public_ int device_add(struct device *dev)
{
	struct kobject *dir;
	int err;

	if (!dev || !dev->kobj.state_initialized || !dev->name || !*dev->name)
		return -EINVAL;
	dir = device_dir_parent(dev);
	if (!dir)
		return -ENOMEM;
	err = kobject_add(&dev->kobj, dir, "%s", dev->name);
	kobject_put(dir);
	if (err)
		return err;
	err = device_add_extras(dev);
	if (err) {
		kfs_remove_device(dev);
		kobject_del(&dev->kobj);
		return err;
	}
	get_device(dev->parent);
	kobject_uevent(&dev->kobj, KOBJ_ADD);
	return 0;
}

_public_ void device_del(struct device *dev)
{
	if (!dev || !dev->kobj.state_in_sysfs)
		return;
	kobject_uevent(&dev->kobj, KOBJ_REMOVE);
	if (dev->devt)
		device_destroy(dev->class ? dev->class : &named_nodes, dev->devt);
	kfs_remove_device(dev);
	kobject_del(&dev->kobj);
	put_device(dev->parent);
}

_public_ int device_register(struct device *dev)
{
	device_initialize(dev);
	return device_add(dev);
}

_public_ void device_unregister(struct device *dev)
{
	device_del(dev);
	put_device(dev);
}
