/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/module/main.c:
 * the symbols a module file needs from others: the undefined
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

#include "kernel/internal.h"

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

static int read_ehdr(const unsigned char *p, size_t size, Elf64_Ehdr *eh)
{
	if (size < sizeof(*eh))
		return -ENOEXEC;
	memcpy(eh, p, sizeof(*eh));
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_type != ET_DYN || eh->e_shentsize != sizeof(Elf64_Shdr))
		return -ENOEXEC;
	return 0;
}

static int scan(const unsigned char *p, size_t size, module_symbol_fn fn, void *data)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strs;

	if (read_ehdr(p, size, &eh))
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

/* The kernel's license_is_gpl_compatible() (include/linux/license.h). */
static bool license_gpl(const char *license)
{
	static const char *const gpl[] = { "GPL", "GPL v2", "GPL and additional rights",
					   "Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL" };

	for (size_t i = 0; i < sizeof(gpl) / sizeof(gpl[0]); i++)
		if (!strcmp(license, gpl[i]))
			return true;
	return false;
}

/* Whether the "license=" strings of section @sh (.modinfo) name a GPL-compatible one. */
static bool modinfo_gpl(const unsigned char *p, const Elf64_Shdr *sh)
{
	const char *info = (const char *)p + sh->sh_offset, *end = info + sh->sh_size;

	while (info < end) {
		const char *nul = memchr(info, '\0', end - info);

		if (!nul)
			break;
		if (!strncmp(info, "license=", 8) && license_gpl(info + 8))
			return true;
		info = nul + 1;
	}
	return false;
}

static int scan_license(const unsigned char *p, size_t size, module_symbol_fn fn, void *data)
{
	Elf64_Ehdr eh;
	Elf64_Shdr names, sh;

	(void)fn, (void)data;
	if (read_ehdr(p, size, &eh) || section(p, size, &eh, eh.e_shstrndx, &names))
		return -ENOEXEC;
	for (unsigned int i = 0; i < eh.e_shnum; i++) {
		if (section(p, size, &eh, i, &sh))
			return -ENOEXEC;
		if (sh.sh_name < names.sh_size && names.sh_size - sh.sh_name >= sizeof(".modinfo") &&
		    !memcmp(p + names.sh_offset + sh.sh_name, ".modinfo", sizeof(".modinfo")))
			return modinfo_gpl(p, &sh);
	}
	return 0;
}

typedef int (*image_fn)(const unsigned char *p, size_t size, module_symbol_fn fn, void *data);

static int with_image(const char *path, image_fn scan_fn, module_symbol_fn fn, void *data)
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
	ret = scan_fn(map, st.st_size, fn, data);
	munmap(map, st.st_size);
	return ret;
}

int module_each_needed_symbol(const char *path, module_symbol_fn fn, void *data)
{
	return with_image(path, scan, fn, data);
}

int module_license_gpl(const char *path)
{
	return with_image(path, scan_license, NULL, NULL);
}
