/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The library's one ELF reader of module files (libcdev_module_info_*(),
 * which both cdevctl modinfo and the loader use) on crafted images:
 * well-formed ones at any alignment, and every way of lying about offsets
 * and sizes. Under the sanitizer build an unaligned or out-of-bounds read
 * here fails the test.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libcdev/module.h>

#include "test-util.h"
/* White-box: the loader's two questions, asked through the same reader. */
#include "kernel/internal.h"

static const char names[] = "\0.text\0.modinfo\0"; /* offsets 0, 1, 7 */
static const char info[] = "license=GPL\0description=test";
/* needed at 1, weakly at 8, defined at 15, cut at 23: its NUL is left out. */
static const char dynstr[] = "\0needed\0weakly\0defined\0cut";
#define DYNSTR_SIZE (sizeof(dynstr) - 1)

static const Elf64_Sym syms[] = {
	{ 0 },
	{ .st_name = 1, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC) },
	{ .st_name = 8, .st_info = ELF64_ST_INFO(STB_WEAK, STT_FUNC) },
	/* Not needed: defined here, nameless, named out of the table, cut short. */
	{ .st_name = 15, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), .st_shndx = 1 },
	{ .st_name = 0, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC) },
	{ .st_name = 500, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC) },
	{ .st_name = 23, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC) },
};

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/*
 * An ELF64 ET_DYN image: header, .modinfo data, the section-name table, with
 * @dyn a dynamic symbol table and its strings, then the section headers
 * (null, .text, .modinfo, names[, .dynsym, .dynstr]) at @shoff_pad bytes past
 * an aligned place, as a crafted file may put them. Returns its size.
 */
static size_t build_image(unsigned char *buf, size_t shoff_pad, bool dyn)
{
	Elf64_Ehdr eh = { 0 };
	Elf64_Shdr sh[6] = { 0 };
	size_t info_off = sizeof(eh), names_off = info_off + sizeof(info);
	size_t syms_off = align8(names_off + sizeof(names));
	size_t strs_off = syms_off + (dyn ? sizeof(syms) : 0);
	size_t shoff = align8(strs_off + (dyn ? DYNSTR_SIZE : 0)) + shoff_pad;
	unsigned int nsh = dyn ? 6 : 4;

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_type = ET_DYN;
	eh.e_shoff = shoff;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = nsh;
	eh.e_shstrndx = 3;
	sh[1].sh_name = 1;
	sh[2].sh_name = 7;
	sh[2].sh_offset = info_off;
	sh[2].sh_size = sizeof(info);
	sh[3].sh_offset = names_off;
	sh[3].sh_size = sizeof(names);
	sh[4] = (Elf64_Shdr){ .sh_type = SHT_DYNSYM,
			      .sh_offset = syms_off,
			      .sh_size = sizeof(syms),
			      .sh_entsize = sizeof(Elf64_Sym),
			      .sh_link = 5 };
	sh[5] = (Elf64_Shdr){ .sh_type = SHT_STRTAB,
			      .sh_offset = strs_off,
			      .sh_size = DYNSTR_SIZE };
	memset(buf, 0, shoff);
	memcpy(buf, &eh, sizeof(eh));
	memcpy(buf + info_off, info, sizeof(info));
	memcpy(buf + names_off, names, sizeof(names));
	if (dyn) {
		memcpy(buf + syms_off, syms, sizeof(syms));
		memcpy(buf + strs_off, dynstr, DYNSTR_SIZE);
	}
	memcpy(buf + shoff, sh, nsh * sizeof(sh[0]));
	return shoff + nsh * sizeof(sh[0]);
}

static size_t build(unsigned char *buf, size_t shoff_pad)
{
	return build_image(buf, shoff_pad, false);
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

static void get_shdr(const unsigned char *buf, unsigned int i, Elf64_Shdr *sh)
{
	Elf64_Ehdr eh;

	memcpy(&eh, buf, sizeof(eh));
	memcpy(sh, buf + eh.e_shoff + i * sizeof(*sh), sizeof(*sh));
}

static void put_shdr(unsigned char *buf, unsigned int i, const Elf64_Shdr *sh)
{
	Elf64_Ehdr eh;

	memcpy(&eh, buf, sizeof(eh));
	memcpy(buf + eh.e_shoff + i * sizeof(*sh), sh, sizeof(*sh));
}

/* What the reader says of @size bytes at @img: the error of open, or of the first entry. */
static int read_image(const unsigned char *img, size_t size)
{
	struct libcdev_module_info *mi;
	const char *v;
	size_t pos = 0;
	int err;

	err = libcdev_module_info_open_image(img, size, &mi);
	if (err)
		return err;
	err = libcdev_module_info_next(mi, NULL, &pos, &v);
	libcdev_module_info_close(mi);
	return err < 0 ? err : 0;
}

/* The error of the first needed symbol of @size bytes at @img, or 0 (none, or one). */
static int read_needed(const unsigned char *img, size_t size)
{
	struct libcdev_module_info *mi;
	const char *name;
	size_t pos = 0;
	bool weak;
	int err;

	err = libcdev_module_info_open_image(img, size, &mi);
	if (err)
		return err;
	err = libcdev_module_info_next_needed(mi, &pos, &name, &weak);
	libcdev_module_info_close(mi);
	return err < 0 ? err : 0;
}

static bool within(const void *p, const unsigned char *img, size_t size)
{
	return (const unsigned char *)p >= img && (const unsigned char *)p < img + size;
}

static void finds_modinfo_at_any_alignment(void **state)
{
	(void)state;
	for (size_t pad = 0; pad < 8; pad++) {
		for (size_t shift = 0; shift < 8; shift++) {
			unsigned char *mem = calloc(1, 1024), *img = mem + shift;
			size_t size = build(img, pad), pos = 0;
			struct libcdev_module_info *mi;
			const char *v;

			assert_int_equal(libcdev_module_info_open_image(img, size, &mi), 0);
			assert_int_equal(libcdev_module_info_next(mi, "license", &pos, &v), 1);
			assert_string_equal(v, "GPL");
			assert_true(within(v, img, size));
			assert_int_equal(libcdev_module_info_next(mi, "license", &pos, &v), 0);
			pos = 0;
			assert_int_equal(libcdev_module_info_next(mi, "description", &pos, &v), 1);
			assert_string_equal(v, "test");
			libcdev_module_info_close(mi);
			free(mem);
		}
	}
}

static void every_entry_in_order(void **state)
{
	unsigned char buf[1024];
	size_t size = build(buf, 0), pos = 0;
	struct libcdev_module_info *mi;
	const char *v;

	(void)state;
	assert_int_equal(libcdev_module_info_open_image(buf, size, &mi), 0);
	assert_int_equal(libcdev_module_info_next(mi, NULL, &pos, &v), 1);
	assert_string_equal(v, "license=GPL");
	assert_int_equal(libcdev_module_info_next(mi, NULL, &pos, &v), 1);
	assert_string_equal(v, "description=test");
	assert_int_equal(libcdev_module_info_next(mi, NULL, &pos, &v), 0);
	assert_int_equal(libcdev_module_info_next(mi, NULL, &pos, &v), 0);
	/* A key is whole: "licens" is not "license", nor "license=GPL" a key of "license=". */
	pos = 0;
	assert_int_equal(libcdev_module_info_next(mi, "licens", &pos, &v), 0);
	/* A cursor past the end, as a caller may pass one, reads nothing. */
	pos = ~(size_t)0;
	assert_int_equal(libcdev_module_info_next(mi, NULL, &pos, &v), 0);
	assert_int_equal(libcdev_module_info_next(mi, NULL, NULL, &v), -EINVAL);
	assert_int_equal(libcdev_module_info_next(NULL, NULL, &pos, &v), -EINVAL);
	libcdev_module_info_close(mi);
	libcdev_module_info_close(NULL);
}

static void every_truncation_is_refused(void **state)
{
	unsigned char buf[1024];

	(void)state;
	for (int dyn = 0; dyn < 2; dyn++) {
		size_t size = build_image(buf, 3, dyn);

		for (size_t n = 0; n < size; n++) {
			/* A copy of exactly n bytes: a read past it is caught by ASan. */
			unsigned char *img = malloc(n ? n : 1);

			memcpy(img, buf, n);
			assert_int_equal(read_image(img, n), -ENOEXEC);
			free(img);
		}
	}
}

static void lying_headers_are_refused(void **state)
{
	unsigned char buf[1024];
	size_t size;
	Elf64_Ehdr eh;
	Elf64_Shdr sh;

	(void)state;
	size = build(buf, 0);
	header(buf, &eh)->e_shoff = ~(Elf64_Off)0 - 8;
	put_header(buf, &eh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);

	size = build(buf, 0);
	header(buf, &eh)->e_shstrndx = 4;
	put_header(buf, &eh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);

	size = build(buf, 0);
	header(buf, &eh)->e_shentsize = 32;
	put_header(buf, &eh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);

	size = build(buf, 0);
	header(buf, &eh)->e_type = ET_EXEC;
	put_header(buf, &eh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);

	/* No section headers at all: nothing to check a module by. */
	size = build(buf, 0);
	header(buf, &eh)->e_shnum = 0;
	put_header(buf, &eh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);

	/* More section headers than the file holds. */
	size = build(buf, 0);
	header(buf, &eh)->e_shnum = 5;
	put_header(buf, &eh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);

	/* The .modinfo section runs past the end of the file. */
	size = build(buf, 0);
	get_shdr(buf, 2, &sh);
	sh.sh_size = size;
	put_shdr(buf, 2, &sh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);

	/* The name table's size is huge: refused, not read. */
	size = build(buf, 0);
	get_shdr(buf, 3, &sh);
	sh.sh_size = ~(Elf64_Xword)0;
	put_shdr(buf, 3, &sh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);

	/* A section before the one looked for lies: the file does. */
	size = build_image(buf, 0, true);
	get_shdr(buf, 1, &sh);
	sh.sh_offset = size;
	sh.sh_size = 1;
	put_shdr(buf, 1, &sh);
	assert_int_equal(read_image(buf, size), -ENOEXEC);
	assert_int_equal(read_needed(buf, size), -ENOEXEC);
}

static void a_bss_past_the_end_is_no_lie(void **state)
{
	unsigned char buf[1024];
	size_t size, pos = 0;
	struct libcdev_module_info *mi;
	const char *v;
	Elf64_Shdr sh;

	(void)state;
	/* .bss has no bytes in the file: its size may run past the end. */
	size = build(buf, 0);
	get_shdr(buf, 1, &sh);
	sh.sh_type = SHT_NOBITS;
	sh.sh_offset = size - 1;
	sh.sh_size = 1 << 20;
	put_shdr(buf, 1, &sh);
	assert_int_equal(read_image(buf, size), 0);

	/* A .modinfo without bytes in the file has no entries, not those past its offset. */
	size = build(buf, 0);
	get_shdr(buf, 2, &sh);
	sh.sh_type = SHT_NOBITS;
	put_shdr(buf, 2, &sh);
	assert_int_equal(libcdev_module_info_open_image(buf, size, &mi), 0);
	assert_int_equal(libcdev_module_info_next(mi, NULL, &pos, &v), 0);
	libcdev_module_info_close(mi);
}

static void a_name_cut_short_does_not_match(void **state)
{
	unsigned char buf[1024];
	size_t size;
	Elf64_Shdr sh;

	(void)state;
	/* The name table ends inside ".modinfo": no match, no read past it. */
	size = build(buf, 0);
	get_shdr(buf, 3, &sh);
	sh.sh_size = 10;
	put_shdr(buf, 3, &sh);
	assert_int_equal(read_image(buf, size), -ENODATA);
}

static void an_unterminated_entry_is_not_read(void **state)
{
	unsigned char buf[1024];
	size_t size, pos = 0;
	struct libcdev_module_info *mi;
	const char *v;
	Elf64_Shdr sh;

	(void)state;
	/* .modinfo ends before the NUL of "description=test". */
	size = build(buf, 0);
	get_shdr(buf, 2, &sh);
	sh.sh_size = sizeof(info) - 1;
	put_shdr(buf, 2, &sh);
	assert_int_equal(libcdev_module_info_open_image(buf, size, &mi), 0);
	assert_int_equal(libcdev_module_info_next(mi, NULL, &pos, &v), 1);
	assert_string_equal(v, "license=GPL");
	assert_int_equal(libcdev_module_info_next(mi, NULL, &pos, &v), 0);
	libcdev_module_info_close(mi);
}

static void lists_needed_symbols_at_any_alignment(void **state)
{
	(void)state;
	for (size_t shift = 0; shift < 8; shift++) {
		unsigned char *mem = calloc(1, 1024), *img = mem + shift;
		size_t size = build_image(img, shift, true), pos = 0;
		struct libcdev_module_info *mi;
		const char *name;
		bool weak;

		assert_int_equal(libcdev_module_info_open_image(img, size, &mi), 0);
		assert_int_equal(libcdev_module_info_next_needed(mi, &pos, &name, &weak), 1);
		assert_string_equal(name, "needed");
		assert_false(weak);
		assert_true(within(name, img, size));
		assert_int_equal(libcdev_module_info_next_needed(mi, &pos, &name, &weak), 1);
		assert_string_equal(name, "weakly");
		assert_true(weak);
		assert_int_equal(libcdev_module_info_next_needed(mi, &pos, &name, &weak), 0);
		assert_int_equal(libcdev_module_info_next_needed(mi, &pos, &name, &weak), 0);
		assert_int_equal(libcdev_module_info_next_needed(mi, NULL, &name, &weak), -EINVAL);
		libcdev_module_info_close(mi);
		free(mem);
	}
}

static void lying_symbol_tables_are_refused(void **state)
{
	unsigned char buf[1024];
	size_t size, pos = 0;
	struct libcdev_module_info *mi;
	const char *v;
	Elf64_Shdr sh;

	(void)state;
	/* Entries of another size than an ELF64 symbol. */
	size = build_image(buf, 0, true);
	get_shdr(buf, 4, &sh);
	sh.sh_entsize = 16;
	put_shdr(buf, 4, &sh);
	assert_int_equal(read_needed(buf, size), -ENOEXEC);
	/* A lying symbol table is its own error: .modinfo is still read. */
	assert_int_equal(read_image(buf, size), 0);

	/* A string table that is no section. */
	size = build_image(buf, 0, true);
	get_shdr(buf, 4, &sh);
	sh.sh_link = 6;
	put_shdr(buf, 4, &sh);
	assert_int_equal(read_needed(buf, size), -ENOEXEC);

	/* A string table past the end. */
	size = build_image(buf, 0, true);
	get_shdr(buf, 5, &sh);
	sh.sh_offset = size - 1;
	put_shdr(buf, 5, &sh);
	assert_int_equal(read_needed(buf, size), -ENOEXEC);

	/* A symbol table past the end. */
	size = build_image(buf, 0, true);
	get_shdr(buf, 4, &sh);
	sh.sh_size = ~(Elf64_Xword)0 - 7;
	put_shdr(buf, 4, &sh);
	assert_int_equal(read_needed(buf, size), -ENOEXEC);

	/* No dynamic symbol table: it needs nothing. */
	size = build(buf, 0);
	assert_int_equal(libcdev_module_info_open_image(buf, size, &mi), 0);
	assert_int_equal(libcdev_module_info_next_needed(mi, &pos, &v, &(bool){ false }), 0);
	libcdev_module_info_close(mi);
}

static int count_needed(const char *name, bool weak, void *data)
{
	(void)name, (void)weak;
	++*(int *)data;
	return 0;
}

/* Files: through libcdev_module_info_open(), and the loader's questions. */
static void reads_files(void **state)
{
	char dir[] = "/tmp/libcdev-elf.XXXXXX", path[64], empty[64];
	unsigned char buf[1024];
	size_t size = build_image(buf, 0, true), pos = 0;
	struct libcdev_module_info *mi;
	const char *v;
	int fd, needed = 0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/mod.so", dir);
	snprintf(empty, sizeof(empty), "%s/empty.so", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, size), (ssize_t)size);
	close(fd);
	fd = open(empty, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	close(fd);

	assert_int_equal(libcdev_module_info_open(path, &mi), 0);
	assert_int_equal(libcdev_module_info_next(mi, "description", &pos, &v), 1);
	assert_string_equal(v, "test");
	libcdev_module_info_close(mi);
	assert_int_equal(libcdev_module_info_open(empty, &mi), -ENOEXEC);
	assert_int_equal(libcdev_module_info_open(dir, &mi), -ENOEXEC);
	assert_int_equal(libcdev_module_info_open("/nonexistent/mod.so", &mi), -ENOENT);
	assert_int_equal(libcdev_module_info_open(NULL, &mi), -EINVAL);
	assert_int_equal(libcdev_module_info_open_image(NULL, 0, &mi), -EINVAL);

	assert_int_equal(module_license_gpl(path), 1);
	assert_int_equal(module_each_needed_symbol(path, count_needed, &needed), 0);
	assert_int_equal(needed, 2);
	assert_int_equal(module_license_gpl(empty), -ENOEXEC);
	assert_int_equal(module_each_needed_symbol(empty, count_needed, &needed), -ENOEXEC);

	unlink(path);
	unlink(empty);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(finds_modinfo_at_any_alignment),
		cmocka_unit_test(every_entry_in_order),
		cmocka_unit_test(every_truncation_is_refused),
		cmocka_unit_test(lying_headers_are_refused),
		cmocka_unit_test(a_bss_past_the_end_is_no_lie),
		cmocka_unit_test(a_name_cut_short_does_not_match),
		cmocka_unit_test(an_unterminated_entry_is_not_read),
		cmocka_unit_test(lists_needed_symbols_at_any_alignment),
		cmocka_unit_test(lying_symbol_tables_are_refused),
		cmocka_unit_test(reads_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
