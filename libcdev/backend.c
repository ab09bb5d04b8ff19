/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - choosing a backend, and serving until told to stop.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "libcdev-private.h"
#include "cuse-backend/cuse-private.h"

_public_ int libcdev_backend_select(const char *name)
{
	const struct libcdev_backend *cur = libcdev_backend_get(), *b = NULL;

	if (!name)
		return -EINVAL;
	if (strcmp(name, "direct") && strcmp(name, "cuse"))
		return -ENOENT;
	if (!cdev_map_empty() && strcmp(name, libcdev_backend_name()))
		return -EBUSY;
	if (!strcmp(name, "cuse")) {
		b = cur && !strcmp(cur->name, "cuse") ? cur : cuse_backend_start();
		if (IS_ERR(b))
			return PTR_ERR(b);
	}
	return libcdev_backend_set(b);
}

_public_ const char *libcdev_backend_name(void)
{
	const struct libcdev_backend *b = libcdev_backend_get();

	return b ? b->name : "direct";
}

_public_ int libcdev_run(void)
{
	sigset_t set;
	int sig = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	while (sigwait(&set, &sig) != 0)
		;
	return sig;
}
