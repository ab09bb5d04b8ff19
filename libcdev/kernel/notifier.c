/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/notifier.c:
 * notifier chains. A chain is a singly linked list sorted by priority,
 * highest first; a block joins after those of its own priority, so that
 * among equals the first registered is called first, as in the kernel.
 * Registering a block already on the chain is refused with a warning, as
 * the kernel refuses it since 5.16.
 */
#include <errno.h>

#include <libcdev/notifier.h>

#include "core/core.h"

static int chain_register(struct libcdev_notifier_head *nh, struct notifier_block *n)
{
	struct notifier_block **pos;
	int ret = 0;

	pthread_mutex_lock(&nh->lock);
	for (pos = &nh->head; *pos; pos = &(*pos)->next) {
		if (*pos == n) {
			pr_err_lib("notifier callback %p already registered",
				   (void *)n->notifier_call);
			ret = -EEXIST;
			goto out;
		}
		if (n->priority > (*pos)->priority)
			break;
	}
	/* A later block of the same priority may follow: keep looking for @n. */
	for (struct notifier_block *rest = *pos; rest; rest = rest->next) {
		if (rest == n) {
			pr_err_lib("notifier callback %p already registered",
				   (void *)n->notifier_call);
			ret = -EEXIST;
			goto out;
		}
	}
	n->next = *pos;
	*pos = n;
out:
	pthread_mutex_unlock(&nh->lock);
	return ret;
}

static int chain_unregister(struct libcdev_notifier_head *nh, struct notifier_block *n)
{
	struct notifier_block **pos;
	int ret = -ENOENT;

	pthread_mutex_lock(&nh->lock);
	for (pos = &nh->head; *pos; pos = &(*pos)->next) {
		if (*pos == n) {
			*pos = n->next;
			ret = 0;
			break;
		}
	}
	pthread_mutex_unlock(&nh->lock);
	return ret;
}

/* Call each block until one says stop; the last value returned, NOTIFY_DONE for none. */
static int chain_call(struct libcdev_notifier_head *nh, unsigned long val, void *v)
{
	int ret = NOTIFY_DONE;

	pthread_mutex_lock(&nh->lock);
	for (struct notifier_block *nb = nh->head; nb; nb = nb->next) {
		ret = nb->notifier_call(nb, val, v);
		if (ret & NOTIFY_STOP_MASK)
			break;
	}
	pthread_mutex_unlock(&nh->lock);
	return ret;
}

_public_ int atomic_notifier_chain_register(struct atomic_notifier_head *nh,
					    struct notifier_block *nb)
{
	return chain_register(&nh->chain, nb);
}

_public_ int atomic_notifier_chain_unregister(struct atomic_notifier_head *nh,
					      struct notifier_block *nb)
{
	return chain_unregister(&nh->chain, nb);
}

_public_ int atomic_notifier_call_chain(struct atomic_notifier_head *nh, unsigned long val, void *v)
{
	return chain_call(&nh->chain, val, v);
}

_public_ int blocking_notifier_chain_register(struct blocking_notifier_head *nh,
					      struct notifier_block *nb)
{
	return chain_register(&nh->chain, nb);
}

_public_ int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
						struct notifier_block *nb)
{
	return chain_unregister(&nh->chain, nb);
}

_public_ int blocking_notifier_call_chain(struct blocking_notifier_head *nh, unsigned long val,
					  void *v)
{
	return chain_call(&nh->chain, val, v);
}

/* Under the chain's lock for both rounds, so no block joins or leaves between them. */
_public_ int blocking_notifier_call_chain_robust(struct blocking_notifier_head *nh,
						 unsigned long val_up, unsigned long val_down,
						 void *v)
{
	struct libcdev_notifier_head *chain = &nh->chain;
	struct notifier_block *nb, *stopped = NULL;
	int ret = NOTIFY_DONE;

	pthread_mutex_lock(&chain->lock);
	for (nb = chain->head; nb; nb = nb->next) {
		ret = nb->notifier_call(nb, val_up, v);
		if (ret & NOTIFY_STOP_MASK) {
			stopped = nb;
			break;
		}
	}
	for (nb = chain->head; stopped && nb != stopped; nb = nb->next)
		nb->notifier_call(nb, val_down, v);
	pthread_mutex_unlock(&chain->lock);
	return ret;
}

_public_ int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *nb)
{
	return chain_register(&nh->chain, nb);
}

_public_ int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *nb)
{
	return chain_unregister(&nh->chain, nb);
}

_public_ int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val, void *v)
{
	return chain_call(&nh->chain, val, v);
}
