/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/tty/sysrq.c:
 * the table of SysRq actions drivers register, one per key '0'-'9',
 * 'a'-'z' and 'A'-'Z' as in the kernel. The kernel's own actions belong to
 * the host kernel: a key no driver took is logged, not acted on.
 */
#include <pthread.h>
#include <syslog.h>

#include <libcdev/sysrq.h>

#include "core/core.h"

static const struct sysrq_key_op *actions[62];
static pthread_mutex_t actions_lock = PTHREAD_MUTEX_INITIALIZER;

/* The slot of @key, or -1 for a key the kernel has no slot for. */
static int key_slot(int key)
{
	if (key >= '0' && key <= '9')
		return key - '0';
	if (key >= 'a' && key <= 'z')
		return key - 'a' + 10;
	if (key >= 'A' && key <= 'Z')
		return key - 'A' + 36;
	return -1;
}

/* Put @to in @key's slot if @from is there: 0, or -1 as the kernel returns. */
static int swap_action(int key, const struct sysrq_key_op *from, const struct sysrq_key_op *to)
{
	int slot = key_slot(key), ret = -1;

	if (slot < 0)
		return -1;
	pthread_mutex_lock(&actions_lock);
	if (actions[slot] == from) {
		actions[slot] = to;
		ret = 0;
	}
	pthread_mutex_unlock(&actions_lock);
	return ret;
}

_public_ int register_sysrq_key(int key, const struct sysrq_key_op *op)
{
	return swap_action(key, NULL, op);
}

_public_ int unregister_sysrq_key(int key, const struct sysrq_key_op *op)
{
	return swap_action(key, op, NULL);
}

_public_ void handle_sysrq(int key)
{
	const struct sysrq_key_op *op = NULL;
	int slot = key_slot(key);

	if (slot >= 0) {
		pthread_mutex_lock(&actions_lock);
		op = actions[slot];
		pthread_mutex_unlock(&actions_lock);
	}
	if (!op) {
		libcdev_log(LOG_INFO,
			    "sysrq: '%c': no driver's action; the kernel's own is the "
			    "host kernel's",
			    key);
		return;
	}
	libcdev_log(LOG_INFO, "sysrq: %s", op->action_msg ? op->action_msg : "");
	op->handler(key);
}
