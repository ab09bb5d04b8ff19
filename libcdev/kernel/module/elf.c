/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the ELF checks of kernel/module/main.c and its .modinfo reading
 * (get_modinfo()): the one reader of module files, for the loader (the
 * symbols a module needs, its licence) and for `cdevctl modinfo`
 * (libcdev_module_info_*()). Read from the file, not from the loaded
 * object, so that a module that failed to load can still say what it missed
 * and modinfo runs none of its code.
 *
 * A module file is untrusted input, often read as root: every header is
 * copied out with memcpy() (an offset in the file need not be aligned for the
 * type, and a cast would be a misaligned access), and every offset and size
 * is checked against the file before use, in a form that cannot wrap around.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/core.h"
#include "kernel/internal.h"

/*
 * What open found, checked once; the accessors only read it. A part that is
 * missing or lies is an error of that part alone: a module without .modinfo
 * still says which symbols it needs, as the loader wants.
 */
struct libcdev_module_info {
	const unsigned char *p; /* the image */
	size_t size;
	void *map;		   /* @p when mapped from a file, else NULL */
	Elf64_Shdr modinfo;	   /* when !modinfo_err */
	Elf64_Shdr dynsym, dynstr; /* when !dynsym_err */
	int modinfo_err;	   /* -ENODATA (none) or -ENOEXEC */
	int dynsym_err;		   /* -ENODATA (none) or -ENOEXEC */
};

/* Whether [@off, @off + @len) lies within @size bytes, without overflow. */
static bool in_bounds(size_t size, Elf64_Off off, Elf64_Xword len)
{
	return off <= size && len <= size - off;
}

/*
 * The ELF header of a 64-bit shared object whose section header table lies
 * wholly in the image, so that no header index can point past it.
 */
static int read_ehdr(const unsigned char *p, size_t size, Elf64_Ehdr *eh)
{
	if (size < sizeof(*eh))
		return -ENOEXEC;
	memcpy(eh, p, sizeof(*eh));
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_type != ET_DYN)
		return -ENOEXEC;
	if (eh->e_shnum == 0 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
	    eh->e_shstrndx >= eh->e_shnum || eh->e_shoff > size ||
	    eh->e_shnum > (size - eh->e_shoff) / sizeof(Elf64_Shdr))
		return -ENOEXEC;
	return 0;
}

/*
 * Section header @i, whose contents lie in the image too. A NOBITS section
 * (.bss) has no bytes in the file whatever its size says, and often runs
 * past its end: it reads as empty.
 */
static int section(const struct libcdev_module_info *info, const Elf64_Ehdr *eh, unsigned int i,
		   Elf64_Shdr *sh)
{
	Elf64_Off off = eh->e_shoff + (Elf64_Off)i * sizeof(*sh);

	if (i >= eh->e_shnum || !in_bounds(info->size, off, sizeof(*sh)))
		return -ENOEXEC;
	memcpy(sh, info->p + off, sizeof(*sh));
	if (sh->sh_type == SHT_NOBITS)
		sh->sh_size = 0;
	return in_bounds(info->size, sh->sh_offset, sh->sh_size) ? 0 : -ENOEXEC;
}

typedef bool (*section_match_fn)(const struct libcdev_module_info *info, const Elf64_Shdr *names,
				 const Elf64_Shdr *sh);

/*
 * The first section @match takes. Every section passed on the way must lie
 * in the image: a lying header before the one wanted refuses the file.
 */
static int find_section(const struct libcdev_module_info *info, const Elf64_Ehdr *eh,
			const Elf64_Shdr *names, section_match_fn match, Elf64_Shdr *sh)
{
	for (unsigned int i = 0; i < eh->e_shnum; i++) {
		if (section(info, eh, i, sh))
			return -ENOEXEC;
		if (match(info, names, sh))
			return 0;
	}
	return -ENODATA;
}

/* Whether @sh is named .modinfo in the section-name table @names; a name cut short is not. */
static bool is_modinfo(const struct libcdev_module_info *info, const Elf64_Shdr *names,
		       const Elf64_Shdr *sh)
{
	static const char name[] = ".modinfo";

	if (sh->sh_name >= names->sh_size || names->sh_size - sh->sh_name < sizeof(name))
		return false;
	return !memcmp(info->p + names->sh_offset + sh->sh_name, name, sizeof(name));
}

static bool is_dynsym(const struct libcdev_module_info *info, const Elf64_Shdr *names,
		      const Elf64_Shdr *sh)
{
	(void)info, (void)names;
	return sh->sh_type == SHT_DYNSYM;
}

/* The dynamic symbol table and its string table, with entries of the size read. */
static int find_dynsym(struct libcdev_module_info *info, const Elf64_Ehdr *eh,
		       const Elf64_Shdr *names)
{
	int err = find_section(info, eh, names, is_dynsym, &info->dynsym);

	if (err)
		return err;
	if (section(info, eh, info->dynsym.sh_link, &info->dynstr) ||
	    info->dynsym.sh_entsize != sizeof(Elf64_Sym))
		return -ENOEXEC;
	return 0;
}

static int info_scan(struct libcdev_module_info *info)
{
	Elf64_Shdr names;
	Elf64_Ehdr eh;

	if (read_ehdr(info->p, info->size, &eh) || section(info, &eh, eh.e_shstrndx, &names))
		return -ENOEXEC;
	info->modinfo_err = find_section(info, &eh, &names, is_modinfo, &info->modinfo);
	info->dynsym_err = find_dynsym(info, &eh, &names);
	return 0;
}

/* A checked info over @size bytes at @p; @map is unmapped by close (not on failure). */
static int info_new(const void *p, size_t size, void *map, struct libcdev_module_info **infop)
{
	struct libcdev_module_info *info = calloc(1, sizeof(*info));
	int err;

	if (!info)
		return -ENOMEM;
	info->p = p;
	info->size = size;
	err = info_scan(info);
	if (err)
		goto free_info;
	info->map = map;
	*infop = info;
	return 0;

free_info:
	free(info);
	return err;
}

_public_ int libcdev_module_info_open_image(const void *image, size_t size,
					    struct libcdev_module_info **infop)
{
	if (!image || !infop)
		return -EINVAL;
	return info_new(image, size, NULL, infop);
}

/* The regular file open at @fd, mapped: a directory or a device is no module. */
static int map_file(int fd, void **map, size_t *size)
{
	struct stat st;

	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
		return -ENOEXEC;
	*map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (*map == MAP_FAILED)
		return -errno;
	*size = st.st_size;
	return 0;
}

_public_ int libcdev_module_info_open(const char *path, struct libcdev_module_info **infop)
{
	size_t size = 0;
	void *map;
	int fd, err;

	if (!path || !infop)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = map_file(fd, &map, &size);
	close(fd);
	if (err)
		return err;
	err = info_new(map, size, map, infop);
	if (err)
		munmap(map, size);
	return err;
}

_public_ void libcdev_module_info_close(struct libcdev_module_info *info)
{
	if (!info)
		return;
	if (info->map)
		munmap(info->map, info->size);
	free(info);
}

/*
 * The NUL-terminated string at *@pos in .modinfo, and *@pos moved past it;
 * NULL at the end. A last string without its NUL is not one: it would have
 * to be read past the section.
 */
static const char *next_string(const struct libcdev_module_info *info, size_t *pos)
{
	const char *start = (const char *)info->p + info->modinfo.sh_offset;
	size_t size = info->modinfo.sh_size;
	const char *s, *nul;

	if (*pos >= size)
		return NULL;
	s = start + *pos;
	nul = memchr(s, '\0', size - *pos);
	*pos = nul ? (size_t)(nul - start) + 1 : size;
	return nul ? s : NULL;
}

_public_ int libcdev_module_info_next(const struct libcdev_module_info *info, const char *key,
				      size_t *pos, const char **value)
{
	size_t klen = key ? strlen(key) : 0;
	const char *s;

	if (!info || !pos || !value)
		return -EINVAL;
	if (info->modinfo_err)
		return info->modinfo_err;
	while ((s = next_string(info, pos))) {
		if (!key && *s) {
			*value = s;
			return 1;
		}
		/* s is NUL-terminated: a match of klen bytes leaves s[klen] in it. */
		if (key && !strncmp(s, key, klen) && s[klen] == '=') {
			*value = s + klen + 1;
			return 1;
		}
	}
	return 0;
}

/* Whether dynamic symbol @sym is one the module needs, with a name inside the string table. */
static bool is_needed(const struct libcdev_module_info *info, const Elf64_Sym *sym)
{
	const Elf64_Shdr *strs = &info->dynstr;

	return sym->st_shndx == SHN_UNDEF && sym->st_name != 0 && sym->st_name < strs->sh_size &&
	       memchr(info->p + strs->sh_offset + sym->st_name, '\0', strs->sh_size - sym->st_name);
}

_public_ int libcdev_module_info_next_needed(const struct libcdev_module_info *info, size_t *pos,
					     const char **name, bool *weak)
{
	Elf64_Xword count;
	Elf64_Sym sym;

	if (!info || !pos || !name || !weak)
		return -EINVAL;
	if (info->dynsym_err)
		return info->dynsym_err == -ENODATA ? 0 : info->dynsym_err;
	count = info->dynsym.sh_size / sizeof(sym);
	/* Entry 0 is the null symbol, undefined by definition. */
	for (Elf64_Xword i = *pos ? *pos : 1; i < count; i++) {
		memcpy(&sym, info->p + info->dynsym.sh_offset + i * sizeof(sym), sizeof(sym));
		if (!is_needed(info, &sym))
			continue;
		*pos = i + 1;
		*name = (const char *)info->p + info->dynstr.sh_offset + sym.st_name;
		*weak = ELF64_ST_BIND(sym.st_info) == STB_WEAK;
		return 1;
	}
	if (*pos < count)
		*pos = count;
	return 0;
}

int module_each_needed_symbol(const char *path, module_symbol_fn fn, void *data)
{
	struct libcdev_module_info *info;
	const char *name;
	size_t pos = 0;
	bool weak;
	int ret;

	ret = libcdev_module_info_open(path, &info);
	if (ret)
		return ret;
	while ((ret = libcdev_module_info_next_needed(info, &pos, &name, &weak)) > 0) {
		ret = fn(name, weak, data);
		if (ret)
			break;
	}
	libcdev_module_info_close(info);
	return ret;
}

/* The kernel's license_is_gpl_compatible() (include/linux/license.h). */
static bool license_gpl(const char *license)
{
	static const char *const gpl[] = {
		"GPL",		"GPL v2",	"GPL and additional rights",
		"Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL"
	};

	for (size_t i = 0; i < sizeof(gpl) / sizeof(gpl[0]); i++)
		if (!strcmp(license, gpl[i]))
			return true;
	return false;
}

int module_license_gpl(const char *path)
{
	struct libcdev_module_info *info;
	const char *license;
	size_t pos = 0;
	int ret;

	ret = libcdev_module_info_open(path, &info);
	if (ret)
		return ret;
	while ((ret = libcdev_module_info_next(info, "license", &pos, &license)) > 0)
		if (license_gpl(license))
			break;
	libcdev_module_info_close(info);
	/* No .modinfo: no licence, so not the GPL, as for the kernel. */
	return ret == -ENODATA ? 0 : ret;
}
