/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libcdev-kernel - <linux/stddef.h>: NULL, offsetof, true/false, sizeof_field. */
#ifndef LIBCDEV_KERNEL_LINUX_STDDEF_H
#define LIBCDEV_KERNEL_LINUX_STDDEF_H

#include <stdbool.h>
#include <stddef.h>

#define sizeof_field(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))
#define offsetofend(TYPE, MEMBER)  (offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))

#endif
