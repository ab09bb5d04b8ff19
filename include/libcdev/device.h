/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - device classes and names, after include/linux/device.h.
 *
 * In the kernel, device_create() makes the /dev node. Here every live device
 * number already has a node (the backend makes one per number at cdev_add()),
 * and device_create() gives that node its name: called before cdev_add(), the
 * node is created with it; called after, a node with no open files is made
 * anew under the new name. device_destroy() forgets the name; the node itself
 * goes with cdev_del().
 */
#ifndef LIBCDEV_DEVICE_H
#define LIBCDEV_DEVICE_H

#include <sys/types.h>

#include <libcdev/err.h>
#include <libcdev/kdev_t.h>
#include <libcdev/kobject.h>
#include <libcdev/ksync.h>
#include <libcdev/names.h>

struct module;
struct attribute_group;
struct device;
struct device_driver;
struct libcdev_devres;
struct dentry;
struct device;

struct class {
	const char *name;
	struct module *owner;
	/* Served as sys/class/NAME/... (sysfs.h): the class's own, and each device's. */
	const struct attribute_group **class_groups;
	const struct attribute_group **dev_groups;
	/* Frees a device_register()ed device of the class that has no ->release of its own. */
	void (*dev_release)(struct device *dev);
	/*
	 * The node's name below /dev for @dev, allocated with kmalloc(), or
	 * NULL for the device's own name (Linux 6.1's form; the mode is not
	 * taken: udev rules give modes).
	 */
	char *(*devnode)(struct device *dev, unsigned short *mode);
	/* private: the directory sys/class/NAME, made at the first device_add() */
	struct kobject *dir;
};

struct device_node;

struct device {
	struct class *class;
	dev_t devt;
	char *name; /* the node's name below /dev; may contain '/' */
	void *driver_data;
	/* The driver model (platform.h, sysfs.h). */
	struct kobject kobj; /* for kobj_to_dev() in ->is_visible() only */
	struct device *parent;
	struct device_driver *driver; /* bound driver, or NULL */
	void *platform_data;
	const struct attribute_group **groups; /* served with the device */
	const char *bus_name;		       /* "platform" for a platform device */
	/* Its device-tree node: described with "compatible" (<libcdev/platform.h>). */
	struct device_node *of_node;
	/* Frees the device when its last reference goes (device_initialize()). */
	void (*release)(struct device *dev);
	/* private */
	struct libcdev_devres *devres; /* managed resources, newest first */
	struct dentry *attr_dir;       /* the directory of its served attributes */
	/* device_lock(); all zero is unlocked, so a device the driver zeroes needs no set-up. */
	struct mutex mutex;
};

/**
 * class_create - a class of devices (the kernel's /sys/class/NAME)
 * Return: the class, or ERR_PTR(-ENOMEM) / ERR_PTR(-EINVAL).
 */
struct class *class_create(const char *name);
void class_destroy(struct class *cls);

/**
 * device_create - name the node of device number @devt, printf()-style
 * @cls: the class it belongs to
 * @parent: unused, for the kernel's signature
 * @drvdata: returned by dev_get_drvdata()
 *
 * Return: the device, or ERR_PTR(-EEXIST) if @devt already has a device,
 * ERR_PTR(-EINVAL) for a bad name or class, ERR_PTR(-ENOMEM).
 */
struct device *device_create(struct class *cls, struct device *parent, dev_t devt, void *drvdata,
			     const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void device_destroy(struct class *cls, dev_t devt);

/**
 * class_register - make a static @cls known and serve its ->class_groups
 * Return: 0, -EINVAL (no name), or the errors of device_create_file().
 */
int class_register(struct class *cls);
void class_unregister(struct class *cls);

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline const char *dev_name(const struct device *dev)
{
	return dev->name;
}

/** dev_set_name - the node's name for cdev_device_add(), printf()-style; 0 or -ENOMEM */
int dev_set_name(struct device *dev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * ---- devices of the driver model, with a life of their own ----
 *
 * device_initialize() gives @dev one reference; the last put_device() calls
 * its ->release, else its class's ->dev_release (one of them must free it),
 * after its managed resources go. device_add() makes its directory, where
 * the class's ->dev_groups and its ->groups are served: sys/class/CLASS/NAME
 * for a class device, else below its parent's directory, else
 * sys/devices/NAME; a class device with a parent in sysfs gets a link
 * "device" to it. A @devt names that node, as device_create() does. The
 * device holds a reference on its parent from device_add() to device_del().
 */

/** device_initialize - one reference, no directory yet; the rest is the caller's (zeroed) */
void device_initialize(struct device *dev);
/**
 * device_add - the directory and the files of an initialised, named device
 * Return: 0; -EINVAL (not initialised, no name); -EEXIST (the name is taken
 * in that directory); -ENOMEM; or an error of serving its files.
 */
int device_add(struct device *dev);
/** device_del - the directory, the files and the node's name go; the references stay */
void device_del(struct device *dev);
/** device_register - device_initialize() and device_add(); on failure, still put_device() */
int device_register(struct device *dev);
/** device_unregister - device_del() and the caller's put_device() */
void device_unregister(struct device *dev);
/** get_device - a reference on @dev (a device of device_initialize() or of a bus); NULL: NULL */
struct device *get_device(struct device *dev);
/** put_device - drop a reference; the last one releases the device. NULL is ignored */
void put_device(struct device *dev);

#endif
