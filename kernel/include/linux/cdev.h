/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/cdev.h>: struct cdev, cdev_init()/cdev_alloc(),
 * cdev_add() (each device number becomes a CUSE node at once) and cdev_del().
 */
#ifndef LIBCDEV_KERNEL_LINUX_CDEV_H
#define LIBCDEV_KERNEL_LINUX_CDEV_H

#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/list.h>
#include <linux/module.h>
#include <libcdev/cdev.h>

#endif
