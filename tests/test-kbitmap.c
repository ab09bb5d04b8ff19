/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bitmaps and the bit searches through <linux/bitmap.h>, checked against a
 * model that looks at one bit at a time, for sizes that are and are not
 * multiples of BITS_PER_LONG and for 0 bits: every search returns the size
 * when nothing is found, bits of the last word past the size never count,
 * shifts may work in place, and a zero area honours its alignment.
 */
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>

#include <stdlib.h>

#include "test-util.h"

#define MAXBITS 260
#define WORDS	BITS_TO_LONGS(MAXBITS)

static const unsigned int sizes[] = { 0, 1, 2, 31, 63, 64, 65, 127, 128, 129, 200, MAXBITS };

static bool bit(const unsigned long *a, unsigned int n)
{
	return (a[n / BITS_PER_LONG] >> (n % BITS_PER_LONG)) & 1;
}

/* Random words, with the bits past the size random too: they must not count. */
static void randomize(unsigned long *a, int density)
{
	for (unsigned int i = 0; i < WORDS * BITS_PER_LONG; i++)
		__assign_bit(i, a, rand() % 100 < density);
}

static unsigned long model_next(const unsigned long *a, unsigned int n, unsigned long start,
				bool want)
{
	for (unsigned long i = start; i < n; i++)
		if (bit(a, i) == want)
			return i;
	return n;
}

static void check_searches(const unsigned long *a, const unsigned long *b, unsigned int n)
{
	unsigned long last = n, k = 0, count = 0;

	for (unsigned long s = 0; s <= n + 1; s++) {
		assert_int_equal(find_next_bit(a, n, s), model_next(a, n, s, true));
		assert_int_equal(find_next_zero_bit(a, n, s), model_next(a, n, s, false));
	}
	for (unsigned long i = 0; i < n; i++) {
		if (bit(a, i))
			last = i;
		if (bit(a, i) && bit(b, i) && find_next_and_bit(a, b, n, k) == i)
			k = i + 1;
	}
	assert_int_equal(find_last_bit(a, n), last);
	assert_int_equal(find_next_and_bit(a, b, n, k) == n ||
				 (bit(a, find_next_and_bit(a, b, n, k)) &&
				  bit(b, find_next_and_bit(a, b, n, k))),
			 1);
	for (unsigned long i = 0; i < n; i++)
		if (bit(a, i))
			assert_int_equal(find_nth_bit(a, n, count++), i);
	assert_int_equal(find_nth_bit(a, n, count), n);
	assert_int_equal(bitmap_weight(a, n), count);
	assert_int_equal(bitmap_empty(a, n), count == 0);
	assert_int_equal(bitmap_full(a, n), count == n);
}

static void test_searches(void **state)
{
	unsigned long a[WORDS], b[WORDS];

	(void)state;
	srand(7);
	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++)
		for (int density = 0; density <= 100; density += 5) {
			randomize(a, density);
			randomize(b, 50);
			check_searches(a, b, sizes[s]);
		}
}

static void test_for_each(void **state)
{
	DECLARE_BITMAP(map, 130);
	unsigned long bitno, set = 0, clear = 0, none = 0;

	(void)state;
	bitmap_zero(map, 130);
	set_bit(0, map);
	set_bit(64, map);
	set_bit(129, map);
	for_each_set_bit(bitno, map, 130) {
		assert_true(test_bit(bitno, map));
		set++;
	}
	for_each_clear_bit(bitno, map, 130)
	{
		assert_false(test_bit(bitno, map));
		clear++;
	}
	assert_int_equal(set, 3);
	assert_int_equal(clear, 127);
	bitno = 1;
	for_each_set_bit_from(bitno, map, 130) break;
	assert_int_equal(bitno, 64);
	/* An empty bitmap: no iteration at all. */
	for_each_set_bit(bitno, map, none)
		fail();
}

static void test_ops(void **state)
{
	unsigned long a[WORDS], b[WORDS], d[WORDS];

	(void)state;
	srand(11);
	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++) {
		unsigned int n = sizes[s];
		bool any = false, inter = false, sub = true;

		randomize(a, 50);
		randomize(b, 50);
		for (unsigned int i = 0; i < n; i++) {
			any |= bit(a, i) && bit(b, i);
			inter |= bit(a, i) && bit(b, i);
			sub &= !bit(a, i) || bit(b, i);
		}
		assert_int_equal(bitmap_and(d, a, b, n), any);
		for (unsigned int i = 0; i < n; i++)
			assert_int_equal(bit(d, i), bit(a, i) && bit(b, i));
		bitmap_or(d, a, b, n);
		for (unsigned int i = 0; i < n; i++)
			assert_int_equal(bit(d, i), bit(a, i) || bit(b, i));
		bitmap_xor(d, a, b, n);
		for (unsigned int i = 0; i < n; i++)
			assert_int_equal(bit(d, i), bit(a, i) != bit(b, i));
		bitmap_andnot(d, a, b, n);
		for (unsigned int i = 0; i < n; i++)
			assert_int_equal(bit(d, i), bit(a, i) && !bit(b, i));
		bitmap_complement(d, a, n);
		for (unsigned int i = 0; i < n; i++)
			assert_int_equal(bit(d, i), !bit(a, i));
		assert_int_equal(bitmap_intersects(a, b, n), inter);
		assert_int_equal(bitmap_subset(a, b, n), sub);
		/* Equal below the size, whatever the bits past it. */
		bitmap_copy(d, a, n);
		if (n % BITS_PER_LONG)
			d[n / BITS_PER_LONG] ^= ~BITMAP_LAST_WORD_MASK(n);
		assert_true(bitmap_equal(a, d, n));
		if (n) {
			change_bit(n - 1, d);
			assert_false(bitmap_equal(a, d, n));
		}
	}
}

static void test_set_clear_shift(void **state)
{
	unsigned long a[WORDS], m[WORDS];

	(void)state;
	srand(3);
	for (unsigned int start = 0; start < 140; start += 13)
		for (unsigned int len = 0; start + len <= MAXBITS; len += 17) {
			randomize(a, 50);
			bitmap_copy(m, a, MAXBITS);
			bitmap_set(a, start, len);
			for (unsigned int i = 0; i < MAXBITS; i++)
				assert_int_equal(bit(a, i),
						 (i >= start && i < start + len) || bit(m, i));
			bitmap_clear(a, start, len);
			for (unsigned int i = 0; i < MAXBITS; i++)
				assert_int_equal(bit(a, i),
						 !(i >= start && i < start + len) && bit(m, i));
		}
	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++)
		for (unsigned int shift = 0; shift <= sizes[s] + 1; shift += 7) {
			unsigned int n = sizes[s];

			randomize(a, 50);
			bitmap_copy(m, a, MAXBITS);
			bitmap_shift_right(a, a, shift, n); /* in place */
			for (unsigned int i = 0; i < n; i++)
				assert_int_equal(bit(a, i), i + shift < n && bit(m, i + shift));
			bitmap_copy(a, m, MAXBITS);
			bitmap_shift_left(a, a, shift, n);
			for (unsigned int i = 0; i < n; i++)
				assert_int_equal(bit(a, i), i >= shift && bit(m, i - shift));
		}
}

static void test_zero_area(void **state)
{
	DECLARE_BITMAP(map, 100);

	(void)state;
	bitmap_zero(map, 100);
	bitmap_set(map, 0, 3);
	bitmap_set(map, 10, 1);
	assert_int_equal(bitmap_find_next_zero_area(map, 100, 0, 5, 0), 3);
	assert_int_equal(bitmap_find_next_zero_area(map, 100, 0, 8, 0), 11);
	/* Aligned to 8: 3 and 11 are not, 16 is. */
	assert_int_equal(bitmap_find_next_zero_area(map, 100, 0, 4, 7), 16);
	assert_int_equal(bitmap_find_next_zero_area_off(map, 100, 0, 4, 7, 1), 15);
	assert_int_equal(bitmap_find_next_zero_area(map, 100, 0, 1, 0), 3);
	/* No room: a value past the size. */
	assert_true(bitmap_find_next_zero_area(map, 100, 0, 90, 0) > 100);
	bitmap_fill(map, 100);
	assert_true(bitmap_full(map, 100));
	assert_true(bitmap_find_next_zero_area(map, 100, 0, 1, 0) > 100);
}

static void test_alloc_and_bitops(void **state)
{
	unsigned long *map = bitmap_zalloc(300, GFP_KERNEL);
	unsigned long *big = bitmap_alloc(64, GFP_KERNEL);

	(void)state;
	assert_non_null(map);
	assert_non_null(big);
	assert_true(bitmap_empty(map, 300));
	assert_false(test_and_set_bit(299, map));
	assert_true(test_and_set_bit(299, map));
	assert_true(__test_and_clear_bit(299, map));
	assert_false(__test_and_set_bit(5, map));
	assert_true(test_and_change_bit(5, map));
	assert_true(bitmap_empty(map, 300));
	assign_bit(77, map, true);
	assert_int_equal(find_first_bit(map, 300), 77);
	assert_int_equal(find_first_zero_bit(map, 300), 0);
	bitmap_free(map);
	bitmap_free(big);
	assert_int_equal(__fls(0x90UL), 7);
	assert_int_equal(ffz(0x7UL), 3);
	assert_int_equal(fls64(1ULL << 40), 41);
	assert_int_equal(get_count_order(5), 3);
	assert_int_equal(get_count_order(8), 3);
	assert_int_equal(sign_extend32(0x80, 7), -128);
	assert_int_equal(ror32(1, 1), 0x80000000u);
	assert_int_equal(rol32(0x80000000u, 1), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_searches),  cmocka_unit_test(test_for_each),
		cmocka_unit_test(test_ops),	  cmocka_unit_test(test_set_clear_shift),
		cmocka_unit_test(test_zero_area), cmocka_unit_test(test_alloc_and_bitops),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
