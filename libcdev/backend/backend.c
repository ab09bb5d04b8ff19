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

#include "core/core.h"
#include "backend/backend.h"

static const struct libcdev_backend_type *const backend_types[] = {
	&cuse_backend_type,
	&fuse_backend_type,
};

int path_openable(const char *path)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

int backend_type_check(const struct libcdev_backend_type *type)
{
	const char *what;
	int err = type->probe(&what);

	if (err)
		pr_err_lib("%s: cannot open %s: %s", type->name, what, strerror(-err));
	return err;
}

static const struct libcdev_backend_type *backend_type(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(backend_types); i++)
		if (!strcmp(backend_types[i]->name, name))
			return backend_types[i];
	return NULL;
}

static int select_named(const char *name)
{
	const struct libcdev_backend *cur = libcdev_backend_get(), *b = NULL;
	const struct libcdev_backend_type *type = backend_type(name);

	if (!type && strcmp(name, "direct"))
		return -ENOENT;
	if (!cdev_map_empty() && strcmp(name, libcdev_backend_name()))
		return -EBUSY;
	if (type) {
		b = cur && !strcmp(cur->name, name) ? cur : type->start();
		if (IS_ERR(b))
			return PTR_ERR(b);
	}
	return libcdev_backend_set(b);
}

/* Probe and start @type: 0 or why not, with what it tried in *what. */
static int try_type(const struct libcdev_backend_type *type, const char **what)
{
	int err = type->probe(what);

	return err ? err : select_named(type->name);
}

/*
 * The first backend that starts, in backend_types[] order, and one line that
 * says which and why (why the first one could not, when another starts).
 */
static int select_auto(void)
{
	const struct libcdev_backend_type *first = backend_types[0], *type = first;
	const char *what, *first_what;
	int why, err = 0;

	if (strcmp(libcdev_backend_name(), "direct"))
		return 0; /* chosen already: cdevs may be live under it */
	if (!cdev_map_empty())
		return -EBUSY;
	why = try_type(first, &first_what);
	if (!why) {
		libcdev_log(LOG_NOTICE, "%s can be opened; using the %s backend (nodes in %s)",
			    first_what, first->label, first->location());
		return 0;
	}
	for (size_t i = 1; i < ARRAY_SIZE(backend_types); i++) {
		type = backend_types[i];
		err = try_type(type, &what);
		if (!err) {
			libcdev_log(LOG_NOTICE, "%s: %s; using the %s backend at %s", first_what,
				    strerror(-why), type->label, type->location());
			return 0;
		}
	}
	pr_err_lib("%s: %s, and the %s backend failed too: %s", first_what, strerror(-why),
		   type->label, strerror(-err));
	return err;
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
	const struct libcdev_backend_type *type = backend_type(libcdev_backend_name());

	return type ? type->location() : NULL;
}

_public_ int libcdev_backend_set_mountpoint(const char *dir)
{
	return fuse_backend_type.set_location(dir);
}

_public_ int libcdev_backend_stop(void)
{
	if (!cdev_map_empty())
		return -EBUSY;
	for (size_t i = 0; i < ARRAY_SIZE(backend_types); i++)
		if (backend_types[i]->stop)
			backend_types[i]->stop();
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
