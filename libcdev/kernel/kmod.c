/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/kmod.c: request_module(), which runs a program to load
 * a module, as the kernel runs modprobe as a user-mode helper. The program
 * is modprobe_path, empty by default: the system's modprobe loads the
 * kernel's modules, not the library's, so autoloading is off until a
 * program that loads the library's modules is named.
 */
#include <errno.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/wait.h>

#include <libcdev/module.h>

#include "core/core.h"

_public_ char modprobe_path[KMOD_PATH_LEN];

extern char **environ;

/* request_module_nowait()'s helper is reaped here, so none is left a zombie. */
static void *reap_helper(void *arg)
{
	pid_t pid = (pid_t)(intptr_t)arg;
	int status;

	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return NULL;
}

static int wait_helper(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return status;
}

/* Not waiting: a thread reaps it; without one, it is waited for here. */
static int leave_helper(pid_t pid)
{
	pthread_t reaper;

	if (pthread_create(&reaper, NULL, reap_helper, (void *)(intptr_t)pid)) {
		wait_helper(pid);
		return 0;
	}
	pthread_detach(reaper);
	return 0;
}

_public_ int __request_module(bool wait, const char *fmt, ...)
{
	char name[MODULE_NAME_LEN];
	static char quiet[] = "-q", end_of_options[] = "--";
	char *argv[] = { modprobe_path, quiet, end_of_options, name, NULL };
	va_list ap;
	pid_t pid;
	int n;

	if (!modprobe_path[0])
		return -ENOENT;
	va_start(ap, fmt);
	n = vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(name))
		return -ENAMETOOLONG;
	n = posix_spawn(&pid, modprobe_path, NULL, NULL, argv, environ);
	if (n)
		return -n;
	return wait ? wait_helper(pid) : leave_helper(pid);
}
