/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - magic SysRq keys of drivers, after include/linux/sysrq.h and
 * drivers/tty/sysrq.c: a driver registers an action on a key, and
 * handle_sysrq() runs it. The kernel's own actions (show tasks, sync,
 * reboot, ...) are the host kernel's: for a key no driver registered,
 * handle_sysrq() only logs that it was pressed.
 */
#ifndef LIBCDEV_SYSRQ_H
#define LIBCDEV_SYSRQ_H

#include <libcdev/names.h>

#define SYSRQ_ENABLE_LOG      0x0002
#define SYSRQ_ENABLE_KEYBOARD 0x0004
#define SYSRQ_ENABLE_DUMP     0x0008
#define SYSRQ_ENABLE_SYNC     0x0010
#define SYSRQ_ENABLE_REMOUNT  0x0020
#define SYSRQ_ENABLE_SIGNAL   0x0040
#define SYSRQ_ENABLE_BOOT     0x0080
#define SYSRQ_ENABLE_RTNICE   0x0100

struct sysrq_key_op {
	void (*const handler)(int key);
	const char *const help_msg;
	const char *const action_msg;
	const int enable_mask;
};

void handle_sysrq(int key);
/* 0, or -1 when the key has another action (the kernel's values). */
int register_sysrq_key(int key, const struct sysrq_key_op *op);
int unregister_sysrq_key(int key, const struct sysrq_key_op *op);

#endif
