/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - notifier chains, after include/linux/notifier.h and
 * kernel/notifier.c: callbacks called in order of priority (the highest
 * first, in order of registration among equals) until one returns a value
 * with NOTIFY_STOP_MASK.
 *
 * The three kinds of head have one implementation here: a mutex that
 * calls and changes take, so calls of one chain run one at a time; a
 * callback must not register or unregister on its own chain (it would wait
 * for itself, as on the kernel's blocking chains).
 */
#ifndef LIBCDEV_NOTIFIER_H
#define LIBCDEV_NOTIFIER_H

#include <pthread.h>

#include <libcdev/names.h>

struct notifier_block;
typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action, void *data);

struct notifier_block {
	notifier_fn_t notifier_call;
	struct notifier_block *next;
	int priority;
};

struct libcdev_notifier_head {
	pthread_mutex_t lock;
	struct notifier_block *head;
};

struct atomic_notifier_head {
	struct libcdev_notifier_head chain;
};
struct blocking_notifier_head {
	struct libcdev_notifier_head chain;
};
struct raw_notifier_head {
	struct libcdev_notifier_head chain;
};

#define NOTIFY_DONE	 0x0000
#define NOTIFY_OK	 0x0001
#define NOTIFY_STOP_MASK 0x8000
#define NOTIFY_BAD	 (NOTIFY_STOP_MASK | 0x0002)
#define NOTIFY_STOP	 (NOTIFY_OK | NOTIFY_STOP_MASK)

int atomic_notifier_chain_register(struct atomic_notifier_head *nh, struct notifier_block *nb);
int atomic_notifier_chain_unregister(struct atomic_notifier_head *nh, struct notifier_block *nb);
int atomic_notifier_call_chain(struct atomic_notifier_head *nh, unsigned long val, void *v);
int blocking_notifier_chain_register(struct blocking_notifier_head *nh, struct notifier_block *nb);
int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
				       struct notifier_block *nb);
int blocking_notifier_call_chain(struct blocking_notifier_head *nh, unsigned long val, void *v);
/**
 * blocking_notifier_call_chain_robust - @val_up to each block until one
 * stops the chain; then @val_down to each block called before that one, so
 * that those that prepared for a change take it back
 *
 * Return: the last block's return value, as blocking_notifier_call_chain().
 */
int blocking_notifier_call_chain_robust(struct blocking_notifier_head *nh, unsigned long val_up,
					unsigned long val_down, void *v);
int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *nb);
int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *nb);
int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val, void *v);

#endif
