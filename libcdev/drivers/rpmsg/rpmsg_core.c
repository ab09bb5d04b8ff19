/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/rpmsg/rpmsg_core.c: the rpmsg bus (<libcdev/rpmsg.h>)
 * with its remote processor simulated per channel. A driver binds a
 * channel by name; its default endpoint is made before probe() and
 * destroyed after remove(), as rpmsg_dev_probe() and rpmsg_dev_remove() do.
 * What the remote sends back waits in the channel's queue for a worker,
 * which hands each message to the endpoint at its destination address.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/printk.h>
#include "drivers/rpmsg/internal.h"
#include <libcdev/rpmsg.h>

#define RPMSG_MTU 496

struct rpmsg_msg {
	struct rpmsg_msg *next;
	uint32_t src, dst;
	int len;
	char data[];
};

/* The simulated remote processor's side of one channel. */
struct rpmsg_remote {
	bool echo;	      /* model=echo: each message comes back */
	pthread_mutex_t lock; /* the queue, the endpoints */
	struct rpmsg_msg *head, **tail;
	struct rpmsg_endpoint *epts;
	uint32_t next_addr;	 /* for RPMSG_ADDR_ANY */
	struct work_struct work; /* delivers the queue */
};

/* Recursive: a probe() may register or describe more on the same bus. */
static pthread_mutex_t rpmsg_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static struct rpmsg_device *channels;
static struct rpmsg_driver *drivers;

static void rpmsg_lock_take(void)
{
	pthread_mutex_lock(&rpmsg_lock);
}

/* ---- endpoints ---- */

static struct rpmsg_endpoint *ept_find_locked(struct rpmsg_remote *r, uint32_t addr)
{
	struct rpmsg_endpoint *e;

	for (e = r->epts; e && e->addr != addr; e = e->next)
		;
	return e;
}

_public_ struct rpmsg_endpoint *rpmsg_create_ept(struct rpmsg_device *rpdev, rpmsg_rx_cb_t cb,
						 void *priv, struct rpmsg_channel_info chinfo)
{
	struct rpmsg_remote *r = rpdev ? rpdev->remote : NULL;
	struct rpmsg_endpoint *ept;

	if (!r || !cb)
		return NULL;
	ept = calloc(1, sizeof(*ept));
	if (!ept)
		return NULL;
	ept->rpdev = rpdev;
	ept->cb = cb;
	ept->priv = priv;
	mutex_init(&ept->cb_lock);
	pthread_mutex_lock(&r->lock);
	if (chinfo.src == RPMSG_ADDR_ANY)
		while (ept_find_locked(r, r->next_addr))
			r->next_addr++;
	ept->addr = chinfo.src == RPMSG_ADDR_ANY ? r->next_addr++ : chinfo.src;
	if (ept_find_locked(r, ept->addr)) {
		pthread_mutex_unlock(&r->lock);
		printk(KERN_ERR "rpmsg %s: address 0x%x already in use\n", dev_name(&rpdev->dev),
		       ept->addr);
		free(ept);
		return NULL;
	}
	ept->next = r->epts;
	r->epts = ept;
	pthread_mutex_unlock(&r->lock);
	return ept;
}

_public_ void rpmsg_destroy_ept(struct rpmsg_endpoint *ept)
{
	struct rpmsg_remote *r;
	struct rpmsg_endpoint **pp;

	if (!ept)
		return;
	r = ept->rpdev->remote;
	pthread_mutex_lock(&r->lock);
	for (pp = &r->epts; *pp && *pp != ept; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = ept->next;
	pthread_mutex_unlock(&r->lock);
	/* A callback that runs ends first; none starts after (the worker finds no endpoint). */
	mutex_lock(&ept->cb_lock);
	mutex_unlock(&ept->cb_lock);
	free(ept);
}

/* ---- messages ---- */

/* The worker: each queued message to the endpoint at its address, under its cb_lock. */
static void rpmsg_deliver(struct work_struct *work)
{
	struct rpmsg_remote *r = container_of(work, struct rpmsg_remote, work);
	struct rpmsg_device *rpdev;
	struct rpmsg_endpoint *ept;
	struct rpmsg_msg *m;

	for (;;) {
		pthread_mutex_lock(&r->lock);
		m = r->head;
		if (m && !(r->head = m->next))
			r->tail = &r->head;
		ept = m ? ept_find_locked(r, m->dst) : NULL;
		if (ept)
			mutex_lock(&ept->cb_lock);
		pthread_mutex_unlock(&r->lock);
		if (!m)
			return;
		if (ept) {
			rpdev = ept->rpdev;
			ept->cb(rpdev, m->data, m->len, ept->priv, m->src);
			kcheck_on_return("rpmsg callback", (const void *)ept->cb);
			mutex_unlock(&ept->cb_lock);
		} else {
			printk(KERN_WARNING "rpmsg: msg received with no recipient (dst 0x%x)\n",
			       m->dst);
		}
		free(m);
	}
}

/* The remote's answer to a message from @src: queued for the worker. */
static int rpmsg_remote_receive(struct rpmsg_remote *r, uint32_t src, uint32_t dst,
				const void *data, int len)
{
	struct rpmsg_msg *m;

	if (!r->echo)
		return 0;
	m = malloc(sizeof(*m) + (size_t)len);
	if (!m)
		return -ENOMEM;
	m->next = NULL;
	m->src = dst;
	m->dst = src;
	m->len = len;
	memcpy(m->data, data, (size_t)len);
	pthread_mutex_lock(&r->lock);
	*r->tail = m;
	r->tail = &m->next;
	pthread_mutex_unlock(&r->lock);
	queue_work(system_wq, &r->work);
	return 0;
}

_public_ int rpmsg_send_offchannel(struct rpmsg_endpoint *ept, uint32_t src, uint32_t dst,
				   void *data, int len)
{
	if (!ept || (!data && len) || len < 0 || src == RPMSG_ADDR_ANY || dst == RPMSG_ADDR_ANY)
		return -EINVAL;
	if (len > RPMSG_MTU) {
		printk(KERN_ERR "rpmsg %s: message is too big (%d)\n", dev_name(&ept->rpdev->dev),
		       len);
		return -EMSGSIZE;
	}
	return rpmsg_remote_receive(ept->rpdev->remote, src, dst, data, len);
}

_public_ int rpmsg_sendto(struct rpmsg_endpoint *ept, void *data, int len, uint32_t dst)
{
	return ept ? rpmsg_send_offchannel(ept, ept->addr, dst, data, len) : -EINVAL;
}

_public_ int rpmsg_send(struct rpmsg_endpoint *ept, void *data, int len)
{
	return ept ? rpmsg_sendto(ept, data, len, ept->rpdev->dst) : -EINVAL;
}

_public_ int rpmsg_trysend(struct rpmsg_endpoint *ept, void *data, int len)
{
	return rpmsg_send(ept, data, len);
}

_public_ int rpmsg_trysendto(struct rpmsg_endpoint *ept, void *data, int len, uint32_t dst)
{
	return rpmsg_sendto(ept, data, len, dst);
}

_public_ ssize_t rpmsg_get_mtu(struct rpmsg_endpoint *ept)
{
	return ept ? RPMSG_MTU : -EINVAL;
}

/* ---- binding ---- */

static bool rpmsg_match(const struct rpmsg_device *rpdev, const struct rpmsg_driver *drv)
{
	if (rpdev->driver_override)
		return !strcmp(rpdev->driver_override, drv->drv.name);
	for (const struct rpmsg_device_id *id = drv->id_table; id && id->name[0]; id++)
		if (!strncmp(id->name, rpdev->id.name, RPMSG_NAME_SIZE))
			return true;
	return false;
}

/* rpmsg_dev_probe(): the default endpoint with the driver's callback, then probe(). */
static void rpmsg_probe_locked(struct rpmsg_device *rpdev, struct rpmsg_driver *drv)
{
	struct rpmsg_channel_info chinfo = { .src = rpdev->src, .dst = RPMSG_ADDR_ANY };
	int err = 0;

	rpdev->dev.driver = &drv->drv;
	if (drv->callback) {
		rpdev->ept = rpmsg_create_ept(rpdev, drv->callback, NULL, chinfo);
		if (!rpdev->ept)
			err = -ENOMEM;
		else
			rpdev->src = rpdev->ept->addr;
	}
	if (!err && drv->probe) {
		err = drv->probe(rpdev);
		kcheck_on_return("probe", (const void *)drv->probe);
	}
	if (!err)
		return;
	printk(KERN_ERR "%s %s: probe failed: %d\n", drv->drv.name, dev_name(&rpdev->dev), err);
	rpmsg_destroy_ept(rpdev->ept);
	rpdev->ept = NULL;
	libcdev_devres_release_all(&rpdev->dev);
	rpdev->dev.driver = NULL;
}

static void rpmsg_unbind_locked(struct rpmsg_device *rpdev)
{
	struct rpmsg_driver *drv;

	if (!rpdev->dev.driver)
		return;
	drv = to_rpmsg_driver(rpdev->dev.driver);
	if (drv->remove) {
		drv->remove(rpdev);
		kcheck_on_return("remove", (const void *)drv->remove);
	}
	rpmsg_destroy_ept(rpdev->ept);
	rpdev->ept = NULL;
	libcdev_devres_release_all(&rpdev->dev);
	rpdev->dev.driver = NULL;
	rpdev->dev.driver_data = NULL;
}

_public_ int __register_rpmsg_driver(struct rpmsg_driver *drv, struct module *owner)
{
	struct rpmsg_driver **pp;

	if (!drv || !drv->drv.name)
		return -EINVAL;
	rpmsg_lock_take();
	for (pp = &drivers; *pp && *pp != drv; pp = &(*pp)->next)
		;
	if (*pp) {
		pthread_mutex_unlock(&rpmsg_lock);
		return -EBUSY;
	}
	drv->drv.owner = owner;
	drv->next = NULL;
	*pp = drv;
	for (struct rpmsg_device *c = channels; c; c = c->next)
		if (!c->dev.driver && rpmsg_match(c, drv))
			rpmsg_probe_locked(c, drv);
	pthread_mutex_unlock(&rpmsg_lock);
	return 0;
}

_public_ void unregister_rpmsg_driver(struct rpmsg_driver *drv)
{
	struct rpmsg_driver **pp;

	if (!drv)
		return;
	rpmsg_lock_take();
	for (struct rpmsg_device *c = channels; c; c = c->next)
		if (c->dev.driver == &drv->drv)
			rpmsg_unbind_locked(c);
	for (pp = &drivers; *pp && *pp != drv; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = drv->next;
	pthread_mutex_unlock(&rpmsg_lock);
}

/* At @mod's unload: its rpmsg drivers still registered are unregistered. */
int rpmsg_module_stop(struct module *mod)
{
	struct rpmsg_driver *drv;
	int n = 0;

	for (;;) {
		rpmsg_lock_take();
		for (drv = drivers; drv && drv->drv.owner != mod; drv = drv->next)
			;
		pthread_mutex_unlock(&rpmsg_lock);
		if (!drv)
			return n;
		printk(KERN_WARNING
		       "rpmsg driver %s still registered at module unload: unregistered\n",
		       drv->drv.name);
		unregister_rpmsg_driver(drv);
		n++;
	}
}

/* ---- described channels ---- */

static int rpmsg_channel_add(struct rpmsg_device *rpdev)
{
	rpmsg_lock_take();
	for (struct rpmsg_device *c = channels; c; c = c->next)
		if (!strcmp(c->id.name, rpdev->id.name) && c->dst == rpdev->dst) {
			pthread_mutex_unlock(&rpmsg_lock);
			return -EEXIST;
		}
	rpdev->next = channels;
	channels = rpdev;
	for (struct rpmsg_driver *d = drivers; d && !rpdev->dev.driver; d = d->next)
		if (rpmsg_match(rpdev, d))
			rpmsg_probe_locked(rpdev, d);
	pthread_mutex_unlock(&rpmsg_lock);
	return 0;
}

static void rpmsg_channel_free(struct rpmsg_device *rpdev)
{
	struct rpmsg_remote *r = rpdev->remote;

	/* Nothing is queued once the worker has run; what it dropped is freed. */
	cancel_work_sync(&r->work);
	while (r->head) {
		struct rpmsg_msg *m = r->head;

		r->head = m->next;
		free(m);
	}
	pthread_mutex_destroy(&r->lock);
	free(r);
	free(rpdev->dev.name);
	free(rpdev);
}

_public_ void libcdev_rpmsg_forget_described(void)
{
	struct rpmsg_device *c;

	for (;;) {
		rpmsg_lock_take();
		c = channels;
		if (c) {
			rpmsg_unbind_locked(c);
			channels = c->next;
		}
		pthread_mutex_unlock(&rpmsg_lock);
		if (!c)
			return;
		rpmsg_channel_free(c);
	}
}

/* A channel named @name, not listed yet: its remote with @echo, addresses from @src and @dst. */
struct rpmsg_device *rpmsg_channel_new(const char *name, uint32_t src, uint32_t dst, bool echo)
{
	struct rpmsg_device *rpdev = calloc(1, sizeof(*rpdev));
	struct rpmsg_remote *r = calloc(1, sizeof(*r));

	if (!rpdev || !r || asprintf(&rpdev->dev.name, "%s.%d.%d", name, (int)src, (int)dst) < 0) {
		free(rpdev);
		free(r);
		return NULL;
	}
	snprintf(rpdev->id.name, sizeof(rpdev->id.name), "%s", name);
	rpdev->src = src;
	rpdev->dst = dst;
	rpdev->little_endian = true;
	rpdev->dev.bus_name = "rpmsg";
	r->echo = echo;
	r->tail = &r->head;
	r->next_addr = RPMSG_RESERVED_ADDRESSES;
	pthread_mutex_init(&r->lock, NULL);
	libcdev_init_work(&r->work, rpmsg_deliver, NULL);
	rpdev->remote = r;
	return rpdev;
}

int rpmsg_channel_register(struct rpmsg_device *rpdev)
{
	int err = rpmsg_channel_add(rpdev);

	if (err)
		rpmsg_channel_free(rpdev);
	return err;
}
