/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: the registry file's parser. Another process (or an
 * attacker with a bug) may leave anything in the file: reading it, and
 * reserving a region over it, must not crash; a damaged file is refused with
 * -EUCLEAN or repaired, never half-read.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <libcdev/libcdev.h>
#include "fuzz-env.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *registry;

static int count_one(const struct libcdev_region *r, void *data)
{
	(void)r;
	++*(size_t *)data;
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	registry = fuzz_env_setup();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fopen(registry, "w");
	size_t n = 0;
	dev_t dev;
	int err;

	if (!f || fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	err = libcdev_regions_foreach(count_one, &n);
	if (err && err != -EUCLEAN)
		abort();
	err = alloc_chrdev_region(&dev, 0, 4, "fuzz");
	if (!err)
		unregister_chrdev_region(dev, 4);
	else if (err != -EBUSY && err != -EUCLEAN)
		abort();
	return 0;
}
