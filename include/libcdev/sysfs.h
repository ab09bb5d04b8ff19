/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - device and class attributes (include/linux/sysfs.h, device.h)
 * and debugfs (include/linux/debugfs.h), served as real files.
 *
 * There is no sysfs for a process to add to, so each attribute is a device
 * node of its own below the backend's directory (/dev with CUSE), named as
 * the kernel's sysfs path would be, in the same way as the /proc entries of
 * <linux/proc_fs.h>:
 *
 *   sys/devices/platform/DEVICE/ATTR   a platform device's attributes
 *   sys/class/CLASS/DEVICE/ATTR        a class device's (device_create())
 *   sys/class/CLASS/ATTR               a class's own (class_create_file())
 *   sys/kernel/KOBJ/.../ATTR           a kobject's (kobject.h: sysfs_create_file(),
 *                                      sysfs_create_group(), its type's default_groups)
 *   sys/kernel/debug/PATH              debugfs files
 *
 * Reading at offset 0 calls ->show() into a page and serves that page to the
 * reads that follow; each write(2) calls ->store() with the bytes written
 * (NUL-terminated). An attribute without ->store() cannot be opened for
 * writing (-EACCES), one without ->show() not for reading, whatever the
 * node's mode (the attribute's, applied with chmod). Once the attribute is
 * removed, files still open on it get -ENODEV; removal waits for a ->show()
 * or ->store() that runs. The nodes take device numbers of one region named
 * "sysfs" of 256 minors: at most 256 attributes and debugfs files at a time.
 */
#ifndef LIBCDEV_SYSFS_H
#define LIBCDEV_SYSFS_H

#include <stdbool.h>
#include <sys/types.h>

#include <libcdev/device.h>
#include <libcdev/fs.h>
#include <libcdev/names.h>

struct kobject;
struct bin_attribute;

struct attribute {
	const char *name;
	unsigned short mode;
};

struct attribute_group {
	const char *name; /* a subdirectory, or NULL */
	/* The mode for attribute @n, or 0 to leave it out; NULL: each attribute's own mode. */
	unsigned short (*is_visible)(struct kobject *kobj, struct attribute *attr, int n);
	struct attribute **attrs;
	unsigned short (*is_bin_visible)(struct kobject *kobj, struct bin_attribute *attr, int n);
	struct bin_attribute **bin_attrs; /* served by sysfs_create_group() */
};

struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr, char *buf);
	ssize_t (*store)(struct device *dev, struct device_attribute *attr, const char *buf,
			 size_t count);
};

struct class_attribute {
	struct attribute attr;
	ssize_t (*show)(const struct class *cls, const struct class_attribute *attr, char *buf);
	ssize_t (*store)(const struct class *cls, const struct class_attribute *attr,
			 const char *buf, size_t count);
};

/* An attribute of a kobject_create_and_add() kobject (its type's sysfs_ops are kobj_sysfs_ops). */
struct kobj_attribute {
	struct attribute attr;
	ssize_t (*show)(struct kobject *kobj, struct kobj_attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct kobj_attribute *attr, const char *buf,
			 size_t count);
};

/* The size of the buffer ->show() writes to: the kernel's PAGE_SIZE. */
#define LIBCDEV_ATTR_PAGE 4096

/**
 * device_create_file - serve @attr of @dev as sys/.../DEVICE/NAME
 *
 * Return: 0; -EEXIST (served already); -ENOSPC (no device number left);
 * -EINVAL (@dev has no name); -ENOMEM; or the backend's error.
 */
int device_create_file(struct device *dev, const struct device_attribute *attr);
void device_remove_file(struct device *dev, const struct device_attribute *attr);

/** device_add_groups - every visible attribute of the NULL-terminated @groups; all or none */
int device_add_groups(struct device *dev, const struct attribute_group **groups);
void device_remove_groups(struct device *dev, const struct attribute_group **groups);
int device_add_group(struct device *dev, const struct attribute_group *grp);
void device_remove_group(struct device *dev, const struct attribute_group *grp);

/**
 * device_create_with_groups - device_create(), and @groups served once the node is named
 *
 * The class's ->dev_groups are served for every device_create() of the class.
 */
struct device *device_create_with_groups(struct class *cls, struct device *parent, dev_t devt,
					 void *drvdata, const struct attribute_group **groups,
					 const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/** class_create_file - serve @attr as sys/class/CLASS/NAME */
int class_create_file(const struct class *cls, const struct class_attribute *attr);
void class_remove_file(const struct class *cls, const struct class_attribute *attr);

/*
 * A file of bytes (an EEPROM's contents): each read(2) or write(2) calls
 * ->read() or ->write() with the offset and at most a page, within @size
 * unless it is 0 (a read at the end returns 0, a write -EFBIG). ->mmap is
 * not served.
 */
struct bin_attribute {
	struct attribute attr;
	size_t size;
	void *private;
	ssize_t (*read)(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			char *buf, loff_t pos, size_t count);
	ssize_t (*write)(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			 char *buf, loff_t pos, size_t count);
};

/*
 * ---- a kobject's files (kobject.h) ----
 *
 * The kobject must have been added (kobject_add()): -EINVAL otherwise. The
 * files are read and written through its type's sysfs_ops; one without
 * ->show cannot be opened for reading, one without ->store not for writing.
 */

/** sysfs_create_file - serve @attr as a file of @kobj's directory; -EEXIST if there is one */
int sysfs_create_file(struct kobject *kobj, const struct attribute *attr);
void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr);
/** sysfs_create_files - the NULL-terminated @attrs; all or none */
int sysfs_create_files(struct kobject *kobj, const struct attribute *const *attrs);
void sysfs_remove_files(struct kobject *kobj, const struct attribute *const *attrs);
/**
 * sysfs_create_group - the visible attributes of @grp, in the subdirectory
 * @grp->name if it has one; all or none
 */
int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp);
/** sysfs_create_bin_file - serve @attr as a file of @kobj's directory; -EEXIST if there is one */
int sysfs_create_bin_file(struct kobject *kobj, const struct bin_attribute *attr);
void sysfs_remove_bin_file(struct kobject *kobj, const struct bin_attribute *attr);
/** device_create_bin_file - sysfs_create_bin_file() of a bus device's directory (-EINVAL for others) */
int device_create_bin_file(struct device *dev, const struct bin_attribute *attr);
void device_remove_bin_file(struct device *dev, const struct bin_attribute *attr);
/**
 * sysfs_notify - a change of the attribute file [@dir/]@attr of @kobj (or of
 * the device whose kobject it is): the files open on it poll with POLLPRI
 * and POLLERR until they read it again from the start; none: nothing
 */
void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr);
/** sysfs_create_groups - each group of the NULL-terminated @groups; all or none */
int sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups);
void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups);

/**
 * sysfs_create_link - a link @name in @kobj's directory (the root for NULL)
 * to @target's directory
 *
 * Links are names, not nodes: the backends serve no symbolic links, so
 * libcdev_sysfs_readlink() reads one. A link goes with its directory, and
 * stays when its target goes, as in kernfs.
 *
 * Return: 0; -EEXIST (the directory has an entry @name); -EINVAL (no name,
 * or @kobj not added); -ENOENT (@target not added); -ENOMEM.
 */
int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name);
/** sysfs_remove_link - remove the link @name of @kobj's directory, if there is one */
void sysfs_remove_link(struct kobject *kobj, const char *name);

/**
 * libcdev_sysfs_readlink - the path of what the link @path points to
 * ("sys/class/enclosure/e0/0/device" -> "sys/devices/platform/disk.0")
 *
 * Return: 0; -ENOENT (no entry @path); -EINVAL (not a link); -ENAMETOOLONG.
 */
int libcdev_sysfs_readlink(const char *path, char *buf, size_t size);

/**
 * libcdev_device_lookup - the device number of the node named @name
 * (below the backend's directory: "sys/class/misc/sensor/rate")
 *
 * Return: 0 with *@devt set, or -ENOENT.
 */
int libcdev_device_lookup(const char *name, dev_t *devt);

/* ---- debugfs ---- */

/* A debugfs file or directory; opaque. */
struct dentry;

/**
 * debugfs_create_dir - a directory sys/kernel/debug/[PARENT/]NAME
 * Return: the directory, or ERR_PTR(-EEXIST), ERR_PTR(-ENOMEM), ERR_PTR(-EINVAL).
 */
struct dentry *debugfs_create_dir(const char *name, struct dentry *parent);

/**
 * debugfs_create_file - a file served by @fops; inode->i_private is @data
 * Return: the file, or an ERR_PTR() of the errors of device_create_file().
 */
struct dentry *debugfs_create_file(const char *name, unsigned short mode, struct dentry *parent,
				   void *data, const struct file_operations *fops);

/* Files that read and write an integer in memory, in decimal (x: hexadecimal, 0x-prefixed). */
void debugfs_create_u8(const char *name, unsigned short mode, struct dentry *parent,
		       unsigned char *value);
void debugfs_create_u16(const char *name, unsigned short mode, struct dentry *parent,
			unsigned short *value);
void debugfs_create_u32(const char *name, unsigned short mode, struct dentry *parent,
			unsigned int *value);
void debugfs_create_u64(const char *name, unsigned short mode, struct dentry *parent,
			unsigned long long *value);
void debugfs_create_x32(const char *name, unsigned short mode, struct dentry *parent,
			unsigned int *value);
/* "Y\n" or "N\n"; writes take 1/0, y/n, Y/N. */
void debugfs_create_bool(const char *name, unsigned short mode, struct dentry *parent, bool *value);

/** debugfs_remove - remove @dentry and everything below it; NULL and ERR_PTR() are ignored */
void debugfs_remove(struct dentry *dentry);

/** debugfs_lookup_and_remove - debugfs_remove() of @name below @parent, if it exists */
void debugfs_lookup_and_remove(const char *name, struct dentry *parent);

#endif
