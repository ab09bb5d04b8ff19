/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - declarations shared by the library's own sources.
 */
#ifndef LIBCDEV_PRIVATE_H
#define LIBCDEV_PRIVATE_H

#include <stdarg.h>
#include <stdbool.h>
#include <syslog.h>

#include <libcdev/libcdev.h>

#define _public_ __attribute__((visibility("default")))
#define _printf_(a, b) __attribute__((format(printf, a, b)))
/* A path out of a function every request calls: its frame stays off the common one. */
#define _noinline_ __attribute__((noinline))
#define _cold_ __attribute__((noinline, cold))
/*
 * For the thread-local variables every request touches: in the static TLS
 * block, reached without a __tls_get_addr() call. The library is linked by
 * the programs that use it, and a dlopen() of it still finds room, as these
 * few bytes fit in the surplus the C library keeps for that.
 */
#define _tls_hot_ __attribute__((tls_model("initial-exec")))

/* Logging: through the application's function, or to stderr (libcdev_set_log_fn()). */
void libcdev_log(int priority, const char *fmt, ...) _printf_(2, 3);
#define pr_dbg(...)	libcdev_log(LOG_DEBUG, __VA_ARGS__)
#define pr_err_lib(...)	libcdev_log(LOG_ERR, __VA_ARGS__)
/* The longest message; the rest is cut. */
#define LOG_LINE_MAX 1024
/* Whether a message of @priority passes the one threshold (LIBCDEV_LOG or libcdev_set_log_fn()). */
bool libcdev_log_enabled(int priority);
/* printk()'s message: "MODULE: LEVEL_NAMEtext" through the library's one writer. */
void log_printk(int level, const char *module, const char *level_name, const char *text);

/* The system-wide region registry (registry.c). */
struct region_req {
	unsigned int major;		/* 0: find a dynamic major */
	unsigned int baseminor;
	unsigned int count;
	const char *name;
};

int registry_reserve(struct region_req *reqs, unsigned int n);
void registry_release(unsigned int major, unsigned int baseminor, unsigned int count);
/* Whether the running kernel lists @major in /proc/devices (a CUSE node cannot use it). */
bool registry_kernel_holds_major(unsigned int major);

/* The cdev map (char_dev.c): number -> the smallest live range holding it. */
struct cdev *cdev_lookup_get(dev_t dev);

/* Backends: told when ranges become live and when they go away. */
struct libcdev_backend {
	const char *name;
	int (*add)(struct cdev *cdev);		/* 0, or negative errno; nothing left on failure */
	void (*del)(struct cdev *cdev);
	void (*rename)(dev_t dev);		/* device_create() named a number */
};

/*
 * A backend as the core knows it (backend.c): each backend defines one in
 * its own folder, and the core includes none of their headers.
 */
struct libcdev_backend_type {
	const char *name;			/* as libcdev_backend_select() takes it */
	const char *label;			/* in messages */
	/* 0 when it can start here, else a negative errno; *what names what was tried. */
	int (*probe)(const char **what);
	/* Start once (later calls return the same); the backend, or ERR_PTR(-errno). */
	const struct libcdev_backend *(*start)(void);
	const char *(*location)(void);		/* where its nodes appear, once started */
	int (*set_location)(const char *dir);	/* optional: before the start */
	void (*stop)(void);			/* optional: for good, no cdev live */
};

/* A probe's test: whether @path can be opened read-write; 0 or a negative errno. */
int path_openable(const char *path);

/* Probe @type before its start, and say why it cannot start: "NAME: cannot open WHAT: ...". */
int backend_type_check(const struct libcdev_backend_type *type);

/* The backends built in; "auto" tries them in this order (backend.c). */
extern const struct libcdev_backend_type cuse_backend_type, fuse_backend_type;

/* Whether @name can name a node below /dev (device.c). */
bool node_name_valid(const char *name);

/* The name device_create() gave @devt; -ENOENT if none. */
int device_name_of(dev_t devt, char *buf, size_t size);

/* The device number device_create() gave the name @name; -ENOENT if none. */
int device_number_of(const char *name, dev_t *devt);

/* chmod() @dev's node to @mode (0: leave the backend's), as a udev rule would. */
void node_chmod(struct cdev *cdev, dev_t dev, unsigned short mode);

/* The path of @dev's node, below /dev or the FUSE mount (device.c). */
int node_name_for(struct cdev *cdev, dev_t dev, char *buf, size_t size);

/* The name of the region this process registered that holds @dev; -ENOENT if none. */
int registry_name_of(dev_t dev, char *buf, size_t size);

/* Whether any cdev is live (a backend may not change under live cdevs). */
bool cdev_map_empty(void);

int libcdev_backend_set(const struct libcdev_backend *backend);
const struct libcdev_backend *libcdev_backend_get(void);

/* Free the charp values the loader allocated for @mod (params.c). */
void params_free(struct module *mod);

/* printk() lines start with this module name (printk.c). */
void printk_set_prefix(const char *name);

/*
 * kmalloc() and krealloc() for memory the library keeps on behalf of a
 * driver (seq_file buffers, idr arrays, proc entries): accounted to @owner
 * as the driver's own kmalloc() would be, so what it leaves at unload is
 * reported (checks.c). @gfp holds the bits of <linux/gfp.h>; the two below
 * are the ones looked at. kmem_free() is kfree().
 */
#define KMEM_ZERO	0x100u		/* __GFP_ZERO */
#define KMEM_MAY_SLEEP	0x400u		/* __GFP_DIRECT_RECLAIM, part of GFP_KERNEL */
#define kmem_alloc(size, gfp, owner) \
	kmem_realloc_at(NULL, size, gfp, owner, __FILE__, __LINE__)
#define kmem_realloc(p, size, gfp, owner) \
	kmem_realloc_at(p, size, gfp, owner, __FILE__, __LINE__)
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
		if (__atomic_compare_exchange_n(v, &old, old + 1, false,
						__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return true;
	return false;
}

#endif
