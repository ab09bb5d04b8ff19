/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: the library's ELF reader of module files, as cdevctl
 * modinfo and the loader use it (libcdev_module_info_*()). Any input: no
 * crash, no out-of-bounds or misaligned read, and every string it gives lies
 * in the input, NUL included.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/module.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_within(const char *s, const unsigned char *img, size_t size)
{
	const unsigned char *p = (const unsigned char *)s;

	if (p < img || p >= img + size || !memchr(p, '\0', img + size - p))
		abort();
}

static void walk(const struct libcdev_module_info *info, const unsigned char *img, size_t size)
{
	const char *s;
	size_t pos = 0;
	bool weak;
	int err;

	while ((err = libcdev_module_info_next(info, NULL, &pos, &s)) > 0)
		check_within(s, img, size);
	if (err != 0 && err != -ENOEXEC && err != -ENODATA)
		abort();
	pos = 0;
	while ((err = libcdev_module_info_next(info, "parm", &pos, &s)) > 0)
		check_within(s, img, size);
	pos = 0;
	while ((err = libcdev_module_info_next_needed(info, &pos, &s, &weak)) > 0)
		check_within(s, img, size);
	if (err != 0 && err != -ENOEXEC)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* An exact-size copy at an odd address: ASan sees every byte past the end. */
	unsigned char *mem = malloc(size + 1), *img = mem + 1;
	struct libcdev_module_info *info;
	int err;

	if (!mem)
		return 0;
	memcpy(img, data, size);
	err = libcdev_module_info_open_image(img, size, &info);
	if (err && err != -ENOEXEC && err != -ENOMEM)
		abort();
	if (!err) {
		walk(info, img, size);
		libcdev_module_info_close(info);
	}
	free(mem);
	return 0;
}
