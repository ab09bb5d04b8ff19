/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * `jiffies` and `jiffies_64` as the kernel has them: variables (a struct
 * field may be named jiffies), one object, INITIAL_JIFFIES plus the
 * milliseconds of CLOCK_MONOTONIC, kept current by the tick once a driver
 * is active: a loop that spins on time_before(jiffies, end) ends, in a
 * forked child too. Linked with the shared library, as a program is: the
 * program's copy of the variables (a copy relocation) is the one written.
 */
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/types.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

/* What a driver may well have: a field of that name. */
struct stamp {
	unsigned long jiffies;
	u64 jiffies_64;
};

static unsigned long long monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000ULL +
	       (unsigned long long)ts.tv_nsec / 1000000ULL;
}

static void nop_timer(struct timer_list *t)
{
}

/* A driver's first timer: an entry point that makes the process a driver's host. */
static void become_active(void)
{
	struct timer_list t;

	timer_setup(&t, nop_timer, 0);
	mod_timer(&t, jiffies + 100000);
	del_timer_sync(&t);
}

/* Spin as drivers do; true if @n jiffies passed within two seconds of the clock. */
static bool spin_jiffies(unsigned long n)
{
	unsigned long end = jiffies + n;
	unsigned long long give_up = monotonic_ms() + 2000;

	while (time_before(jiffies, end))
		if (monotonic_ms() > give_up)
			return false;
	return true;
}

static void test_field_named_jiffies(void **state)
{
	struct stamp s = { .jiffies = 7, .jiffies_64 = 9 };

	(void)state;
	s.jiffies += 1;
	s.jiffies_64 += s.jiffies;
	assert_int_equal(s.jiffies, 8);
	assert_int_equal(s.jiffies_64, 17);
}

static void test_one_object(void **state)
{
	(void)state;
	assert_ptr_equal((const void *)&jiffies, (const void *)&jiffies_64);
	assert_int_equal(jiffies, (unsigned long)get_jiffies_64());
	assert_true(__builtin_types_compatible_p(typeof(jiffies_64), u64));
}

static void test_initial_jiffies(void **state)
{
	(void)state;
	/* The kernel's value: 300 seconds before the low 32 bits wrap. */
	assert_int_equal(INITIAL_JIFFIES, 0xfffb6c20UL);
	assert_int_equal(HZ, 1000);
}

static void test_tracks_monotonic_clock(void **state)
{
	unsigned long long before, after;
	unsigned long j;

	(void)state;
	become_active();
	for (int i = 0; i < 50; i++) {
		before = monotonic_ms();
		j = jiffies;
		after = monotonic_ms();
		/* Stored as each millisecond begins: behind only by the tick's wake-up latency. */
		assert_true((long)(j - (INITIAL_JIFFIES + before)) >= -50);
		assert_true((long)(j - (INITIAL_JIFFIES + after)) <= 0);
		usleep(300);
	}
}

static void test_spin_ends(void **state)
{
	unsigned long long start;

	(void)state;
	become_active();
	start = monotonic_ms();
	assert_true(spin_jiffies(20));
	assert_true(monotonic_ms() - start >= 19);
	assert_true(time_is_before_jiffies64(get_jiffies_64() - 1));
	assert_true(time_after64(get_jiffies_64() + 1, get_jiffies_64()));
}

static void test_forked_child_ticks(void **state)
{
	int status;
	pid_t pid;

	(void)state;
	become_active();
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		become_active();
		_exit(spin_jiffies(10) ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_field_named_jiffies),
		cmocka_unit_test(test_one_object),
		cmocka_unit_test(test_initial_jiffies),
		cmocka_unit_test(test_tracks_monotonic_clock),
		cmocka_unit_test(test_spin_ends),
		cmocka_unit_test(test_forked_child_ticks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
