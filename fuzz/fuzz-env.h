/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The fuzz targets' environment: a registry and a /proc/devices of their own
 * in a temporary directory, never the machine's.
 */
#ifndef LIBCDEV_FUZZ_ENV_H
#define LIBCDEV_FUZZ_ENV_H

#include <stdio.h>
#include <stdlib.h>

/* Set LIBCDEV_REGISTRY and LIBCDEV_PROC_DEVICES; the registry's path. */
static inline const char *fuzz_env_setup(void)
{
	static char dir[] = "/tmp/libcdev-fuzz.XXXXXX", registry[64], proc[64];
	FILE *f;

	if (!mkdtemp(dir))
		abort();
	snprintf(registry, sizeof(registry), "%s/regions", dir);
	snprintf(proc, sizeof(proc), "%s/devices", dir);
	f = fopen(proc, "w");
	if (!f)
		abort();
	fputs("Character devices:\n  1 mem\n  4 tty\n254 gpiochip\n\nBlock devices:\n  8 sd\n", f);
	fclose(f);
	setenv("LIBCDEV_REGISTRY", registry, 1);
	setenv("LIBCDEV_PROC_DEVICES", proc, 1);
	setenv("LIBCDEV_LOG", "none", 1); /* refusals are expected: keep the output short */
	return registry;
}

#endif
