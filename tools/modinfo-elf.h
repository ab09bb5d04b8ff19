/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl - finding a module's .modinfo section in an ELF image in memory.
 */
#ifndef CDEVCTL_MODINFO_ELF_H
#define CDEVCTL_MODINFO_ELF_H

#include <stddef.h>

/*
 * Where the .modinfo section of the 64-bit ELF shared object @image (@size
 * bytes, any alignment) is: *@off and *@len, within the image.
 * Return: 0; -ENOEXEC when the image is not a well-formed ELF64 ET_DYN (every
 * offset and size is checked against @size); -ENODATA without .modinfo.
 */
int modinfo_elf_find(const unsigned char *image, size_t size, size_t *off, size_t *len);

#endif
