/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * copy_to_user() and clear_user() on a reply buffer (fuse-common/ll-file.c):
 * the bytes the caller gets are those the driver wrote, whatever the buffer
 * held, and clear_user() writes nothing where the buffer is known to be zero.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "test-util.h"
#include "fuse-common/ll-file.h"

#define BUF_SIZE (4 * 4096)

static char *zeroed_pages(void)
{
	char *p = mmap(NULL, BUF_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	assert_true(p != MAP_FAILED);
	return p;
}

/* Reads of a zero device after one with data, on the same buffer: zeros. */
static void clear_after_copy_gives_zeros(void **state)
{
	struct ll_dirty dirty = { 0 };
	struct ll_user_mem mem;
	char *buf = zeroed_pages(), data[100], zeros[BUF_SIZE] = { 0 };

	(void)state;
	memset(data, 0xa5, sizeof(data));
	ll_uaccess_buffer(&mem, buf, BUF_SIZE, &dirty);
	assert_int_equal(copy_to_user(buf + 10, data, sizeof(data)), 0);
	assert_int_equal(clear_user(buf, 64), 0); /* the start of what was written */
	assert_memory_equal(buf, zeros, 64);
	assert_memory_equal(buf + 64, data, 46);
	assert_int_equal(clear_user(buf, BUF_SIZE), 0); /* all of it */
	assert_memory_equal(buf, zeros, BUF_SIZE);
	ll_uaccess_end();
	munmap(buf, BUF_SIZE);
}

/* Where nothing was written since the buffer was zero, clear_user() writes nothing. */
static void clear_of_a_clean_buffer_writes_nothing(void **state)
{
	struct ll_dirty dirty = { 0 };
	struct ll_user_mem mem;
	char *buf = zeroed_pages(), data[8] = "written";

	(void)state;
	ll_uaccess_buffer(&mem, buf, BUF_SIZE, &dirty);
	assert_int_equal(copy_to_user(buf + 8192, data, sizeof(data)), 0);
	assert_int_equal(clear_user(buf + 8192, sizeof(data)), 0);
	/* Read-only now: a write to it would kill the test with SIGSEGV. */
	assert_int_equal(mprotect(buf, BUF_SIZE, PROT_READ), 0);
	assert_int_equal(clear_user(buf, BUF_SIZE), 0);
	assert_int_equal(clear_user(buf + 100, 5000), 0);
	ll_uaccess_end();
	munmap(buf, BUF_SIZE);
}

/* Outside the buffer there is no caller memory (pid 0): nothing is cleared. */
static void clear_outside_the_buffer_fails(void **state)
{
	struct ll_dirty dirty = { 0 };
	struct ll_user_mem mem;
	char *buf = zeroed_pages();

	(void)state;
	ll_uaccess_buffer(&mem, buf, 4096, &dirty);
	assert_int_equal(clear_user(buf + 4000, 200), 200);
	assert_int_equal(clear_user(buf + 4096, 1), 1);
	ll_uaccess_end();
	munmap(buf, BUF_SIZE);
}

/*
 * Random copies and clears against a plain model of the buffer: after every
 * step the buffer holds what the model holds, with and without the record
 * of what is written (a write's buffer has none).
 */
static void random_steps_match_a_plain_buffer(void **state)
{
	static char model[BUF_SIZE], data[BUF_SIZE];
	struct ll_dirty dirty = { 0 };
	struct ll_user_mem mem;
	char *buf = zeroed_pages();
	unsigned int seed = 12345;

	(void)state;
	memset(model, 0, sizeof(model));
	for (int round = 0; round < 2; round++) {
		ll_uaccess_buffer(&mem, buf, BUF_SIZE, round ? NULL : &dirty);
		for (int step = 0; step < 20000; step++) {
			size_t off = rand_r(&seed) % BUF_SIZE;
			size_t n = rand_r(&seed) % (BUF_SIZE - off + 1);

			if (rand_r(&seed) % 2) {
				memset(data, 1 + step % 255, n);
				assert_int_equal(copy_to_user(buf + off, data, n), 0);
				memcpy(model + off, data, n);
			} else {
				assert_int_equal(clear_user(buf + off, n), 0);
				memset(model + off, 0, n);
			}
			assert_memory_equal(buf, model, BUF_SIZE);
		}
		ll_uaccess_end();
	}
	munmap(buf, BUF_SIZE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clear_after_copy_gives_zeros),
		cmocka_unit_test(clear_of_a_clean_buffer_writes_nothing),
		cmocka_unit_test(clear_outside_the_buffer_fails),
		cmocka_unit_test(random_steps_match_a_plain_buffer),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
