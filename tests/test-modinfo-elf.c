/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl modinfo's ELF reader on crafted images: well-formed ones at any
 * alignment, and every way of lying about offsets and sizes. Under the
 * sanitizer build an unaligned or out-of-bounds read here fails the test.
 */
#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "tools/modinfo-elf.h"

static const char names[] = "\0.text\0.modinfo\0";	/* offsets 0, 1, 7 */
static const char info[] = "license=GPL\0description=test";

/*
 * An ELF64 ET_DYN image: header, .modinfo data, the section-name table, then
 * 3 section headers (null, .text, .modinfo) at @shoff_pad bytes past an
 * aligned place, as a crafted file may put them. Returns its size.
 */
static size_t build(unsigned char *buf, size_t shoff_pad)
{
	Elf64_Ehdr eh = { 0 };
	Elf64_Shdr sh[4] = { 0 };
	size_t info_off = sizeof(eh), names_off = info_off + sizeof(info);
	size_t shoff = ((names_off + sizeof(names) + 7) & ~(size_t)7) + shoff_pad;

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_type = ET_DYN;
	eh.e_shoff = shoff;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = 4;
	eh.e_shstrndx = 3;
	sh[1].sh_name = 1;
	sh[2].sh_name = 7;
	sh[2].sh_offset = info_off;
	sh[2].sh_size = sizeof(info);
	sh[3].sh_offset = names_off;
	sh[3].sh_size = sizeof(names);
	memset(buf, 0, shoff);
	memcpy(buf, &eh, sizeof(eh));
	memcpy(buf + info_off, info, sizeof(info));
	memcpy(buf + names_off, names, sizeof(names));
	memcpy(buf + shoff, sh, sizeof(sh));
	return shoff + sizeof(sh);
}

static Elf64_Ehdr *header(unsigned char *buf, Elf64_Ehdr *eh)
{
	memcpy(eh, buf, sizeof(*eh));
	return eh;
}

static void put_header(unsigned char *buf, const Elf64_Ehdr *eh)
{
	memcpy(buf, eh, sizeof(*eh));
}

static void finds_modinfo_at_any_alignment(void **state)
{
	(void)state;
	for (size_t pad = 0; pad < 8; pad++) {
		for (size_t shift = 0; shift < 8; shift++) {
			unsigned char *mem = calloc(1, 1024), *img = mem + shift;
			size_t size = build(img, pad), off = 0, len = 0;

			assert_int_equal(modinfo_elf_find(img, size, &off, &len), 0);
			assert_int_equal(len, sizeof(info));
			assert_memory_equal(img + off, info, sizeof(info));
			free(mem);
		}
	}
}

static void every_truncation_is_refused(void **state)
{
	unsigned char buf[1024];
	size_t size = build(buf, 3), off, len;

	(void)state;
	for (size_t n = 0; n < size; n++) {
		/* A copy of exactly n bytes: a read past it is caught by ASan. */
		unsigned char *img = malloc(n ? n : 1);

		memcpy(img, buf, n);
		assert_int_equal(modinfo_elf_find(img, n, &off, &len), -ENOEXEC);
		free(img);
	}
}

static void lying_headers_are_refused(void **state)
{
	unsigned char buf[1024];
	size_t size, off, len;
	Elf64_Ehdr eh;
	Elf64_Shdr sh;

	(void)state;
	size = build(buf, 0);
	header(buf, &eh)->e_shoff = ~(Elf64_Off)0 - 8;
	put_header(buf, &eh);
	assert_int_equal(modinfo_elf_find(buf, size, &off, &len), -ENOEXEC);

	size = build(buf, 0);
	header(buf, &eh)->e_shstrndx = 4;
	put_header(buf, &eh);
	assert_int_equal(modinfo_elf_find(buf, size, &off, &len), -ENOEXEC);

	size = build(buf, 0);
	header(buf, &eh)->e_shentsize = 32;
	put_header(buf, &eh);
	assert_int_equal(modinfo_elf_find(buf, size, &off, &len), -ENOEXEC);

	size = build(buf, 0);
	header(buf, &eh)->e_type = ET_EXEC;
	put_header(buf, &eh);
	assert_int_equal(modinfo_elf_find(buf, size, &off, &len), -ENOEXEC);

	/* The .modinfo section runs past the end of the file. */
	size = build(buf, 0);
	header(buf, &eh);
	memcpy(&sh, buf + eh.e_shoff + 2 * sizeof(sh), sizeof(sh));
	sh.sh_size = size;
	memcpy(buf + eh.e_shoff + 2 * sizeof(sh), &sh, sizeof(sh));
	assert_int_equal(modinfo_elf_find(buf, size, &off, &len), -ENOEXEC);

	/* The name table's size is huge: refused, not read. */
	size = build(buf, 0);
	memcpy(&sh, buf + eh.e_shoff + 3 * sizeof(sh), sizeof(sh));
	sh.sh_size = ~(Elf64_Xword)0;
	memcpy(buf + eh.e_shoff + 3 * sizeof(sh), &sh, sizeof(sh));
	assert_int_equal(modinfo_elf_find(buf, size, &off, &len), -ENOEXEC);
}

static void a_name_cut_short_does_not_match(void **state)
{
	unsigned char buf[1024];
	size_t size, off, len;
	Elf64_Ehdr eh;
	Elf64_Shdr sh;

	(void)state;
	/* The name table ends inside ".modinfo": no match, no read past it. */
	size = build(buf, 0);
	header(buf, &eh);
	memcpy(&sh, buf + eh.e_shoff + 3 * sizeof(sh), sizeof(sh));
	sh.sh_size = 10;
	memcpy(buf + eh.e_shoff + 3 * sizeof(sh), &sh, sizeof(sh));
	assert_int_equal(modinfo_elf_find(buf, size, &off, &len), -ENODATA);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(finds_modinfo_at_any_alignment),
		cmocka_unit_test(every_truncation_is_refused),
		cmocka_unit_test(lying_headers_are_refused),
		cmocka_unit_test(a_name_cut_short_does_not_match),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
