/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's small library headers as a driver uses them: <linux/ctype.h>
 * classes Latin-1 as the kernel's table does (not the C locale),
 * <linux/sizes.h>, array_index_nospec() bounds an index, <linux/math64.h>
 * divides and multiplies without losing the high bits, <linux/bitfield.h>
 * packs and unpacks fields, <linux/time64.h> keeps tv_nsec normalized and
 * mktime64() counts from 1970, <asm/atomic.h> and <asm/io.h> forward.
 */
#include <linux/bitfield.h>
#include <linux/cache.h>
#include <linux/mmtimer.h>
#include <linux/posix-timers.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/nospec.h>
#include <linux/param.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/swab.h>
#include <linux/time.h>
#include <linux/time64.h>
#include <asm/atomic.h>
#include <asm/byteorder.h>
#include <asm/div64.h>
#include <asm/io.h>
#include <asm/unaligned.h>
#include <asm/uv/bios.h>
#include <asm/uv/uv_hub.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "test-util.h"

static void test_ctype_ascii(void **state)
{
	(void)state;
	assert_true(isdigit('7') && !isdigit('a') && !isdigit(-1));
	assert_true(isxdigit('a') && isxdigit('F') && isxdigit('0') && !isxdigit('g'));
	assert_true(isspace(' ') && isspace('\t') && isspace('\n') && isspace('\v') &&
		    isspace('\f') && isspace('\r'));
	assert_false(isspace('\0'));
	assert_true(isupper('Q') && !isupper('q') && islower('q'));
	assert_true(ispunct('!') && ispunct('~') && !ispunct('a') && !ispunct(' '));
	assert_true(isprint(' ') && !isgraph(' ') && isgraph('#') && iscntrl(0x7f));
	assert_true(isalnum('z') && isalnum('5') && !isalnum('_'));
	assert_int_equal(tolower('A'), 'a');
	assert_int_equal(toupper('z'), 'Z');
	assert_int_equal(tolower('1'), '1');
	assert_int_equal(_tolower('X'), 'x');
	assert_true(isodigit('7') && !isodigit('8'));
	assert_true(isascii(0x7f) && !isascii(0x80));
	assert_int_equal(toascii(0xc1), 0x41);
}

static void test_ctype_latin1(void **state)
{
	(void)state;
	/* 0x80-0x9f: no class at all; 0xa0 a hard space; the letters of ISO 8859-1. */
	for (int c = 0x80; c < 0xa0; c++)
		assert_false(isprint(c) || iscntrl(c) || isspace(c));
	assert_true(isspace(0xa0) && isprint(0xa0));
	assert_true(isupper(0xc0) && isupper(0xde) && !isupper(0xd7) && ispunct(0xd7));
	assert_true(islower(0xdf) && islower(0xff) && ispunct(0xf7));
	assert_int_equal(tolower(0xc9), 0xe9);
	assert_int_equal(toupper(0xe9), 0xc9);
	/* A (signed) char is taken as unsigned: (char)0xe9 is a letter too. */
	assert_true(isalpha((char)0xe9));
	/* ASCII agrees with the C locale everywhere. */
	for (int c = 0; c < 0x80; c++) {
		assert_int_equal(!!isalpha(c), (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
		assert_int_equal(!!iscntrl(c), c < 0x20 || c == 0x7f);
	}
}

static void test_sizes_param(void **state)
{
	(void)state;
	assert_int_equal(SZ_4K, 4096);
	assert_int_equal(SZ_1M, 1 << 20);
	assert_true(SZ_2G == 0x80000000u);
	assert_true(SZ_4G == 1ULL << 32 && SZ_64T == 1ULL << 46);
	assert_int_equal(HZ, 1000);
	assert_int_equal(USER_HZ, 100);
}

static void test_nospec(void **state)
{
	int table[5] = { 10, 11, 12, 13, 14 };

	(void)state;
	for (unsigned long i = 0; i < 5; i++)
		assert_int_equal(array_index_nospec(i, 5UL), i);
	assert_int_equal(array_index_nospec(5UL, 5UL), 0);
	assert_int_equal(array_index_nospec(~0UL >> 1, 5UL), 0);
	assert_int_equal(table[array_index_nospec(3, 5)], 13);
	assert_int_equal(array_index_mask_nospec(2, 3), ~0UL);
	assert_int_equal(array_index_mask_nospec(3, 3), 0);
}

static void test_math64(void **state)
{
	u32 rem32;
	s32 srem;
	u64 rem64, n = 1000000000007ULL;

	(void)state;
	assert_true(div_u64(10000000000ULL, 3) == 3333333333ULL);
	assert_true(div_u64_rem(10000000001ULL, 10, &rem32) == 1000000000ULL && rem32 == 1);
	assert_true(div_s64(-7, 2) == -3);
	assert_true(div_s64_rem(-7, 2, &srem) == -3 && srem == -1);
	assert_true(div64_u64_rem(U64_MAX, 1ULL << 32, &rem64) == 0xffffffffULL &&
		    rem64 == 0xffffffffULL);
	assert_true(div64_s64(-9000000000LL, 3) == -3000000000LL);
	assert_true(mul_u32_u32(0xffffffffu, 0xffffffffu) == 0xfffffffe00000001ULL);
	assert_true(mul_u64_u32_shr(1ULL << 62, 8, 4) == 1ULL << 61);
	assert_true(mul_u64_u64_shr(U64_MAX, U64_MAX, 64) == U64_MAX - 1);
	assert_true(mul_u64_u32_div(1ULL << 63, 6, 3) == 0);
	assert_true(mul_u64_u32_div(1ULL << 62, 6, 4) == 3ULL << 61);
	assert_true(DIV64_U64_ROUND_UP(10, 3) == 4 && DIV64_U64_ROUND_UP(9, 3) == 3);
	assert_true(DIV64_U64_ROUND_CLOSEST(10, 4) == 3 && DIV64_U64_ROUND_CLOSEST(9, 4) == 2);
	assert_true(DIV_S64_ROUND_CLOSEST(-10, 4) == -3 && DIV_S64_ROUND_CLOSEST(10, -4) == -3);
	assert_int_equal(do_div(n, 1000), 7);
	assert_true(n == 1000000000ULL);
}

#define REG_MODE GENMASK(7, 4)
#define REG_EN	 BIT(0)
#define REG_WIDE GENMASK_ULL(47, 16)

static void test_bitfield(void **state)
{
	u32 reg = FIELD_PREP(REG_MODE, 0xa) | FIELD_PREP(REG_EN, 1);
	u32 v = 0x1f;

	(void)state;
	assert_int_equal(reg, 0xa1);
	assert_int_equal(FIELD_GET(REG_MODE, reg), 0xa);
	assert_int_equal(FIELD_GET(REG_EN, reg), 1);
	assert_int_equal(FIELD_MAX(REG_MODE), 0xf);
	assert_true(FIELD_FIT(REG_MODE, 0xf));
	assert_false(FIELD_FIT(REG_MODE, v));
	/* A value too large at run time loses its high bits, as the kernel's mask does. */
	assert_int_equal(FIELD_PREP(REG_MODE, v), 0xf0);
	assert_true(FIELD_GET(REG_WIDE, 0x0000123456780000ULL) == 0x12345678ULL);
	assert_int_equal(u32_get_bits(0xabcd, 0xff00), 0xab);
	assert_int_equal(u32_encode_bits(0x3, 0x30), 0x30);
	assert_int_equal(u16_replace_bits(0xffff, 0, 0x0ff0), 0xf00f);
	assert_int_equal(u8_encode_bits(0xff, 0x0c), 0x0c);
	u32p_replace_bits(&reg, 0x5, REG_MODE);
	assert_int_equal(reg, 0x51);
	assert_true(u64_get_bits(0xff00000000000000ULL, 0xf000000000000000ULL) == 0xf);
}

static void test_time64(void **state)
{
	struct timespec64 a = { 1, 900000000 }, b = { 0, 200000000 }, c;
	struct itimerspec64 its = { { 0, 0 }, { 1, NSEC_PER_SEC } };

	(void)state;
	c = timespec64_add(a, b);
	assert_true(c.tv_sec == 2 && c.tv_nsec == 100000000);
	c = timespec64_sub(b, a);
	assert_true(c.tv_sec == -2 && c.tv_nsec == 300000000);
	assert_false(timespec64_valid(&c));
	assert_true(timespec64_compare(&a, &b) > 0 && timespec64_compare(&b, &a) < 0);
	assert_int_equal(timespec64_compare(&a, &a), 0);
	assert_true(timespec64_equal(&a, &a));
	c = ns_to_timespec64(-1);
	assert_true(c.tv_sec == -1 && c.tv_nsec == 999999999);
	assert_true(timespec64_to_ns(&c) == -1);
	timespec64_add_ns(&a, 1100000000ULL);
	assert_true(a.tv_sec == 3 && a.tv_nsec == 0);
	assert_true(ktime_to_timespec64(ktime_set(5, 7)).tv_nsec == 7);
	assert_true(timespec64_to_ktime(a) == 3 * NSEC_PER_SEC);
	assert_false(itimerspec64_valid(&its));
	c.tv_sec = KTIME_SEC_MAX;
	assert_true(timespec64_to_ns(&c) == KTIME_MAX);
	assert_true(mktime64(1970, 1, 1, 0, 0, 0) == 0);
	assert_true(mktime64(2000, 3, 1, 0, 0, 0) == 951868800);
	assert_true(mktime64(2024, 2, 29, 12, 30, 15) == 1709209815);
	assert_true(mktime64(1969, 12, 31, 24, 0, 0) == 0);
	assert_true(time_after32(1, 0xffffffffu) && time_before32(0xffffffffu, 1));
}

static void test_asm_forwards(void **state)
{
	atomic_t v = ATOMIC_INIT(1);
	u32 reg = 0;

	(void)state;
	assert_true(atomic_inc_return(&v) == 2);
	/* Memory no ioremap() gave reads as a bus with nothing behind it. */
	test_log_take();
	assert_int_equal(readl((void __iomem *)&reg), 0xffffffffu);
	assert_non_null(strstr(test_log_take(), "outside every register bank"));
}

/* The configuration every file starts with, as under kbuild: x86_64 with modules, nothing else. */
static void test_kconfig(void **state)
{
	(void)state;
#if !IS_ENABLED(CONFIG_X86_64) || IS_ENABLED(CONFIG_PCI) || !defined(CONFIG_MODULES)
	fail_msg("the configuration's options are not libcdev's");
#endif
	assert_int_equal(IS_ENABLED(CONFIG_64BIT), 1);
	assert_int_equal(IS_BUILTIN(CONFIG_SMP), 1);
	assert_int_equal(IS_MODULE(CONFIG_SMP), 0);
	assert_int_equal(IS_ENABLED(CONFIG_NO_SUCH_OPTION), 0);
	assert_int_equal(IS_REACHABLE(CONFIG_USB), 0);
}

/* What a ->store() compares a written word with: one newline at the end of either is ignored. */
static void test_sysfs_streq(void **state)
{
	(void)state;
	assert_true(sysfs_streq("on", "on"));
	assert_true(sysfs_streq("on\n", "on"));
	assert_true(sysfs_streq("on", "on\n"));
	assert_true(sysfs_streq("", "\n"));
	assert_false(sysfs_streq("on\n\n", "on"));
	assert_false(sysfs_streq("on", "off"));
	assert_false(sysfs_streq("o", "on"));
	assert_false(sysfs_streq("on ", "on"));
}

/* A word's index in an array of them: exact, or as sysfs_streq() compares; up to @n or a NULL. */
static void test_match_string(void **state)
{
	static const char *const modes[] = { "low", "high", NULL, "hidden" };
	static const char *const levels[] = { "off", "on" };

	(void)state;
	assert_int_equal(match_string(modes, ARRAY_SIZE(modes), "high"), 1);
	assert_int_equal(match_string(modes, ARRAY_SIZE(modes), "high\n"), -EINVAL);
	assert_int_equal(match_string(modes, ARRAY_SIZE(modes), "hidden"), -EINVAL);
	assert_int_equal(match_string(modes, (size_t)-1, "low"), 0);
	assert_int_equal(match_string(modes, 1, "high"), -EINVAL);
	assert_int_equal(sysfs_match_string(levels, "on\n"), 1);
	assert_int_equal(sysfs_match_string(levels, "off"), 0);
	assert_int_equal(sysfs_match_string(levels, "o"), -EINVAL);
	assert_int_equal(__sysfs_match_string(modes, (size_t)-1, "hidden\n"), -EINVAL);
}

/* Rows of 16 or 32 bytes, groups read in this machine's order (x86: little-endian), text after. */
static void test_hex_dump(void **state)
{
	static const unsigned char bytes[] = "0123456789abcdef\x01\x02\xff";
	char line[200];

	(void)state;
	assert_int_equal(hex_dump_to_buffer(bytes, 4, 16, 1, line, sizeof(line), false), 11);
	assert_string_equal(line, "30 31 32 33");
	assert_int_equal(hex_dump_to_buffer(bytes, 4, 16, 2, line, sizeof(line), false), 9);
	assert_string_equal(line, "3130 3332");
	hex_dump_to_buffer(bytes, 8, 16, 4, line, sizeof(line), false);
	assert_string_equal(line, "33323130 37363534");
	/* A group size that does not divide the length falls back to bytes. */
	hex_dump_to_buffer(bytes, 3, 16, 2, line, sizeof(line), false);
	assert_string_equal(line, "30 31 32");
	/* The text starts where a full row's would: column 16 * 2 + 16 + 1. */
	hex_dump_to_buffer(bytes + 16, 3, 16, 1, line, sizeof(line), true);
	assert_int_equal(strncmp(line, "01 02 ff ", 9), 0);
	assert_int_equal(strspn(line + 8, " "), 49 - 8);
	assert_string_equal(line + 49, "...");
	/* Too short a buffer: what it would need. */
	assert_int_equal(hex_dump_to_buffer(bytes, 16, 16, 1, line, 10, true), 49 + 16);
	assert_int_equal(strlen(line), 9);
	/* Printed a row per line, with the offset, at the level given. */
	test_log_everything();
	print_hex_dump(KERN_INFO, "eeprom: ", DUMP_PREFIX_OFFSET, 16, 1, bytes, 19, true);
	snprintf(line, sizeof(line), "eeprom: 00000000: %-49s%s\neeprom: 00000010: %-49s%s\n",
		 "30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66", "0123456789abcdef", "01 02 ff",
		 "...");
	assert_string_equal(test_log_take(), line);
	print_hex_dump_bytes("", DUMP_PREFIX_NONE, bytes, 2);
	snprintf(line, sizeof(line), "%-49s%s\n", "30 31", "01");
	assert_string_equal(test_log_take(), line);
}

/* The kernel's names for the uapi byte swaps, and the array forms. */
static void test_swab(void **state)
{
	u16 h[3] = { 0x1234, 0xabcd, 0x00ff };
	u32 w[2] = { 0x12345678, 0xff000000 };

	(void)state;
	assert_int_equal(swab16(0x1234), 0x3412);
	assert_int_equal(swab32(0x12345678), 0x78563412);
	assert_true(swab64(0x0102030405060708ULL) == 0x0807060504030201ULL);
	assert_int_equal(swahw32(0x12345678), 0x56781234);
	assert_int_equal(swahb32(0x12345678), 0x34127856);
	swab16_array(h, 2);
	assert_int_equal(h[0], 0x3412);
	assert_int_equal(h[1], 0xcdab);
	assert_int_equal(h[2], 0x00ff);
	swab32_array(w, 2);
	assert_int_equal(w[0], 0x78563412);
	assert_int_equal(w[1], 0x000000ff);
}

/* The kernel's byte-order names, here on little-endian x86, through <linux/kernel.h> too. */
static void test_byteorder(void **state)
{
	__le32 le = cpu_to_le32(0x12345678);
	__be16 be = cpu_to_be16(0x1234);
	u32 raw;

	(void)state;
	memcpy(&raw, &le, sizeof(raw));
	assert_int_equal(raw, 0x12345678);
	assert_int_equal(le32_to_cpu(le), 0x12345678);
	assert_int_equal((u16)be, 0x3412);
	assert_int_equal(be16_to_cpu(be), 0x1234);
	assert_true(be64_to_cpu(cpu_to_be64(0x0102030405060708ULL)) == 0x0102030405060708ULL);
	le32_add_cpu(&le, 8);
	assert_int_equal(le32_to_cpup(&le), 0x12345680);
	be16_add_cpu(&be, 1);
	assert_int_equal(be16_to_cpu(be), 0x1235);
}

/* Values at odd addresses of a chip's byte stream, in either order, 16 to 64 bits and 24. */
static void test_unaligned(void **state)
{
	const u8 in[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	u8 out[10] = { 0 };

	(void)state;
	assert_int_equal(get_unaligned_be16(in + 1), 0x0102);
	assert_int_equal(get_unaligned_le16(in + 1), 0x0201);
	assert_int_equal(get_unaligned_be24(in + 1), 0x010203);
	assert_int_equal(get_unaligned_le24(in + 1), 0x030201);
	assert_int_equal(get_unaligned_be32(in + 1), 0x01020304);
	assert_int_equal(get_unaligned_le32(in + 1), 0x04030201);
	assert_true(get_unaligned_be64(in + 1) == 0x0102030405060708ULL);
	assert_true(get_unaligned_le64(in + 1) == 0x0807060504030201ULL);
	assert_true(get_unaligned_be48(in + 1) == 0x010203040506ULL);
	assert_int_equal(get_unaligned((const u32 *)(in + 1)), 0x04030201);
	assert_int_equal(__get_unaligned_cpu32(in + 3), 0x06050403);
	put_unaligned_be32(0x11223344, out + 1);
	assert_memory_equal(out + 1, "\x11\x22\x33\x44", 4);
	put_unaligned_le16(0xaabb, out + 5);
	assert_memory_equal(out + 5, "\xbb\xaa", 2);
	put_unaligned_be24(0x010203, out + 7);
	assert_memory_equal(out + 7, "\x01\x02\x03", 3);
	put_unaligned((u16)0x1234, (u16 *)(out + 1));
	assert_memory_equal(out + 1, "\x34\x12", 2);
	put_unaligned_be48(0x0a0b0c0d0e0fULL, out + 3);
	assert_memory_equal(out + 3, "\x0a\x0b\x0c\x0d\x0e\x0f", 6);
	put_unaligned_le64(0x0102030405060708ULL, out + 1);
	assert_memory_equal(out + 1, "\x08\x07\x06\x05\x04\x03\x02\x01", 8);
}

/* CPU-time clock ids as the kernel encodes them work with clock_gettime(2). */
static void test_cpu_clock_ids(void **state)
{
	clockid_t own = make_process_cpuclock((unsigned int)getpid(), CPUCLOCK_SCHED);
	clockid_t thread = make_thread_cpuclock((unsigned int)syscall(SYS_gettid), CPUCLOCK_SCHED);
	struct timespec ts;

	(void)state;
	assert_int_equal(CPUCLOCK_PID(own), getpid());
	assert_int_equal(CPUCLOCK_WHICH(own), CPUCLOCK_SCHED);
	assert_false(CPUCLOCK_PERTHREAD(own));
	assert_true(CPUCLOCK_PERTHREAD(thread));
	assert_int_equal(clock_gettime(own, &ts), 0);
	assert_int_equal(clock_gettime(thread, &ts), 0);
	assert_int_equal(clockid_to_fd(fd_to_clockid(7)), 7);
	assert_int_equal(fd_to_clockid(7) & CLOCKFD_MASK, CLOCKFD);
}

/* Not an SGI UV: what a UV driver checks first says so. */
static void test_not_uv(void **state)
{
	static char aligned[3] ____cacheline_aligned;

	(void)state;
	assert_int_equal(is_uv_system(), 0);
	assert_int_equal(get_uv_system_type(), UV_NONE);
	assert_int_equal(sn_rtc_cycles_per_second, 0);
	assert_int_equal(uv_get_min_hub_revision_id(), 0);
	assert_int_equal(L1_CACHE_BYTES, 64);
	assert_int_equal(L1_CACHE_ALIGN(65), 128);
	assert_int_equal((uintptr_t)aligned % L1_CACHE_BYTES, 0);
	assert_int_equal(MMTIMER_GETCOUNTER, _IOR('m', 9, unsigned long));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctype_ascii), cmocka_unit_test(test_ctype_latin1),
		cmocka_unit_test(test_sizes_param), cmocka_unit_test(test_nospec),
		cmocka_unit_test(test_hex_dump),    cmocka_unit_test(test_match_string),
		cmocka_unit_test(test_math64),	    cmocka_unit_test(test_bitfield),
		cmocka_unit_test(test_time64),	    cmocka_unit_test(test_asm_forwards),
		cmocka_unit_test(test_kconfig),	    cmocka_unit_test(test_sysfs_streq),
		cmocka_unit_test(test_swab),	    cmocka_unit_test(test_byteorder),
		cmocka_unit_test(test_unaligned),   cmocka_unit_test(test_cpu_clock_ids),
		cmocka_unit_test(test_not_uv),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
