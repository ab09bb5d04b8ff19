/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the symbols a module file needs from others: the undefined
 * entries of its dynamic symbol table. Read from the file, so that a module
 * that failed to load can still say what it missed. Every offset and size is
 * checked against the file before use; headers are copied out with memcpy()
 * (an offset in the file need not be aligned for the type).
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "module-private.h"

static bool in_bounds(size_t size, Elf64_Off off, Elf64_Xword len)
{
	return off <= size && len <= size - off;
}

static int section(const unsigned char *p, size_t size, const Elf64_Ehdr *eh, unsigned int i,
		   Elf64_Shdr *sh)
{
	Elf64_Off off = eh->e_shoff + (Elf64_Off)i * sizeof(*sh);

	if (i >= eh->e_shnum || !in_bounds(size, off, sizeof(*sh)))
		return -ENOEXEC;
	memcpy(sh, p + off, sizeof(*sh));
	return in_bounds(size, sh->sh_offset, sh->sh_size) ? 0 : -ENOEXEC;
}

static int each_undefined(const unsigned char *p, const Elf64_Shdr *syms,
			  const Elf64_Shdr *strs, module_symbol_fn fn, void *data)
{
	const char *names = (const char *)p + strs->sh_offset;
	Elf64_Sym sym;
	int ret;

	if (syms->sh_entsize != sizeof(sym))
		return -ENOEXEC;
	for (Elf64_Xword i = 1; i < syms->sh_size / sizeof(sym); i++) {
		memcpy(&sym, p + syms->sh_offset + i * sizeof(sym), sizeof(sym));
		if (sym.st_shndx != SHN_UNDEF || sym.st_name == 0 || sym.st_name >= strs->sh_size ||
		    !memchr(names + sym.st_name, '\0', strs->sh_size - sym.st_name))
			continue;
		ret = fn(names + sym.st_name, ELF64_ST_BIND(sym.st_info) == STB_WEAK, data);
		if (ret)
			return ret;
	}
	return 0;
}

static int scan(const unsigned char *p, size_t size, module_symbol_fn fn, void *data)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strs;

	if (size < sizeof(eh))
		return -ENOEXEC;
	memcpy(&eh, p, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_type != ET_DYN || eh.e_shentsize != sizeof(sh))
		return -ENOEXEC;
	for (unsigned int i = 0; i < eh.e_shnum; i++) {
		if (section(p, size, &eh, i, &sh))
			return -ENOEXEC;
		if (sh.sh_type != SHT_DYNSYM)
			continue;
		if (section(p, size, &eh, sh.sh_link, &strs))
			return -ENOEXEC;
		return each_undefined(p, &sh, &strs, fn, data);
	}
	return 0;
}

int module_each_needed_symbol(const char *path, module_symbol_fn fn, void *data)
{
	struct stat st;
	void *map;
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || st.st_size <= 0) {
		close(fd);
		return -ENOEXEC;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -errno;
	ret = scan(map, st.st_size, fn, data);
	munmap(map, st.st_size);
	return ret;
}
