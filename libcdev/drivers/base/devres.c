/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - managed resources (drivers/base/devres.c): a list per device,
 * newest first, released when the driver is unbound, after its remove().
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/platform.h>

/* <linux/gfp.h>'s __GFP_ZERO, which devm_kzalloc() adds. */
#define DEVRES_GFP_ZERO 0x100u

struct libcdev_devres {
	struct libcdev_devres *next;
	void (*action)(void *); /* NULL: @data is memory of devm_kmalloc() */
	void *data;
};

static pthread_mutex_t devres_lock = PTHREAD_MUTEX_INITIALIZER;

static int devres_push(struct device *dev, void (*action)(void *), void *data)
{
	struct libcdev_devres *r = malloc(sizeof(*r));

	if (!r)
		return -ENOMEM;
	r->action = action;
	r->data = data;
	pthread_mutex_lock(&devres_lock);
	r->next = dev->devres;
	dev->devres = r;
	pthread_mutex_unlock(&devres_lock);
	return 0;
}

/* Unlink the newest entry of @action and @data (action NULL: memory at @data); NULL if none. */
static struct libcdev_devres *devres_take(struct device *dev, void (*action)(void *),
					  const void *data)
{
	struct libcdev_devres **pp, *r;

	pthread_mutex_lock(&devres_lock);
	for (pp = &dev->devres; (r = *pp); pp = &r->next)
		if (r->action == action && r->data == data) {
			*pp = r->next;
			break;
		}
	pthread_mutex_unlock(&devres_lock);
	return r;
}

_public_ int devm_add_action(struct device *dev, void (*action)(void *), void *data)
{
	if (!dev || !action)
		return -EINVAL;
	return devres_push(dev, action, data);
}

_public_ int devm_add_action_or_reset(struct device *dev, void (*action)(void *), void *data)
{
	int err = devm_add_action(dev, action, data);

	if (err && action)
		action(data);
	return err;
}

_public_ void devm_remove_action(struct device *dev, void (*action)(void *), void *data)
{
	free(devres_take(dev, action, data));
}

_public_ void devm_release_action(struct device *dev, void (*action)(void *), void *data)
{
	struct libcdev_devres *r = devres_take(dev, action, data);

	if (r)
		action(data);
	free(r);
}

_public_ void *devm_kmalloc(struct device *dev, size_t size, unsigned int gfp)
{
	void *p;

	if (!dev)
		return NULL;
	p = (gfp & DEVRES_GFP_ZERO) ? calloc(1, size ? size : 1) : malloc(size ? size : 1);
	if (p && devres_push(dev, NULL, p)) {
		free(p);
		p = NULL;
	}
	return p;
}

_public_ void devm_kfree(struct device *dev, const void *p)
{
	struct libcdev_devres *r;

	if (!dev || !p)
		return;
	r = devres_take(dev, NULL, p);
	if (r)
		free(r->data);
	free(r);
}

_public_ char *devm_kstrdup(struct device *dev, const char *s, unsigned int gfp)
{
	char *p;

	if (!s)
		return NULL;
	p = devm_kmalloc(dev, strlen(s) + 1, gfp);
	if (p)
		strcpy(p, s);
	return p;
}

_public_ char *devm_kasprintf(struct device *dev, unsigned int gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		return NULL;
	p = devm_kmalloc(dev, (size_t)len + 1, gfp);
	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return p;
}

_public_ void libcdev_devres_release_all(struct device *dev)
{
	struct libcdev_devres *r;

	if (!dev)
		return;
	/* One at a time: an action may add or release others (devm_release_action()). */
	for (;;) {
		pthread_mutex_lock(&devres_lock);
		r = dev->devres;
		if (r)
			dev->devres = r->next;
		pthread_mutex_unlock(&devres_lock);
		if (!r)
			break;
		if (r->action)
			r->action(r->data);
		else
			free(r->data);
		free(r);
	}
}

_public_ unsigned int libcdev_devres_count(const struct device *dev)
{
	unsigned int n = 0;

	pthread_mutex_lock(&devres_lock);
	for (const struct libcdev_devres *r = dev ? dev->devres : NULL; r; r = r->next)
		n++;
	pthread_mutex_unlock(&devres_lock);
	return n;
}
