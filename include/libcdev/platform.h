/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the driver model's platform bus (include/linux/platform_device.h,
 * drivers/base/platform.c, dd.c, devres.c), for drivers written for the
 * kernel: a platform driver's probe() runs for each platform device of its
 * name (or of its id_table, or whose "compatible" property is in its
 * of_match_table), remove() when either goes, and the device's managed
 * (devm_*) resources are released after remove(), newest first.
 *
 * Platform devices come from the driver's own code (platform_device_register()
 * and friends) or are described from outside, one line each (libcdev-platform(7)):
 *
 *   NAME[.ID] [irq=N]... [mem=START+SIZE]... [KEY=VALUE]...
 *
 * `cdevctl run --device LINE` and `--devices FILE` describe them before the
 * modules are loaded; libcdev_platform_describe() does it for a program.
 */
#ifndef LIBCDEV_PLATFORM_H
#define LIBCDEV_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libcdev/device.h>
#include <libcdev/module.h>
#include <libcdev/names.h>

struct attribute_group;

/* ---- resources ---- */

#define IORESOURCE_IO	     0x00000100
#define IORESOURCE_MEM	     0x00000200
#define IORESOURCE_REG	     0x00000300
#define IORESOURCE_IRQ	     0x00000400
#define IORESOURCE_TYPE_BITS 0x00001f00
#define IORESOURCE_MUXED     0x00400000
#define IORESOURCE_EXCLUSIVE 0x08000000
#define IORESOURCE_BUSY	     0x80000000

struct resource {
	unsigned long long start;
	unsigned long long end; /* inclusive */
	const char *name;
	unsigned long flags;
};

static inline unsigned long long resource_size(const struct resource *res)
{
	return res->end - res->start + 1;
}

static inline unsigned long resource_type(const struct resource *res)
{
	return res->flags & IORESOURCE_TYPE_BITS;
}

/* ---- matching ---- */

#define PLATFORM_NAME_SIZE  20
#define PLATFORM_DEVID_NONE (-1)
#define PLATFORM_DEVID_AUTO (-2)

struct platform_device_id {
	char name[PLATFORM_NAME_SIZE];
	unsigned long driver_data;
};

struct of_device_id {
	char name[32];
	char type[32];
	char compatible[128];
	const void *data;
};

struct dev_pm_ops;

struct device_driver {
	const char *name;
	struct module *owner;
	const struct of_device_id *of_match_table;
	const void *acpi_match_table;		   /* not used */
	const struct attribute_group **groups;	   /* not served (no driver directory) */
	const struct attribute_group **dev_groups; /* served for each bound device */
	bool suppress_bind_attrs;
	int probe_type;
	const struct dev_pm_ops *pm; /* runtime PM callbacks (<libcdev/pm.h>) */
};

/* ---- devices and drivers ---- */

struct platform_device_property;

/*
 * A device-tree node (include/linux/of.h): a described device with a
 * "compatible" property has one, as a device the kernel made from the device
 * tree, and its properties are the node's; it has no parent or children.
 */
struct reserved_mem_ops;

/*
 * A region of reserved memory (include/linux/of_reserved_mem.h): the first
 * mem= region of a node described with the property "reserved-memory", as
 * the kernel makes one for each node under /reserved-memory at boot.
 */
struct reserved_mem {
	const char *name; /* the node's full name */
	unsigned long fdt_node;
	unsigned long phandle;
	const struct reserved_mem_ops *ops;
	uint64_t base;
	uint64_t size;
	void *priv;
};

struct device_node {
	const char *name;      /* the device's name */
	const char *full_name; /* NAME@START of its first register region, or NAME */
	/* private */
	struct device *dev;
	char full_name_buf[40];
	struct reserved_mem rmem; /* size 0: not a reserved-memory node */
};

struct platform_device {
	const char *name;
	int id;
	bool id_auto;
	struct device dev;
	unsigned int num_resources;
	struct resource *resource;
	const struct platform_device_id *id_entry;
	/* private */
	struct platform_device_property *props;
	const struct of_device_id *of_match; /* the entry it matched, for device_get_match_data() */
	struct platform_device *next;
	bool registered;
	bool described;		    /* from a description: the library owns it */
	bool allocated;		    /* by platform_device_alloc(): freed by the last put */
	struct device_node of_node; /* dev.of_node, when described with "compatible" */
};

#define to_platform_device(x) container_of(x, struct platform_device, dev)

struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*remove_new)(struct platform_device *); /* 6.6: the one that returns nothing */
	void (*shutdown)(struct platform_device *);
	struct device_driver driver;
	const struct platform_device_id *id_table;
	bool prevent_deferred_probe;
	/* private */
	struct platform_driver *next;
};

#define to_platform_driver(drv) container_of(drv, struct platform_driver, driver)

/**
 * __platform_driver_register - register @drv for @owner, and probe the devices it matches
 *
 * A probe() that fails leaves the device unbound, its devm resources
 * released; -ENODEV and -ENXIO quietly, other errors with a message, as
 * the kernel does. -EPROBE_DEFER is not retried (there is nothing to wait for).
 *
 * Return: 0; -EINVAL (no name or probe); -EBUSY (registered already).
 */
int __platform_driver_register(struct platform_driver *drv, struct module *owner);
#define platform_driver_register(drv) __platform_driver_register(drv, THIS_MODULE)
/** platform_driver_unregister - remove() each bound device, then forget @drv */
void platform_driver_unregister(struct platform_driver *drv);

/* How a driver asks to be probed (enum probe_type); probing here is always synchronous. */
enum probe_type {
	PROBE_DEFAULT_STRATEGY,
	PROBE_PREFER_ASYNCHRONOUS,
	PROBE_FORCE_SYNCHRONOUS,
};

/**
 * __platform_driver_probe - register @drv and probe, with @probe, the
 * devices there are now, and no later one: @probe may be an __init function
 * (a device added afterwards fails to bind, -ENXIO)
 *
 * Return: 0 when a device is bound; -ENODEV when none is (@drv is then
 * unregistered); -EINVAL for an asynchronous @drv; as __platform_driver_register().
 */
int __platform_driver_probe(struct platform_driver *drv, int (*probe)(struct platform_device *),
			    struct module *module);
#define platform_driver_probe(drv, probe) __platform_driver_probe(drv, probe, THIS_MODULE)

/**
 * platform_device_register - add @pdev (name, id, resources set) and bind it
 *
 * Return: 0; -EEXIST (a device of that name and id exists); -EINVAL; -ENOMEM.
 */
int platform_device_register(struct platform_device *pdev);
/** platform_device_unregister - unbind @pdev (its driver's remove()), forget it, put it */
void platform_device_unregister(struct platform_device *pdev);

/** platform_device_alloc - a device to fill and platform_device_add(); freed by its last put */
struct platform_device *platform_device_alloc(const char *name, int id);
/** platform_device_add_resources - copies @res (and each name) into @pdev */
int platform_device_add_resources(struct platform_device *pdev, const struct resource *res,
				  unsigned int num);
int platform_device_add_data(struct platform_device *pdev, const void *data, size_t size);
int platform_device_add(struct platform_device *pdev);
void platform_device_del(struct platform_device *pdev);
void platform_device_put(struct platform_device *pdev);
/** platform_device_register_simple - alloc, add resources, add; ERR_PTR() on failure */
struct platform_device *platform_device_register_simple(const char *name, int id,
							const struct resource *res,
							unsigned int num);

/** platform_get_resource - the @num-th resource of @type (IORESOURCE_MEM, _IRQ), or NULL */
struct resource *platform_get_resource(struct platform_device *pdev, unsigned int type,
				       unsigned int num);
struct resource *platform_get_resource_byname(struct platform_device *pdev, unsigned int type,
					      const char *name);
/**
 * platform_get_irq - the IRQ number of the @num-th IRQ resource
 * Return: the number (> 0), or -ENXIO with a message "IRQ index N not found".
 */
int platform_get_irq(struct platform_device *pdev, unsigned int num);
/** platform_get_irq_optional - platform_get_irq() without the message */
int platform_get_irq_optional(struct platform_device *pdev, unsigned int num);
/** platform_irq_count - how many IRQ resources @pdev has */
int platform_irq_count(struct platform_device *pdev);

/* ---- properties (include/linux/property.h) ---- */

/** device_property_present - whether the description of @dev has KEY */
bool device_property_present(const struct device *dev, const char *propname);
/** device_property_read_u32 - KEY=VALUE as a number (0x for hexadecimal); -EINVAL if absent, -EOVERFLOW/-EPROTO if not a u32 */
int device_property_read_u32(const struct device *dev, const char *propname, uint32_t *val);
int device_property_read_u64(const struct device *dev, const char *propname, uint64_t *val);
/**
 * device_property_read_u32_array - the numbers of KEY=N,N,... (a single
 * number is an array of one): the first @nval into @val, or with @val NULL
 * their count. Return: 0 (or the count), -EINVAL if absent, -EPROTO if not
 * numbers, -EOVERFLOW if fewer than @nval or one does not fit.
 * device_property_read_u32()/_u64() read the first.
 */
int device_property_read_u32_array(const struct device *dev, const char *propname, uint32_t *val,
				   size_t nval);
int device_property_read_u64_array(const struct device *dev, const char *propname, uint64_t *val,
				   size_t nval);
/** device_property_read_string - the VALUE itself, valid while the device lives */
int device_property_read_string(const struct device *dev, const char *propname, const char **val);
/**
 * device_property_read_string_array - the values of KEY given several times
 * (compatible=a,b compatible=c,d: two strings), the first @nval into @val,
 * or with @val NULL their count. Return: how many were read, or -EINVAL.
 */
int device_property_read_string_array(const struct device *dev, const char *propname,
				      const char **val, size_t nval);
/** device_property_match_string - the index of @string among KEY's values; -EINVAL if absent, -ENODATA if not there */
int device_property_match_string(const struct device *dev, const char *propname,
				 const char *string);
/** device_get_match_data - the .data of the of_device_id entry the device matched, or NULL */
const void *device_get_match_data(const struct device *dev);
/** dev_driver_string - the bound driver's name, else the bus's or class's, else "" */
const char *dev_driver_string(const struct device *dev);

/* ---- device-tree nodes (include/linux/of.h, drivers/of/base.c) ---- */

/** of_device_is_compatible - > 0 if @compat is one of @np's compatible values (the first scores highest), else 0 */
int of_device_is_compatible(const struct device_node *np, const char *compat);
/** of_match_node - the entry of @matches that best matches @np (compatible, then name), or NULL */
const struct of_device_id *of_match_node(const struct of_device_id *matches,
					 const struct device_node *np);
/** of_property_read_u32_index - the @index-th number of a list; -EINVAL if absent, -EOVERFLOW if fewer */
int of_property_read_u32_index(const struct device_node *np, const char *propname, uint32_t index,
			       uint32_t *out_value);
/** of_property_read_string_index - the @index-th value of a string list (a key given several times); -EINVAL if absent, -ENODATA if fewer */
int of_property_read_string_index(const struct device_node *np, const char *propname, int index,
				  const char **output);
/*
 * A node's property as the kernel's struct property has it: @value holds
 * the described values of the key, each ending in a NUL as a device tree's
 * string list does ("a", "a\0b\0" for a key given twice), @length their
 * bytes; a key given without a value has length 0. Numbers stay text: read
 * them with of_property_read_u32() and the others.
 */
struct property {
	char *name;
	int length;
	void *value;
	struct property *next; /* always NULL: a node's properties are not listed */
};
/** of_find_property - @np's property @name (its length into @lenp if not NULL), or NULL; lives as long as the node */
struct property *of_find_property(const struct device_node *np, const char *name, int *lenp);
/** of_match_device - of_match_node() for @dev's node */
const struct of_device_id *of_match_device(const struct of_device_id *matches,
					   const struct device *dev);

/* ---- managed resources (drivers/base/devres.c) ---- */

/**
 * devm_add_action - call @action(@data) when @dev is unbound, after its
 * driver's remove(), in reverse order of the devm_* calls
 * Return: 0 or -ENOMEM.
 */
int devm_add_action(struct device *dev, void (*action)(void *), void *data);
/** devm_add_action_or_reset - devm_add_action(), or @action(@data) at once if it fails */
int devm_add_action_or_reset(struct device *dev, void (*action)(void *), void *data);
/** devm_remove_action - forget the action without calling it */
void devm_remove_action(struct device *dev, void (*action)(void *), void *data);
/** devm_release_action - call it now and forget it */
void devm_release_action(struct device *dev, void (*action)(void *), void *data);
/** devm_kmalloc - memory freed at unbind (zeroed by __GFP_ZERO or devm_kzalloc()) */
void *devm_kmalloc(struct device *dev, size_t size, unsigned int gfp);
void devm_kfree(struct device *dev, const void *p);
char *devm_kstrdup(struct device *dev, const char *s, unsigned int gfp);
char *devm_kasprintf(struct device *dev, unsigned int gfp, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/** libcdev_devres_release_all - release @dev's managed resources now, newest first */
void libcdev_devres_release_all(struct device *dev);
/** libcdev_devres_count - how many managed resources @dev holds (for tests) */
unsigned int libcdev_devres_count(const struct device *dev);

/* ---- described devices ---- */

/**
 * libcdev_platform_describe - register a platform device from one line
 * @line: "NAME[.ID] [irq=N]... [mem=START+SIZE]... [KEY=VALUE]...": IRQ
 *        lines numbered 1 to 1023 (the resource's index is its place among
 *        the irq= words), register banks of START (hexadecimal with 0x) and
 *        SIZE bytes (at most 1 MiB), anything else a property
 * @pdevp: set to the device if not NULL
 *
 * The library owns the device; platform_device_unregister() takes it away.
 *
 * Return: 0; -EINVAL (a malformed line, with a message naming the word);
 * -EEXIST; -ENOMEM.
 */
int libcdev_platform_describe(const char *line, struct platform_device **pdevp);

/**
 * libcdev_platform_describe_file - one device per line of @path; '#'
 * starts a comment, blank lines are skipped
 * Return: 0, or the first line's error (with its line number in the
 * message); the devices of the lines before it stay registered.
 */
int libcdev_platform_describe_file(const char *path);

/** libcdev_platform_forget_described - unregister every described device (at the host's end) */
void libcdev_platform_forget_described(void);

#endif
