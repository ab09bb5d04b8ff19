/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: cdevctl modinfo's ELF reader. Any input: no crash, no
 * out-of-bounds or misaligned read, and what it finds lies in the input.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tools/modinfo-elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* An exact-size copy at an odd address: ASan sees every byte past the end. */
	unsigned char *mem = malloc(size + 1), *img = mem + 1;
	size_t off = 0, len = 0;
	int err;

	if (!mem)
		return 0;
	memcpy(img, data, size);
	err = modinfo_elf_find(img, size, &off, &len);
	if (err != 0 && err != -ENOEXEC && err != -ENODATA)
		abort();
	if (!err && (off > size || len > size - off))
		abort();
	free(mem);
	return 0;
}
