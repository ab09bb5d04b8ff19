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
#include <libcdev/sysfs.h>

struct device_entry {
	struct device dev;
	struct device_entry *next;
};

static pthread_mutex_t devices_lock = PTHREAD_MUTEX_INITIALIZER;
static struct device_entry *devices;

_public_ struct class *class_create(const char *name)
{
	struct class *cls;

	if (!name || !*name)
		return ERR_PTR(-EINVAL);
	cls = calloc(1, sizeof(*cls));
	if (!cls)
		return ERR_PTR(-ENOMEM);
	cls->name = strdup(name);
	if (!cls->name) {
		free(cls);
		return ERR_PTR(-ENOMEM);
	}
	return cls;
}

_public_ void class_destroy(struct class *cls)
{
	if (IS_ERR_OR_NULL(cls))
		return;
	kfs_remove_class(cls);
	free((char *)cls->name);
	free(cls);
}

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

_public_ int class_register(struct class *cls)
{
	int err = 0;

	if (!cls || !cls->name || !*cls->name)
		return -EINVAL;
	for (int g = 0; cls->class_groups && cls->class_groups[g] && !err; g++) {
		const struct attribute_group *grp = cls->class_groups[g];

		for (int i = 0; grp->attrs && grp->attrs[i] && !err; i++)
			err = class_create_file(cls, (const struct class_attribute *)grp->attrs[i]);
	}
	if (err)
		kfs_remove_class(cls);
	return err;
}

_public_ void class_unregister(struct class *cls)
{
	if (cls)
		kfs_remove_class(cls);
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
