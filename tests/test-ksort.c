/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sort() and sort_r() as the kernel has them: any element size (with the
 * bytes exchanged when no swap function is given), the caller's swap
 * function called with the element size, sort_r()'s @priv passed through,
 * 0 and 1 elements left alone, and every order of small arrays sorted.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sort.h>

#include <stdlib.h>
#include <string.h>

#include "test-util.h"

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

static int swaps;

static void swap_int(void *a, void *b, int size)
{
	int t = *(int *)a;

	assert_int_equal(size, sizeof(int));
	*(int *)a = *(int *)b;
	*(int *)b = t;
	swaps++;
}

static void test_sort_random(void **state)
{
	/* static: kbuild's -Wframe-larger-than=2048 holds for these tests too */
	static int a[1000];

	(void)state;
	srand(1);
	for (size_t n = 0; n <= ARRAY_SIZE(a); n = n < 40 ? n + 1 : n * 2) {
		n = min(n, ARRAY_SIZE(a));
		for (size_t i = 0; i < n; i++)
			a[i] = rand() % 50 - 25; /* many equal keys */
		sort(a, n, sizeof(a[0]), cmp_int, n % 2 ? swap_int : NULL);
		for (size_t i = 1; i < n; i++)
			assert_true(a[i - 1] <= a[i]);
		if (n == ARRAY_SIZE(a))
			break;
	}
}

static void test_sort_edges(void **state)
{
	int one = 5, two[2] = { 2, 1 };

	(void)state;
	swaps = 0;
	sort(NULL, 0, sizeof(int), cmp_int, swap_int);
	sort(&one, 1, sizeof(int), cmp_int, swap_int);
	assert_int_equal(swaps, 0);
	assert_int_equal(one, 5);
	sort(two, 2, sizeof(int), cmp_int, swap_int);
	assert_int_equal(two[0], 1);
	assert_int_equal(two[1], 2);
	assert_int_equal(swaps, 1);
}

/* An element of 100 bytes: exchanged in pieces, with nothing allocated. */
struct rec {
	char name[96];
	int key;
};

static int cmp_rec_r(const void *a, const void *b, const void *priv)
{
	const struct rec *x = a, *y = b;
	int dir = *(const int *)priv;

	return dir * (x->key < y->key ? -1 : x->key > y->key);
}

static void test_sort_r_large(void **state)
{
	static struct rec r[30];
	int descending = -1;

	(void)state;
	for (int i = 0; i < 30; i++) {
		r[i].key = (i * 7) % 30;
		snprintf(r[i].name, sizeof(r[i].name), "rec-%d", r[i].key);
	}
	sort_r(r, 30, sizeof(r[0]), cmp_rec_r, NULL, &descending);
	for (int i = 0; i < 30; i++) {
		char want[16];

		assert_int_equal(r[i].key, 29 - i);
		snprintf(want, sizeof(want), "rec-%d", 29 - i);
		assert_string_equal(r[i].name, want);
	}
}

/* Every permutation of 6 elements. */
static void permute(int *a, int k, int n)
{
	if (k == n) {
		int b[6];

		memcpy(b, a, sizeof(b));
		sort(b, n, sizeof(int), cmp_int, NULL);
		for (int i = 0; i < n; i++)
			assert_int_equal(b[i], i);
		return;
	}
	for (int i = k; i < n; i++) {
		swap(a[k], a[i]);
		permute(a, k + 1, n);
		swap(a[k], a[i]);
	}
}

static void test_sort_permutations(void **state)
{
	int a[6] = { 0, 1, 2, 3, 4, 5 };

	(void)state;
	permute(a, 0, 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort_random),
		cmocka_unit_test(test_sort_edges),
		cmocka_unit_test(test_sort_r_large),
		cmocka_unit_test(test_sort_permutations),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
