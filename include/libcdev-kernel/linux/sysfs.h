/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/sysfs.h>: attributes and groups, from libcdev's
 * <libcdev/sysfs.h>, where they are served as nodes below /dev/sys/
 * (libcdev-kernel(7)); __ATTR*(), ATTRIBUTE_GROUPS(), sysfs_emit(), and the
 * binary attributes' BIN_ATTR*().
 */
#ifndef LIBCDEV_KERNEL_LINUX_SYSFS_H
#define LIBCDEV_KERNEL_LINUX_SYSFS_H

#include <stdarg.h>
#include <stdio.h>

#include <linux/compiler.h>
/* As the kernel's does through <linux/kernfs.h>: drivers name ida and idr with only this. */
#include <linux/idr.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <libcdev/sysfs.h>

#define __ATTR(_name, _mode, _show, _store)                                             \
	{                                                                               \
		.attr = { .name = __stringify(_name), .mode = (_mode) }, .show = _show, \
		.store = _store,                                                        \
	}
#define __ATTR_RO_MODE(_name, _mode)                                                           \
	{                                                                                      \
		.attr = { .name = __stringify(_name), .mode = (_mode) }, .show = _name##_show, \
	}
#define __ATTR_RO(_name) __ATTR_RO_MODE(_name, 0444)
#define __ATTR_RW_MODE(_name, _mode)                                                           \
	{                                                                                      \
		.attr = { .name = __stringify(_name), .mode = (_mode) }, .show = _name##_show, \
		.store = _name##_store,                                                        \
	}
#define __ATTR_RW(_name) __ATTR_RW_MODE(_name, 0644)
#define __ATTR_WO(_name)                                                                      \
	{                                                                                     \
		.attr = { .name = __stringify(_name), .mode = 0200 }, .store = _name##_store, \
	}
#define __ATTR_NULL                     \
	{                               \
		.attr = {.name = NULL } \
	}

#define __BIN_ATTR(_name, _mode, _read, _write, _size)                                  \
	{                                                                               \
		.attr = { .name = __stringify(_name), .mode = (_mode) }, .read = _read, \
		.write = _write, .size = (_size),                                       \
	}
#define __BIN_ATTR_RO(_name, _size) __BIN_ATTR(_name, 0444, _name##_read, NULL, _size)
#define __BIN_ATTR_WO(_name, _size) __BIN_ATTR(_name, 0200, NULL, _name##_write, _size)
#define __BIN_ATTR_RW(_name, _size) __BIN_ATTR(_name, 0644, _name##_read, _name##_write, _size)
#define BIN_ATTR(_name, _mode, _read, _write, _size) \
	struct bin_attribute bin_attr_##_name = __BIN_ATTR(_name, _mode, _read, _write, _size)
#define BIN_ATTR_RO(_name, _size) \
	struct bin_attribute bin_attr_##_name = __BIN_ATTR_RO(_name, _size)
#define BIN_ATTR_WO(_name, _size) \
	struct bin_attribute bin_attr_##_name = __BIN_ATTR_WO(_name, _size)
#define BIN_ATTR_RW(_name, _size) \
	struct bin_attribute bin_attr_##_name = __BIN_ATTR_RW(_name, _size)
/* For lockdep in the kernel; nothing to set up here. */
#define sysfs_bin_attr_init(bin_attr) ((void)(bin_attr))
#define sysfs_attr_init(attr)	      ((void)(attr))

#define __ATTRIBUTE_GROUPS(_name)                                 \
	static const struct attribute_group *_name##_groups[] = { \
		&_name##_group,                                   \
		NULL,                                             \
	}
#define ATTRIBUTE_GROUPS(_name)                               \
	static const struct attribute_group _name##_group = { \
		.attrs = _name##_attrs,                       \
	};                                                    \
	__ATTRIBUTE_GROUPS(_name)

/* sysfs_emit - print into an attribute's page (->show()'s buf) */
static inline __printf(2, 3) int sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, LIBCDEV_ATTR_PAGE, fmt, ap);
	va_end(ap);
	return n < 0 ? 0 : n >= LIBCDEV_ATTR_PAGE ? LIBCDEV_ATTR_PAGE - 1 : n;
}

/* sysfs_emit_at - print at offset @at of the page */
static inline __printf(3, 4) int sysfs_emit_at(char *buf, int at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (at < 0 || at >= LIBCDEV_ATTR_PAGE)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf + at, (size_t)(LIBCDEV_ATTR_PAGE - at), fmt, ap);
	va_end(ap);
	return n < 0 ? 0 : n >= LIBCDEV_ATTR_PAGE - at ? LIBCDEV_ATTR_PAGE - at - 1 : n;
}

#endif
