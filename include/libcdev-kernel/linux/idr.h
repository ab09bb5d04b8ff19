/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/idr.h>, from libcdev's <libcdev/idr.h>: ID
 * allocators. An idr maps ids to pointers (the caller locks, as in the
 * kernel); an ida hands out ids and locks itself. Their memory is the
 * module's that initialised them.
 */
#ifndef LIBCDEV_KERNEL_LINUX_IDR_H
#define LIBCDEV_KERNEL_LINUX_IDR_H

#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/types.h>
#include <libcdev/idr.h>
#include <libcdev/module.h>

#define IDR_INIT(name)	 LIBCDEV_IDR_INIT(THIS_MODULE)
#define DEFINE_IDR(name) struct idr name = IDR_INIT(name)
#define idr_init(idr)	 libcdev_idr_init(idr, THIS_MODULE)

#define IDA_INIT(name)	 LIBCDEV_IDA_INIT(THIS_MODULE)
#define DEFINE_IDA(name) struct ida name = IDA_INIT(name)
#define ida_init(ida)	 libcdev_ida_init(ida, THIS_MODULE)

#endif
