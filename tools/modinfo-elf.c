/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl - the ELF reader of modinfo. The file is untrusted input read as
 * root: every header is copied out with memcpy() (an offset in the file need
 * not be aligned for the type, and a cast would be a misaligned access), and
 * every offset and size is checked against the file before use.
 */
#include <elf.h>
#include <errno.h>
#include <string.h>

#include "modinfo-elf.h"

/* Whether [@off, @off + @len) lies within @size bytes. */
static int in_bounds(size_t size, Elf64_Off off, Elf64_Xword len)
{
	return off <= size && len <= size - off;
}

static int read_shdr(const unsigned char *p, size_t size, const Elf64_Ehdr *eh, unsigned int i,
		     Elf64_Shdr *sh)
{
	Elf64_Off off = eh->e_shoff + (Elf64_Off)i * sizeof(*sh);

	if (!in_bounds(size, off, sizeof(*sh)))
		return -ENOEXEC;
	memcpy(sh, p + off, sizeof(*sh));
	return 0;
}

/* Whether section @sh is named @name in the section-name table @names. */
static int is_named(const unsigned char *p, const Elf64_Shdr *names, const Elf64_Shdr *sh,
		    const char *name)
{
	size_t len = strlen(name) + 1;

	if (sh->sh_name >= names->sh_size || names->sh_size - sh->sh_name < len)
		return 0;
	return !memcmp(p + names->sh_offset + sh->sh_name, name, len);
}

int modinfo_elf_find(const unsigned char *p, size_t size, size_t *off, size_t *len)
{
	Elf64_Ehdr eh;
	Elf64_Shdr names, sh;

	if (size < sizeof(eh))
		return -ENOEXEC;
	memcpy(&eh, p, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_type != ET_DYN)
		return -ENOEXEC;
	if (eh.e_shnum == 0 || eh.e_shentsize != sizeof(sh) || eh.e_shstrndx >= eh.e_shnum ||
	    eh.e_shoff > size || eh.e_shnum > (size - eh.e_shoff) / sizeof(sh))
		return -ENOEXEC;
	if (read_shdr(p, size, &eh, eh.e_shstrndx, &names) ||
	    !in_bounds(size, names.sh_offset, names.sh_size))
		return -ENOEXEC;
	for (unsigned int i = 0; i < eh.e_shnum; i++) {
		if (read_shdr(p, size, &eh, i, &sh))
			return -ENOEXEC;
		if (!is_named(p, &names, &sh, ".modinfo"))
			continue;
		if (!in_bounds(size, sh.sh_offset, sh.sh_size))
			return -ENOEXEC;
		*off = sh.sh_offset;
		*len = sh.sh_size;
		return 0;
	}
	return -ENODATA;
}
