/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - Linux char-device drivers in user space.
 *
 * The umbrella header: the kernel's char-device API (see libcdev(7)) plus the
 * library's own calls, which all start with cdev_direct_ or libcdev_.
 */
#ifndef LIBCDEV_LIBCDEV_H
#define LIBCDEV_LIBCDEV_H

#include <stdarg.h>

#include <libcdev/compiler.h>
#include <libcdev/kdev_t.h>
#include <libcdev/kobject.h>
#include <libcdev/module.h>
#include <libcdev/fs.h>
#include <libcdev/cdev.h>
#include <libcdev/uaccess.h>
#include <libcdev/sched.h>
#include <libcdev/wait.h>
#include <libcdev/poll.h>
#include <libcdev/direct.h>
#include <libcdev/err.h>
#include <libcdev/device.h>
#include <libcdev/backend.h>
#include <libcdev/moduleparam.h>
#include <libcdev/printk.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*libcdev_log_fn)(int priority, const char *fmt, va_list args);

/**
 * libcdev_set_log_fn - take the library's messages
 * @fn: called for each message at or above @priority, the library's and
 *      drivers' printk() ones ("MODULE: message"); NULL prints to stderr
 * @priority: a syslog(3) priority such as LOG_ERR or LOG_DEBUG; -1 for none
 */
void libcdev_set_log_fn(libcdev_log_fn fn, int priority);

#ifdef __cplusplus
}
#endif

#endif
