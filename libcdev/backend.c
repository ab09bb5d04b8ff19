/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - choosing a backend, and serving until told to stop.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "libcdev-private.h"
#include "cuse-backend/cuse-private.h"
#include "fuse-backend/fuse-backend.h"

static const struct libcdev_backend *backend_start(const char *name)
{
	if (!strcmp(name, "cuse"))
		return cuse_backend_start();
	if (!strcmp(name, "fuse"))
		return fuse_backend_start();
	return NULL;	/* direct */
}

static int select_named(const char *name)
{
	const struct libcdev_backend *cur = libcdev_backend_get(), *b = NULL;

	if (strcmp(name, "direct") && strcmp(name, "cuse") && strcmp(name, "fuse"))
		return -ENOENT;
	if (!cdev_map_empty() && strcmp(name, libcdev_backend_name()))
		return -EBUSY;
	if (strcmp(name, "direct")) {
		b = cur && !strcmp(cur->name, name) ? cur : backend_start(name);
		if (IS_ERR(b))
			return PTR_ERR(b);
	}
	return libcdev_backend_set(b);
}

/* Whether the CUSE device can be opened: 0, or why not. */
static int cuse_probe(void)
{
	int fd = open(cuse_device(), O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* CUSE where it can work, else FUSE; one line says which and why. */
static int select_auto(void)
{
	int why, err;

	if (strcmp(libcdev_backend_name(), "direct"))
		return 0;	/* chosen already: cdevs may be live under it */
	if (!cdev_map_empty())
		return -EBUSY;
	why = cuse_probe();
	if (!why) {
		why = select_named("cuse");
		if (!why) {
			libcdev_log(LOG_NOTICE, "%s can be opened; using the CUSE backend (nodes in /dev)",
				    cuse_device());
			return 0;
		}
	}
	err = select_named("fuse");
	if (err) {
		pr_err_lib("%s: %s, and the FUSE backend failed too: %s", cuse_device(),
			   strerror(-why), strerror(-err));
		return err;
	}
	libcdev_log(LOG_NOTICE, "%s: %s; using the FUSE backend at %s", cuse_device(),
		    strerror(-why), fuse_backend_mountpoint());
	return 0;
}

_public_ int libcdev_backend_select(const char *name)
{
	if (!name)
		return -EINVAL;
	if (!strcmp(name, "auto"))
		return select_auto();
	return select_named(name);
}

_public_ const char *libcdev_backend_location(void)
{
	const char *name = libcdev_backend_name();

	if (!strcmp(name, "cuse"))
		return "/dev";
	if (!strcmp(name, "fuse"))
		return fuse_backend_mountpoint();
	return NULL;
}

_public_ int libcdev_backend_set_mountpoint(const char *dir)
{
	return fuse_backend_set_mountpoint(dir);
}

_public_ int libcdev_backend_stop(void)
{
	if (!cdev_map_empty())
		return -EBUSY;
	fuse_backend_stop();
	return 0;
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
