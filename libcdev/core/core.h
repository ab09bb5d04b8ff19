/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the library's common declarations: attributes, the one log
 * writer, the system-wide region registry, atomic counters, and the few
 * calls one folder of libcdev/ makes into another.
 *
 * Included by: every file of libcdev/. The backends get what they need of it
 * through backend/backend.h; nothing outside the library includes it.
 */
#ifndef LIBCDEV_CORE_H
#define LIBCDEV_CORE_H

#include <stdarg.h>
#include <stdbool.h>
#include <syslog.h>

#include <libcdev/libcdev.h>

#define _public_       __attribute__((visibility("default")))
/* What the library's exported symbols of kernel names begin with (libcdev/names.h). */
#define LIBCDEV_PREFIX "libcdev_"
#define _printf_(a, b) __attribute__((format(printf, a, b)))
/* A path out of a function every request calls: its frame stays off the common one. */
#define _noinline_     __attribute__((noinline))
#define _cold_	       __attribute__((noinline, cold))
/*
 * For the thread-local variables every request touches: in the static TLS
 * block, reached without a __tls_get_addr() call. The library is linked by
 * the programs that use it, and a dlopen() of it still finds room, as these
 * few bytes fit in the surplus the C library keeps for that.
 */
#define _tls_hot_      __attribute__((tls_model("initial-exec")))
/*
 * For what a direct-call trampoline's C callee calls (trace_printk()): the
 * kernel keeps its stack 8-byte aligned, and a trampoline written for it
 * (one push before its call) enters C that way; the function realigns.
 */
#if defined(__x86_64__) || defined(__i386__)
#define _realign_stack_ __attribute__((force_align_arg_pointer))
#else
#define _realign_stack_
#endif

/* Logging: through the application's function, or to stderr (libcdev_set_log_fn()). */
void libcdev_log(int priority, const char *fmt, ...) _printf_(2, 3);
#define pr_dbg(...)	libcdev_log(LOG_DEBUG, __VA_ARGS__)
#define pr_err_lib(...) libcdev_log(LOG_ERR, __VA_ARGS__)
/* The longest message; the rest is cut. */
#define LOG_LINE_MAX	1024
/* Whether a message of @priority passes the one threshold (LIBCDEV_LOG or libcdev_set_log_fn()). */
bool libcdev_log_enabled(int priority);
/* vsnprintf() with the kernel's %p formats (lib/vsprintf.c): printk(), seq_printf(). */
int kvsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
/* printk()'s message: "MODULE: LEVEL_NAMEtext" through the library's one writer. */
void log_printk(int level, const char *module, const char *level_name, const char *text);

/* The system-wide region registry (registry.c). */
struct region_req {
	unsigned int major; /* 0: find a dynamic major */
	unsigned int baseminor;
	unsigned int count;
	const char *name;
};

int registry_reserve(struct region_req *reqs, unsigned int n);
void registry_release(unsigned int major, unsigned int baseminor, unsigned int count);
/* Whether the running kernel lists @major in /proc/devices (a CUSE node cannot use it). */
bool registry_kernel_holds_major(unsigned int major);
/* The name of the region this process registered that holds @dev; -ENOENT if none. */
int registry_name_of(dev_t dev, char *buf, size_t size);

/*
 * Between the library's folders: each call's folder declares it here, and
 * nowhere else, so that no folder includes another folder's private header.
 */
/*
 * A driver's code may run from here on (a module, a region, a file operation,
 * a timer, ...): `jiffies` is current and its tick runs (kernel/time/jiffies.c).
 */
void jiffies_touch(void);
/* After a driver's function @fn (a file operation, a callback) returned: locks left held (kernel/checks.c). */
void kcheck_on_return(const char *what, const void *fn);
/* Platform drivers a module left registered, unregistered at its unload (drivers/base/platform.c). */
int platform_module_stop(struct module *mod);
/* SPI drivers a module left registered, unregistered at its unload (drivers/spi/spi.c). */
int spi_module_stop(struct module *mod);
/* printk() at @level (KERN_*) for the code at @caller: a library call a driver made (printk.c). */
int printk_for(const void *caller, const char *level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int rpmsg_module_stop(struct module *mod);
/* /proc entries a module left, removed at its unload (fs/proc.c). */
int proc_module_stop(struct module *mod);
/*
 * A platform device described with model=mc146818: its first port region
 * is refused when it has no data port, and becomes the simulated CMOS when
 * the device is added, before any driver binds (drivers/rtc/rtc-mc146818-sim.c).
 */
struct platform_device;
int mc146818_sim_check(struct platform_device *pdev);
void mc146818_sim_attach(struct platform_device *pdev);
/*
 * The MSRs a described platform device brings, msr=ADDR=VALUE,... : refused
 * when not well formed (at its description), made when the device is added
 * (-EBUSY if another device has one of them), gone when it is deleted
 * (arch/x86/lib/msr.c).
 */
int msr_sim_check(struct platform_device *pdev);
int msr_sim_attach(struct platform_device *pdev);
void msr_sim_detach(struct platform_device *pdev);
/* The @n-th value of the described property @name of a device of any bus, or NULL (drivers/base/property.c). */
const char *device_prop_nth(const struct device *dev, const char *name, unsigned int n);
/*
 * A property of a described device of any bus: KEY=VALUE, in the order
 * given. Made by the description parsers of the buses
 * (drivers/base/describe.c, drivers/i2c/i2c-describe.c,
 * drivers/spi/describe.c), read by drivers/base/property.c.
 */
struct property;
struct platform_device_property {
	struct platform_device_property *next;
	char *key;
	char *value;
	struct property *of_prop; /* of_find_property()'s, made on first use (one allocation) */
};
/* Append KEY (@keylen bytes of @key) = @value to the list at @list: 0 or -ENOMEM. */
int props_append(struct platform_device_property **list, const char *key, size_t keylen,
		 const char *value);
/* Free the list of properties at @p. */
void props_free(struct platform_device_property *p);
struct device;
struct device_node;
/*
 * A described device with a "compatible" property gets the device-tree node
 * the kernel would have made from it: @np, named @name, its full name
 * NAME@@UNIT (NAME without @unit), made @dev's of_node. Nothing without one.
 */
void props_of_node(struct device *dev, struct device_node *np, const char *name, const char *unit,
		   const struct platform_device_property *props);
/*
 * A bus device's own directory, sys/devices/platform/NAME or
 * sys/bus/BUS/devices/NAME (drivers/base/core.c), where a driver's
 * sysfs_create_group(&dev->kobj, ...) puts its files; gone with _del().
 */
int device_sysfs_add(struct device *dev);
void device_sysfs_del(struct device *dev);
/* A reference on sys/class/NAME of @cls, made at first use (drivers/base/class.c); NULL without memory. */
struct kobject *class_dir_get(struct class *cls);
/* I2C drivers a module left registered, unregistered at its unload (drivers/i2c/i2c-core-base.c). */
int i2c_module_stop(struct module *mod);
/* The attribute files of a device or class, removed with it (fs/kernfs.c). */
void kfs_remove_device(struct device *dev);
void kfs_remove_class(const struct class *cls);
/* A kobject's directory (fs/sysfs.c), and everything in and below it taken away. */
struct kobject;
int kfs_kobject_add_dir(struct kobject *kobj);
void kfs_kobject_remove(struct kobject *kobj);
/* "sys/PARENT/.../NAME" of a named kobject (lib/kobject.c); -EINVAL, -ENAMETOOLONG. */
int kobject_path(const struct kobject *kobj, char *buf, size_t size);
/*
 * The files of tracefs, below sys/kernel/tracing (fs/tracefs.c), for
 * kernel/trace/: @name may hold slashes (the directories are only names).
 */
struct dentry;
struct file_operations;
struct dentry *tracefs_create_file(const char *name, unsigned short mode, struct dentry *parent,
				   void *data, const struct file_operations *fops);
void tracefs_remove(struct dentry *dentry);

/*
 * kmalloc() and krealloc() for memory the library keeps on behalf of a
 * driver (seq_file buffers, idr arrays, proc entries): accounted to @owner
 * as the driver's own kmalloc() would be, so what it leaves at unload is
 * reported (checks.c). @gfp holds the bits of <linux/gfp.h>; the two below
 * are the ones looked at. kmem_free() is kfree().
 */
#define KMEM_ZERO			  0x100u /* __GFP_ZERO */
#define KMEM_MAY_SLEEP			  0x400u /* __GFP_DIRECT_RECLAIM, part of GFP_KERNEL */
#define kmem_alloc(size, gfp, owner)	  kmem_realloc_at(NULL, size, gfp, owner, __FILE__, __LINE__)
#define kmem_realloc(p, size, gfp, owner) kmem_realloc_at(p, size, gfp, owner, __FILE__, __LINE__)
void *kmem_realloc_at(void *p, size_t size, unsigned int gfp, struct module *owner,
		      const char *file, int line);
void kmem_free(const void *p);

/* Atomic helpers for the int counters in public structs. */
static inline int atomic_read_int(const int *v)
{
	return __atomic_load_n(v, __ATOMIC_ACQUIRE);
}

static inline void atomic_set_int(int *v, int i)
{
	__atomic_store_n(v, i, __ATOMIC_RELEASE);
}

static inline int atomic_inc_return(int *v)
{
	return __atomic_add_fetch(v, 1, __ATOMIC_ACQ_REL);
}

static inline int atomic_dec_return(int *v)
{
	return __atomic_sub_fetch(v, 1, __ATOMIC_ACQ_REL);
}

/* Add one unless the value is zero; true if added. */
static inline bool atomic_inc_not_zero(int *v)
{
	int old = atomic_read_int(v);

	while (old != 0)
		if (__atomic_compare_exchange_n(v, &old, old + 1, false, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return true;
	return false;
}

/* The direct-call sites: FTRACE_DIRECT_SITE() makes a library function traceable. */
#include "core/ftrace_site.h"

#endif
